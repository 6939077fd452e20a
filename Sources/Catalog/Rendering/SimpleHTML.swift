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
/// `thead`/`tbody`/`tfoot` > `tr` > `th`/`td`, with white space between); an end tag that
/// closes more than the current element, and a stray `</p>` or `</br>`, make elements. The
/// newline the parser drops after `<pre>` is reported (`SimpleHTMLStack.text`), and the
/// readers drop it too.
enum SimpleHTML {
    struct Unsupported: Error {}

    /// Off only in the tests that compare these readers with gumbo's.
    @TaskLocal static var isEnabled = true

    /// Elements the stack takes. Formatting elements (`b`, `a`…) are reopened by the parser
    /// only when closed out of order, which the stack refuses.
    static let phrasing: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "del", "dfn", "em", "i", "ins", "kbd", "mark", "q",
        "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "big",
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

    /// What the stack needs to know of an element it takes, found with one lookup per tag
    /// (each set above asked in turn was a quarter of the fast path's time on freeCodeCamp).
    struct Element: OptionSet {
        let rawValue: UInt8
        static let void = Element(rawValue: 1)
        static let closesParagraph = Element(rawValue: 2)
        /// A key of `tableParents`.
        static let tablePart = Element(rawValue: 4)
        static let tableContainer = Element(rawValue: 8)
        static let heading = Element(rawValue: 16)
        /// One of `HTMLAllowlist.elements`.
        static let kept = Element(rawValue: 32)
    }

    /// Every element the stack takes (`phrasing`, `void`, `closesParagraph`, `tableParents`).
    static let elements: [String: Element] = {
        var elements: [String: Element] = [:]
        for name in phrasing.union(void).union(closesParagraph).union(tableParents.keys) {
            var element: Element = []
            if void.contains(name) { element.insert(.void) }
            if closesParagraph.contains(name) { element.insert(.closesParagraph) }
            if tableParents[name] != nil { element.insert(.tablePart) }
            if tableContainers.contains(name) { element.insert(.tableContainer) }
            if HTMLSanitizer.headingLevel(name) != nil { element.insert(.heading) }
            if HTMLAllowlist.elements.contains(name) { element.insert(.kept) }
            elements[name] = element
        }
        return elements
    }()

    /// An element of `elements` by number: its index in `names`; 0 for any other name. The
    /// scanner finds a tag's number from its bytes and the stack keeps numbers, so that the
    /// renderer's own tags (most of a body's HTML) cost no string hashing or comparing.
    typealias ElementID = UInt8

    /// Every name of `elements`, sorted, after "" (0).
    static let names: [String] = [""] + elements.keys.sorted()
    /// `elements` by number.
    static let flags: [Element] = names.map { elements[$0] ?? [] }
    /// Names of at most eight bytes as `packed` numbers, sorted, with their ids.
    private static let packedIDs: [(key: UInt64, id: ElementID)] = names.indices.dropFirst().compactMap { index in
        let bytes = Array(names[index].utf8)
        return bytes.count <= 8 ? (packed(bytes), ElementID(index)) : nil
    }.sorted { $0.key < $1.key }
    /// `tableParents` by number.
    static let tableParentIDs: [[ElementID]] = names.map { name in (tableParents[name] ?? []).map(id(of:)).sorted() }

    static let a = id(of: "a"), p = id(of: "p"), li = id(of: "li"), ul = id(of: "ul"), ol = id(of: "ol")
    static let dd = id(of: "dd"), dt = id(of: "dt"), dl = id(of: "dl"), pre = id(of: "pre")

    /// Up to eight bytes, the first in the low byte.
    static func packed(_ bytes: some Collection<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        for (offset, byte) in bytes.enumerated() { key |= UInt64(byte) << (8 * offset) }
        return key
    }

    /// The number of a lowercase name; 0 for a name the stack does not take.
    static func id(of name: String) -> ElementID {
        let bytes = Array(name.utf8)
        if bytes.count <= 8 { return id(packed: packed(bytes)) }
        return names.firstIndex(of: name).map { ElementID($0) } ?? 0
    }

    /// The number of a name of at most eight bytes, packed.
    static func id(packed key: UInt64) -> ElementID {
        packedIDs.withUnsafeBufferPointer { table in
            var low = 0, high = table.count
            while low < high {
                let middle = (low + high) / 2
                if table[middle].key < key { low = middle + 1 } else { high = middle }
            }
            return low < table.count && table[low].key == key ? table[low].id : 0
        }
    }
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
    private(set) var open: [(id: SimpleHTML.ElementID, element: SimpleHTML.Element)] = []
    /// How many `p` and `a` elements are open.
    private var paragraphs = 0, links = 0
    /// Just after `<pre>`, whose next newline the parser drops.
    private var afterPre = false
    static let maximumDepth = 90

