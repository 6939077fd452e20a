/// A page body's searchable text: `MarkdownDocument.plainText`'s UTF-8 bytes (and the text of
/// HTML blocks), gathered from the tree without copying its nodes (a `for child in
/// children` loop copies each child, retaining its text and children, only to read them),
/// or handed piece by piece to a sink (`SearchTokenizer.tokenize(body:into:)` takes its
/// terms where they are, without gathering them).
enum SearchPlainText {
    static func bytes(_ body: MarkdownDocument?) -> [UInt8] {
        var bytes: [UInt8] = []
        guard body != nil else { return bytes }
        bytes.reserveCapacity(4096)
        walk(body, into: &bytes)
        return bytes
    }

    /// Hands the body's text to `out`, in order.
    static func walk(_ body: MarkdownDocument?, into out: inout some SearchPlainTextSink) {
        guard let body else { return }
        body.withRoot { root in
            // Whether the body's raw HTML is within `RawHTMLBudget`, asked at its first HTML block.
            var keepsHTML: Bool?
            append(root, to: &out) { keepsHTML = keepsHTML ?? RawHTMLBudget.holdsRawHTML(root); return keepsHTML! }
        }
    }

    /// By pointer: a child passed by value is copied first. An HTML block's text is what
    /// the page shows of it (an inline tag has none: its text is the nodes around it).
    private static func append(_ node: UnsafePointer<MarkdownNode>, to out: inout some SearchPlainTextSink,
                               keepsHTML: () -> Bool) {
        switch node.pointee.kind {
        case .text, .code, .codeBlock:
            // Read where it is: passed on as a `String`, the literal was retained and released
            // once by the caller and once by the sink, for each of a page's text nodes. (Not
            // through `String.withUTF8Bytes`, which takes the string itself: that retained it
            // again, 734,000 times at 10,000 contexts where this form does 269,000.)
            if node.pointee.literal.utf8.withContiguousStorageIfAvailable({ out.append(utf8: $0) }) == nil {
                Array(node.pointee.literal.utf8).withUnsafeBufferPointer { out.append(utf8: $0) }
            }
        case .softBreak, .lineBreak: out.append(UInt8(ascii: " "))
        case .htmlBlock:
            if keepsHTML() { out.append(htmlBlock: node.pointee.literal) }
            return
        case .htmlInline: return
        default: break
        }
        MarkdownNode.forEachChild(of: node) { append($0, to: &out, keepsHTML: keepsHTML) }
        switch node.pointee.kind {
        case .paragraph, .heading: out.append(UInt8(ascii: " "))
        default: break
        }
    }
}

/// What `SearchPlainText.walk` hands a body's text to.
protocol SearchPlainTextSink {
    /// A node's text, as UTF-8.
    mutating func append(utf8: UnsafeBufferPointer<UInt8>)
    /// A space (between lines and after a paragraph or heading).
    mutating func append(_ space: UInt8)
    /// An HTML block, whose text is what `RawHTMLText` keeps of it.
    mutating func append(htmlBlock: String)
}

extension Array: SearchPlainTextSink where Element == UInt8 {
    mutating func append(utf8: UnsafeBufferPointer<UInt8>) { append(contentsOf: utf8) }
    mutating func append(htmlBlock: String) { RawHTMLText.append(htmlBlock, to: &self) }
}
