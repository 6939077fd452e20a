/// Raw HTML that needs no HTML5 tree building, read without gumbo (which was a sixth of a
/// build's CPU on freeCodeCamp): a strict scanner (`SimpleHTMLScanner`) and a stack of open
/// elements that takes only what a browser's parser builds as written: properly nested
/// tags, no element that a parser closes, moves or implies by itself. Whatever else
/// throws `Unsupported`, and the caller parses with gumbo as before; the tests run both
/// paths on the same inputs and expect the same pages, texts and diagnostics.
///
/// What the parser would do otherwise, and what is refused for it: a block start tag
/// closes an open `p` (refused while a `p` is open); `li` closes an open `li` (`li` only in
/// `ul`/`ol`, `dd`/`dt` only in `dl`); a heading closes a heading; `a` closes an open `a`;
/// a table implies `tbody` and moves text and tags out of its rows (a table takes only
/// `thead`/`tbody`/`tfoot` > `tr` > `th`/`td`, with white space between); `pre` drops the
/// newline after it; an end tag that closes more than the current element, and a stray
/// `</p>` or `</br>`, make elements.
enum SimpleHTML {
    struct Unsupported: Error {}

    /// Off only in the tests that compare these readers with gumbo's.
    @TaskLocal static var isEnabled = true

    /// Elements the stack takes. Formatting elements (`b`, `a`…) are reopened by the parser
    /// only when closed out of order, which the stack refuses.
    static let phrasing: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "del", "dfn", "em", "i", "ins", "kbd", "mark", "q",
        "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var",
    ]
    static let void: Set<String> = ["br", "hr", "img", "input", "wbr"]
    /// Start tags that close an open `p` (HTML's "in body" rules).
    static let closesParagraph: Set<String> = [
        "blockquote", "dd", "details", "div", "dl", "dt", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6",
        "hr", "li", "ol", "p", "pre", "section", "summary", "table", "ul",
    ]
    /// Table elements and the elements each may be a child of.
    static let tableParents: [String: Set<String>] = [
        "table": [], "thead": ["table"], "tbody": ["table"], "tfoot": ["table"], "tr": ["thead", "tbody", "tfoot"],
        "th": ["tr"], "td": ["tr"],
    ]
    /// Elements whose children are table parts only, with white space between.
    static let tableContainers: Set<String> = ["table", "thead", "tbody", "tfoot", "tr"]

    static func isSupported(_ name: String) -> Bool {
        phrasing.contains(name) || void.contains(name) || closesParagraph.contains(name) || tableParents[name] != nil
    }

    static func isHeading(_ name: String) -> Bool { HTMLSanitizer.headingLevel(name) != nil }
}

/// The open elements of a simple fragment, checked token by token.
struct SimpleHTMLStack {
    enum Context {
        /// A page's body, parsed inside a `div`: every element must be closed.
        case body
        /// One raw node alone (a `template`'s content): tables are refused, elements left
        /// open are closed at the end, an end tag with nothing to close is ignored.
        case template
    }

    let context: Context
    private(set) var open: [String] = []
    /// Just after `<pre>`, whose next newline the parser drops.
    private var afterPre = false
    static let maximumDepth = 90

    init(_ context: Context) { self.context = context }

    /// A start tag; true when it opens an element (false for a void one).
    mutating func start(_ name: String) throws(SimpleHTML.Unsupported) -> Bool {
        afterPre = name == "pre"
        guard SimpleHTML.isSupported(name), open.count < Self.maximumDepth else { throw .init() }
        if SimpleHTML.closesParagraph.contains(name), open.contains("p") { throw .init() }
        let parent = open.last
        if let parents = SimpleHTML.tableParents[name] {
            guard context == .body, parents.isEmpty || parents.contains(parent ?? "") else { throw .init() }
        } else if let parent, SimpleHTML.tableContainers.contains(parent) {
            throw .init()
        }
        switch name {
        case "li": guard parent == nil || parent == "ul" || parent == "ol" else { throw .init() }
        case "dd", "dt": guard parent == nil || parent == "dl" else { throw .init() }
        case "a": guard !open.contains("a") else { throw .init() }
        default: if SimpleHTML.isHeading(name), let parent, SimpleHTML.isHeading(parent) { throw .init() }
        }
        guard !SimpleHTML.void.contains(name) else { return false }
        // `<span/>` opens a `span`, as `<span>` does (only `lenient` reads `/>`).
        open.append(name)
        return true
    }

