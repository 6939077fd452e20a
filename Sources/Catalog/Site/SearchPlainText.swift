/// A page body's searchable text: `MarkdownNode.plainText`'s UTF-8 bytes (and the text of
/// HTML blocks), gathered from the tree without copying its nodes (a `for child in
/// children` loop copies each child, retaining its text and children, only to read them).
enum SearchPlainText {
    static func bytes(_ body: MarkdownNode?) -> [UInt8] {
        var bytes: [UInt8] = []
        guard let body else { return bytes }
        bytes.reserveCapacity(4096)
        withUnsafePointer(to: body) { root in
            // Whether the body's raw HTML is within `RawHTMLBudget`, asked at its first HTML block.
            var keepsHTML: Bool?
            append(root, to: &bytes) { keepsHTML = keepsHTML ?? RawHTMLBudget.holdsRawHTML(root); return keepsHTML! }
        }
        return bytes
    }

    /// By pointer: a child passed by value is copied first. An HTML block's text is what
    /// the page shows of it (an inline tag has none: its text is the nodes around it).
    private static func append(_ node: UnsafePointer<MarkdownNode>, to out: inout [UInt8], keepsHTML: () -> Bool) {
        switch node.pointee.kind {
        case .text, .code, .codeBlock: out.append(contentsOf: node.pointee.literal.utf8)
        case .softBreak, .lineBreak: out.append(UInt8(ascii: " "))
        case .htmlBlock:
            if keepsHTML() { RawHTMLText.append(node.pointee.literal, to: &out) }
            return
        case .htmlInline: return
        default: break
        }
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            for index in 0..<children.count { append(first + index, to: &out, keepsHTML: keepsHTML) }
        }
        switch node.pointee.kind {
        case .paragraph, .heading: out.append(UInt8(ascii: " "))
        default: break
        }
    }
}