    init(_ context: Context) { self.context = context }

    /// A start tag (its `SimpleHTML.ElementID`); true when it opens an element (false for a void one).
    mutating func start(_ id: SimpleHTML.ElementID) throws(SimpleHTML.Unsupported) -> Bool {
        afterPre = id == SimpleHTML.pre
        guard id != 0, open.count < Self.maximumDepth else { throw .init() }
        let element = SimpleHTML.flags[Int(id)]
        if element.contains(.closesParagraph), paragraphs > 0 { throw .init() }
        let parent = open.last
        if element.contains(.tablePart) {
            let parents = SimpleHTML.tableParentIDs[Int(id)]
            guard context == .body, parents.isEmpty || parents.contains(parent?.id ?? 0) else { throw .init() }
        } else if let parent, parent.element.contains(.tableContainer) {
            throw .init()
        }
        if id == SimpleHTML.li {
            guard parent == nil || parent?.id == SimpleHTML.ul || parent?.id == SimpleHTML.ol else { throw .init() }
        } else if id == SimpleHTML.dd || id == SimpleHTML.dt {
            guard parent == nil || parent?.id == SimpleHTML.dl else { throw .init() }
        } else if id == SimpleHTML.a {
            guard links == 0 else { throw .init() }
        } else if element.contains(.heading), parent?.element.contains(.heading) == true {
            throw .init()
        }
        guard !element.contains(.void) else { return false }
        // `<span/>` opens a `span`, as `<span>` does (only `lenient` reads `/>`).
        open.append((id, element))
        count(id, 1)
        return true
    }

    /// An end tag; the element it closes, nil when it closes none.
    mutating func end(_ id: SimpleHTML.ElementID) throws(SimpleHTML.Unsupported) -> SimpleHTML.ElementID? {
        afterPre = false
        guard id != 0 else { throw .init() }
        let element = SimpleHTML.flags[Int(id)]
        guard !element.contains(.void) else { throw .init() }
        if open.last?.id == id {
            count(id, -1)
            return open.removeLast().id
        }
        guard context == .template, !open.contains(where: { $0.id == id }), id != SimpleHTML.p, !element.contains(.tablePart),
              !(element.contains(.heading) && open.contains(where: { $0.element.contains(.heading) })) else { throw .init() }
        return nil
    }

    /// Before a start tag `<a>`: an `a` that is the current node is closed, as the parser's
    /// adoption agency closes it when a link starts inside a link (most often a writer's
    /// `<a>` around a URL that cmark's autolink extension made a link of). True when one
    /// was closed; an `a` open further up is left to `start`, which refuses it.
    mutating func closeLinkBeforeLink() -> Bool {
        guard links > 0, open.last?.id == SimpleHTML.a else { return false }
        open.removeLast()
        count(SimpleHTML.a, -1)
        return true
    }

    /// An element whose content the parser reads as raw text (a writer's `iframe`, which the
    /// caller takes with its end tag): true when it may stand here, outside a table's rows.
    mutating func takesRawElement() -> Bool {
        afterPre = false
        return context == .body && open.last.map { !$0.element.contains(.tableContainer) } ?? true
    }

    /// An `</a>` with no `a` open, which the parser ignores (the adoption agency finds no
    /// `a` to close, and the stack holds none): true, taken as a token, when it is one.
    mutating func ignoresLinkEnd() -> Bool {
        guard links == 0 else { return false }
        afterPre = false
        return true
    }

    private mutating func count(_ id: SimpleHTML.ElementID, _ change: Int) {
        if id == SimpleHTML.p { paragraphs += change } else if id == SimpleHTML.a { links += change }
    }