    /// An end tag; the element it closes, nil when it closes none.
    mutating func end(_ name: String) throws(SimpleHTML.Unsupported) -> String? {
        afterPre = false
        guard SimpleHTML.isSupported(name), !SimpleHTML.void.contains(name) else { throw .init() }
        if open.last == name { return open.removeLast() }
        guard context == .template, !open.contains(name), name != "p", SimpleHTML.tableParents[name] == nil,
              !(SimpleHTML.isHeading(name) && open.contains(where: SimpleHTML.isHeading)) else { throw .init() }
        return nil
    }

    /// A text (its bytes).
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(SimpleHTML.Unsupported) {
        defer { afterPre = false }
        if afterPre, bytes.first == UInt8(ascii: "\n") { throw .init() }
        if let parent = open.last, SimpleHTML.tableContainers.contains(parent),
           bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t") }) {
            throw .init()
        }
    }

    /// A comment: dropped from the tree, but it would keep a newline after `<pre>`.
    mutating func comment() throws(SimpleHTML.Unsupported) {
        if afterPre { throw .init() }
    }

    /// The end of the input: the elements still open, innermost first.
    func finish() throws(SimpleHTML.Unsupported) -> [String] {
        guard context == .template || open.isEmpty else { throw .init() }
        return open.reversed()
    }
}

/// The three readers of raw HTML, each without gumbo when the HTML is simple.
extension SimpleHTML {
    /// The text a reader sees of one HTML block (`RawHTMLText`), when it is simple and its
    /// texts hold no entity; nil otherwise.
    static func text(of literal: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var text: [UInt8] = []
        do {
            var scanner = SimpleHTMLScanner(literal, spelling: .lenient(decodedText: true))
            var stack = SimpleHTMLStack(.template)
            while let token = try scanner.next() {
                switch token.kind {
                case .text:
                    let bytes = UnsafeBufferPointer(rebasing: literal[token.range])
                    try stack.text(bytes)
                    text.append(contentsOf: bytes)
                case .comment: try stack.comment()
                case .start:
                    if try !stack.start(token.name) { separate(token.name, &text) }
                case .end:
                    if let closed = try stack.end(token.name) { separate(closed, &text) }
                }
            }
            for name in try stack.finish() { separate(name, &text) }
        } catch {
            return nil
        }
        return text
    }

    /// The space `HTMLSanitizer.appendText` writes after an element that ends a word.
    private static func separate(_ name: String, _ text: inout [UInt8]) {
        if HTMLAllowlist.separatesWords.contains(name) { text.append(UInt8(ascii: " ")) }
    }

    /// True when `RawHTMLChecker` has nothing to report of one raw node: the tokenizer
    /// reads only elements the allowlist keeps, with attributes it keeps and no URL to
    /// check. The tree does not matter here: whatever the parser builds of such tags holds
    /// only those elements (and ones it makes itself, which are not reported).
    static func hasNothingToReport(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        var scanner = SimpleHTMLScanner(literal, spelling: .lenient(decodedText: false))
        do {
            while let token = try scanner.next() {
                guard token.kind == .start || token.kind == .end else { continue }
                guard HTMLAllowlist.elements.contains(token.name),
                      token.attributes.allSatisfy({ HTMLAllowlist.allows($0, on: token.name) && !HTMLAllowlist.isURL($0, on: token.name) })
                else { return false }
            }
        } catch {
            return false
        }
        return true
    }
}
