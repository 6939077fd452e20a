/// A page body's searchable text: `MarkdownNode.plainText`'s UTF-8 bytes, gathered from
/// the tree without copying its nodes (a `for child in children` loop copies each child,
/// retaining its text and children, only to read them).
enum SearchPlainText {
    static func bytes(_ body: MarkdownNode?) -> [UInt8] {
        var bytes: [UInt8] = []
        guard let body else { return bytes }
        bytes.reserveCapacity(4096)
        withUnsafePointer(to: body) { append($0, to: &bytes) }
        return bytes
    }

    /// By pointer: a child passed by value is copied first.
    private static func append(_ node: UnsafePointer<MarkdownNode>, to out: inout [UInt8]) {
        switch node.pointee.kind {
        case .text, .code, .codeBlock: out.append(contentsOf: node.pointee.literal.utf8)
        case .softBreak, .lineBreak: out.append(UInt8(ascii: " "))
        case .htmlBlock, .htmlInline: return
        default: break
        }
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            for index in 0..<children.count { append(first + index, to: &out) }
        }
        switch node.pointee.kind {
        case .paragraph, .heading: out.append(UInt8(ascii: " "))
        default: break
        }
    }
}