    /// A text (its bytes); true when it starts with the newline after `<pre>` that the
    /// parser drops.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(SimpleHTML.Unsupported) -> Bool {
        defer { afterPre = false }
        if let parent = open.last, parent.element.contains(.tableContainer),
           bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t") }) {
            throw .init()
        }
        return afterPre && bytes.first == UInt8(ascii: "\n")
    }

    /// A comment: dropped from the tree, but it would keep a newline after `<pre>`.
    mutating func comment() throws(SimpleHTML.Unsupported) {
        if afterPre { throw .init() }
    }

    /// The end of the input: the elements still open, innermost first.
    func finish() throws(SimpleHTML.Unsupported) -> [SimpleHTML.ElementID] {
        guard context == .template || open.isEmpty else { throw .init() }
        return open.reversed().map(\.id)
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
                    let read = try stack.text(bytes) ? UnsafeBufferPointer(rebasing: bytes.dropFirst()) : bytes
                    if token.isCanonical { text.append(contentsOf: read) } else { text.append(contentsOf: decoded(read).utf8) }
                case .comment: try stack.comment()
                case .start:
                    if try !stack.start(token.id) { separate(token.id, &text) }
                case .end:
                    if let closed = try stack.end(token.id) { separate(closed, &text) }
                }
            }
            for id in try stack.finish() { separate(id, &text) }
        } catch {
            return nil
        }
        return text
    }

    /// The space `HTMLSanitizer.appendText` writes after an element that ends a word.
    private static func separate(_ id: ElementID, _ text: inout [UInt8]) {
        if HTMLAllowlist.separatesWords.contains(names[Int(id)]) { text.append(UInt8(ascii: " ")) }
    }

    /// The elements of one raw node that `RawHTMLChecker` reports on, each with its attributes
    /// as gumbo's parse gives them (offsets of their names; URL values decoded, other values
    /// left out, which no check reads), in the order of gumbo's tree: every element the
    /// allowlist does not keep, and every kept one with an attribute it removes or a URL.
    /// Nil when the node needs gumbo: when it is not simple (`SimpleHTMLStack` in a
    /// template), holds an element removed with its content, a repeated attribute (the
    /// parser keeps the first), or a URL with an entity `decoded` does not read. A simple
    /// node's tree is its tags as written: one element per start tag, in order.
    static func checkedElements(_ literal: UnsafeBufferPointer<UInt8>) -> [HTMLNode]? {
        var scanner = SimpleHTMLScanner(literal, spelling: .lenient(decodedText: false))
        var stack = SimpleHTMLStack(.template)
        var elements: [HTMLNode] = []
        do {
            while let token = try scanner.next() {
                switch token.kind {
                case .text: _ = try stack.text(UnsafeBufferPointer(rebasing: literal[token.range]))
                case .comment: try stack.comment()
                case .end: _ = try stack.end(token.id)
                case .start:
                    guard HTMLAllowlist.decision(token.name, .html) != .drop, !token.hasRepeatedAttribute,
                          let attributes = checkedAttributes(of: token, in: literal) else { return nil }
                    _ = try stack.start(token.id)
                    if !attributes.isEmpty || !HTMLAllowlist.elements.contains(token.name) {
                        elements.append(HTMLNode(tag: token.name, attributes: attributes, offset: token.range.lowerBound))
                    }
                }
            }
            _ = try stack.finish()
        } catch {
            return nil
        }
        return elements
    }

    /// A start tag's attributes that a check reads: on a kept element, those the allowlist
    /// removes (name and offset; an id's value, decoded) and URLs (decoded); none on another,
    /// which is reported whole. Nil for a URL or an id with an `&` that `decoded` does not
    /// read as the parser does.
    private static func checkedAttributes(of token: SimpleHTMLScanner.Token, in literal: UnsafeBufferPointer<UInt8>) -> [HTMLAttribute]? {
        guard HTMLAllowlist.elements.contains(token.name) else { return [] }
        var checked: [HTMLAttribute] = []
        for (name, range) in zip(token.attributes, token.values) {
            // The scanner takes `name="` or `name='` with nothing between: the name ends two bytes before the value.
            let offset = range.lowerBound - 2 - name.utf8.count
            guard HTMLAllowlist.allows(name, on: token.name) else {
                // An id's value decides whether it is kept.
                let value = HTMLAllowlist.isAnchor(name) ? decodedReadingEveryAmpersand(UnsafeBufferPointer(rebasing: literal[range])) : ""
                guard let value else { return nil }
                checked.append(HTMLAttribute(name: name, value: value, offset: offset))
                continue
            }
            guard HTMLAllowlist.isURL(name, on: token.name) else { continue }
            guard let value = decodedReadingEveryAmpersand(UnsafeBufferPointer(rebasing: literal[range])) else { return nil }
            checked.append(HTMLAttribute(name: name, value: value, offset: offset))
        }
        return checked
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
