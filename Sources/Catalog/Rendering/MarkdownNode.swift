/// A node of a Markdown document (`MarkdownDocument`), converted from cmark-gfm's AST by
/// `MarkdownParser` so that nothing outside that file sees a C type.
public struct MarkdownNode: Sendable {
    public enum Alignment: Sendable { case none, left, center, right }

    public enum Kind: Sendable {
        case document, blockQuote, item, paragraph, thematicBreak, htmlBlock
        case list(ordered: Bool, start: Int, tight: Bool)
        case codeBlock(info: String)
        /// `id`: the heading's own, when its text ends with one (`HeadingAttribute`, cut
        /// from the text).
        case heading(level: Int, id: String? = nil)
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
    /// How many nodes follow this one in its document (`MarkdownDocument.nodes`) that are
    /// its descendants; 0 for a node on its own.
    public internal(set) var descendants: Int
    /// 1-based line within the body, and 1-based column in UTF-8 bytes (cmark's count).
    public var line: Int
    public var byteColumn: Int

    /// A node on its own, without children.
    public init(kind: Kind, literal: String = "", line: Int = 0, byteColumn: Int = 0) {
        self.kind = kind
        self.literal = literal
        descendants = 0
        self.line = line
        self.byteColumn = byteColumn
    }
}

/// A parsed Markdown document: its nodes in document order, each node followed by its
/// descendants (`MarkdownNode.descendants`), the document node first. One array for the
/// whole tree: a tree of nodes each holding an array of its children cost an allocation
/// per node to build and a release of each to free, and walking it retained and released
/// every child array (a tenth of a 10,000-context build's instructions, all told).
public struct MarkdownDocument: Sendable {
    /// Never empty: the document node, then the others.
    public private(set) var nodes: [MarkdownNode]
    /// Whether the source may give the HTML an invisible control character (a stray
    /// backspace, or `&#8;`): rendering then leaves them out (`body-control-character`).
    var mayWriteInvisibleControls = false

    /// An empty document.
    public init() { nodes = [MarkdownNode(kind: .document)] }

    init(nodes: [MarkdownNode]) {
        precondition(!nodes.isEmpty && nodes[0].descendants == nodes.count - 1)
        self.nodes = nodes
    }

    /// Calls `visit` for every node, parents first.
    public func forEach(_ visit: (MarkdownNode) -> Void) { nodes.forEach(visit) }

    /// The text a reader sees, without markup (alt text of images, search text).
    public var plainText: String { withRoot { MarkdownNode.plainText(of: $0) } }

    /// `plainText`'s UTF-8 bytes, appended to `out`.
    func appendPlainText(to out: inout [UInt8]) {
        withRoot { MarkdownNode.appendPlainText(of: $0, to: &out) }
    }

    /// The indices in `nodes` of the children of the node at `index`, in order.
    public func children(of index: Int) -> [Int] {
        var children: [Int] = []
        withRoot { root in MarkdownNode.forEachChild(of: root + index) { children.append($0 - root) } }
        return children
    }

    /// Calls `body` with a pointer to the document node, valid during the call: the walks
    /// below reach every other node from it (`MarkdownNode.forEachChild`).
    func withRoot<R>(_ body: (UnsafePointer<MarkdownNode>) -> R) -> R {
        nodes.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// Sets the kind of the node at `index` (`Footnotes.labeled`).
    mutating func setKind(_ kind: MarkdownNode.Kind, at index: Int) { nodes[index].kind = kind }
    mutating func setLiteral(_ literal: String, at index: Int) { nodes[index].literal = literal }
}

/// Walking a document in place. Copying a node out of the array retains and releases
/// every field (through the type's value witnesses), and so does calling a method on a
/// node in memory: rendering and search text showed it in profiles. These functions take
/// a pointer to a node inside its document's `nodes`; it is valid while the document is.
extension MarkdownNode {
    /// Calls `body` with a pointer to each child of `node`, in order: the first follows
    /// `node`, and each next one follows the last one's descendants. `node` must point
    /// into a document's `nodes` (`MarkdownDocument.withRoot`), never at a copy.
    @inline(__always)
    static func forEachChild(of node: UnsafePointer<MarkdownNode>, _ body: (UnsafePointer<MarkdownNode>) -> Void) {
        var child = node + 1
        let end = child + node.pointee.descendants
        while child < end {
            body(child)
            child += 1 + child.pointee.descendants
        }
    }

    /// How many children `node` has (`node` as `forEachChild` takes it).
    static func childCount(of node: UnsafePointer<MarkdownNode>) -> Int {
        var count = 0
        forEachChild(of: node) { _ in count += 1 }
        return count
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
