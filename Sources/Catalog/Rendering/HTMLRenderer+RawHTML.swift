/// Raw HTML in a body (HTML blocks and inline tags). cmark gives an inline tag as a node
/// of its own (`<kbd>`, then the text, then `</kbd>`), so no node alone can be balanced or
/// judged: the body is rendered with each raw node's text as written, the whole is parsed
/// as a browser would parse it inside a `div` (gumbo), and `HTMLSanitizer` writes what
/// the allowlist keeps. Bodies without raw HTML never reach the parser.
extension HTMLRenderer {
    func renderSanitized(_ root: Node, dropsControls: Bool = false, into out: HTMLBuilder) {
        let fragment = HTMLBuilder(capacity: 4096)
        rawHTML.start()
        renderDocument(root, into: fragment)
        var ranges = rawHTML.finish()
        // Out before the HTML parser sees them: it would make each a U+FFFD, a visible box.
        if dropsControls { ranges = ControlCharacters.shift(ranges, past: fragment.removeInvisibleControls(from: 0, recording: true)) }
        // Most bodies' raw HTML is a few plain tags, which the sanitizer would write as they are.
        if SimpleHTML.isEnabled, fragment.withBytes({ SimpleHTML.writeSanitized($0, writerRanges: ranges, resolve: resolve, headingIDs: headingIDs, into: out) }) { return }
        let sanitizer = HTMLSanitizer(writerRanges: ranges, resolve: resolve, headingIDs: headingIDs)
        sanitizer.write(HTMLFragmentParser.parse(fragment.string), into: out)
    }
}

/// The byte ranges of a body's fragment that raw HTML nodes wrote; the rest is the
/// renderer's. One per renderer (a renderer renders one document).
final class RawHTMLRanges {
    private var recording = false
    private var ranges: [Range<Int>] = []

    func start() {
        recording = true
        ranges = []
    }

    func finish() -> [Range<Int>] {
        recording = false
        return ranges
    }

    /// A raw node's text as written, while a body with raw HTML is rendered; nothing otherwise.
    func insert(_ literal: String, into out: HTMLBuilder) {
        guard recording, !literal.isEmpty else { return }
        let start = out.count
        out.raw(string: literal)
        ranges.append(start..<out.count)
    }
}

/// How much raw HTML a body may hand to the HTML parser: gumbo's time grows with the
/// square of the nesting (20,000 nested tags take about half a second, 100,000 a minute),
/// so a body whose raw HTML holds more than `limit` tags (counted as its `<` characters,
/// which bounds the nesting) keeps none of it (`raw-html-too-large`). Everything else the
/// parser sees is the renderer's, at most `MarkdownParser.maximumDepth` levels deep.
enum RawHTMLBudget {
    static let limit = 20_000

    /// Whether the document has raw HTML within the limit.
    static func holdsRawHTML(_ root: UnsafePointer<MarkdownNode>) -> Bool {
        guard let tags = tags(in: root) else { return false }
        return tags <= limit
    }

    /// The `<` characters of the document's raw HTML, nil when it has none.
    static func tags(in root: UnsafePointer<MarkdownNode>) -> Int? {
        var count: Int?
        visit(root) { literal in count = (count ?? 0) + tags(in: literal) }
        return count
    }

    static func tags(in literal: String) -> Int {
        var literal = literal
        return literal.withUTF8 { bytes in bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "<") ? 1 : 0) } }
    }

    private static func visit(_ node: UnsafePointer<MarkdownNode>, _ found: (String) -> Void) {
        switch node.pointee.kind {
        case .htmlBlock, .htmlInline: found(node.pointee.literal)
        default: MarkdownNode.forEachChild(of: node) { visit($0, found) }
        }
    }
}

/// The text a reader sees of an HTML block (for search), by the allowlist's rules.
enum RawHTMLText {
    static func append(_ literal: String, to out: inout [UInt8]) {
        guard RawHTMLBudget.tags(in: literal) <= RawHTMLBudget.limit else { return }
        var literal = literal
        if SimpleHTML.isEnabled, let text = literal.withUTF8(SimpleHTML.text(of:)) {
            out.append(contentsOf: text)
            out.append(UInt8(ascii: " "))
            return
        }
        for node in HTMLFragmentParser.parse(literal, context: .template) { HTMLSanitizer.appendText(of: node, to: &out) }
        out.append(UInt8(ascii: " "))
    }
}
