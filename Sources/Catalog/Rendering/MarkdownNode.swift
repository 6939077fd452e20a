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
        /// A list item that starts with `[ ]` or `[x]` (GFM's task list extension).
        case taskListItem(checked: Bool)
        /// `[^label]`: the number cmark gave its footnote (in order of first reference).
        case footnoteReference(number: Int)
        /// `[^label]: …`, moved by cmark to the end of the document in number order (only
        /// footnotes that are referenced). The label is as written in the definition.
        case footnoteDefinition(label: String)
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
        withUnsafePointer(to: self) { Self.plainText(of: $0) }
    }

    /// `plainText`'s UTF-8 bytes, appended to `out`: the search text of a page's body,
    /// tokenized from these bytes without a `String` made of them first.
    func appendPlainText(to out: inout [UInt8]) {
        withUnsafePointer(to: self) { Self.appendPlainText(of: $0, to: &out) }
    }
}

/// Walking a tree in place. `for child in children` copies each child out of its array
/// (a retain and a release of every field, through the type's value witnesses), and so
/// does passing `children[i]` or calling a method on a node in memory: rendering, search
/// text and freeing the copies showed in profiles. These functions take a pointer to a
/// node inside its parent's array instead; it is valid while the tree is.
extension MarkdownNode {
    /// Calls `body` with a pointer to each child of `node`, in order.
    @inline(__always)
    static func forEachChild(of node: UnsafePointer<MarkdownNode>, _ body: (UnsafePointer<MarkdownNode>) -> Void) {
        node.pointee.children.withUnsafeBufferPointer { nodes in
            guard let first = nodes.baseAddress else { return }
            for index in 0..<nodes.count { body(first + index) }
        }
    }

    static func plainText(of node: UnsafePointer<MarkdownNode>) -> String {
        var bytes: [UInt8] = []
        appendPlainText(of: node, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendPlainText(of node: UnsafePointer<MarkdownNode>, to out: inout [UInt8]) {
        switch node.pointee.kind {
        case .text, .code, .codeBlock: out.append(contentsOf: node.pointee.literal.utf8)
        case .softBreak, .lineBreak: out.append(UInt8(ascii: " "))
        case .htmlBlock, .htmlInline: return
        default: break
        }
        forEachChild(of: node) { appendPlainText(of: $0, to: &out) }
        switch node.pointee.kind {
        case .paragraph, .heading: out.append(UInt8(ascii: " "))
        default: break
        }
    }
}
