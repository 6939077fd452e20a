/// A Markdown document as a tree of Swift values, converted from cmark-gfm's AST by
/// `MarkdownParser` so that nothing outside that file sees a C type.
public struct MarkdownNode: Sendable {
    public enum Alignment: Sendable { case none, left, center, right }

    public enum Kind: Sendable {
        case document, blockQuote, item, paragraph, thematicBreak, htmlBlock
        case list(ordered: Bool, start: Int, tight: Bool)
        case codeBlock(info: String)
        case heading(level: Int)
        case text, softBreak, lineBreak, code, htmlInline, emphasis, strong, strikethrough
        case link(url: String, title: String)
        case image(url: String, title: String)
        case table(alignments: [Alignment])
        case tableRow(isHeader: Bool)
        case tableCell
        /// A node of a kind the renderer does not know: its children are still shown.
        case other
    }

    public var kind: Kind
    /// The text of text, code, code block and raw HTML nodes; empty otherwise.
    public var literal: String
    public var children: [MarkdownNode]
    /// 1-based line within the body, and 1-based column in UTF-8 bytes (cmark's count).
    public var line: Int
    public var byteColumn: Int

    public init(kind: Kind, literal: String = "", children: [MarkdownNode] = [], line: Int = 0, byteColumn: Int = 0) {
        self.kind = kind
        self.literal = literal
        self.children = children
        self.line = line
        self.byteColumn = byteColumn
    }

    /// Calls `visit` for this node and every descendant, parents first.
    public func forEach(_ visit: (MarkdownNode) -> Void) {
        visit(self)
        for child in children { child.forEach(visit) }
    }

    /// The text a reader sees, without markup (alt text of images, search text).
    public var plainText: String {
        var out = ""
        appendPlainText(to: &out)
        return out
    }

    func appendPlainText(to out: inout String) {
        switch kind {
        case .text, .code, .codeBlock: out += literal
        case .softBreak, .lineBreak: out += " "
        case .htmlBlock, .htmlInline: return
        default: break
        }
        for child in children { child.appendPlainText(to: &out) }
        if case .paragraph = kind { out += " " } else if case .heading = kind { out += " " }
    }

    /// `plainText`'s UTF-8 bytes, appended to `out`: the search text of a page's body,
    /// tokenized from these bytes without a `String` made of them first.
    func appendPlainText(to out: inout [UInt8]) {
        switch kind {
        case .text, .code, .codeBlock: out.append(contentsOf: literal.utf8)
        case .softBreak, .lineBreak: out.append(UInt8(ascii: " "))
        case .htmlBlock, .htmlInline: return
        default: break
        }
        for child in children { child.appendPlainText(to: &out) }
        if case .paragraph = kind { out.append(UInt8(ascii: " ")) } else if case .heading = kind { out.append(UInt8(ascii: " ")) }
    }
}
