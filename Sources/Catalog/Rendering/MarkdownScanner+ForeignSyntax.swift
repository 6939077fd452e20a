import CCmark
import Foundation

/// The runs of shown text `ForeignSyntax` reads, gathered while `MarkdownScanner` walks
/// cmark's tree: the literals of a block's adjacent text and inline HTML nodes, joined
/// (cmark splits text at `:`, `<`, `!` and the like, so `:::` comes as three nodes), with
/// where the run stands. Code spans, line breaks, emphasis and links end a run.
struct ShownTextRuns {
    private var bytes: [UInt8] = []
    /// Each node of the run and the offset of its literal in `bytes`.
    private var nodes: [(node: OpaquePointer, start: Int)] = []
    private var place = ForeignSyntax.Place()

    /// Takes one event of the walk (a node entered or left, inside a paragraph, heading or
    /// table cell, or that block itself) and returns the constructs of a run it ends, each
    /// with the node it starts in and its byte offset in that node's literal.
    mutating func step(_ node: OpaquePointer, _ type: cmark_node_type, entering: Bool,
                       isTextBlock: Bool) -> [(node: OpaquePointer, match: ForeignSyntax.Match)] {
        if entering, type == CMARK_NODE_TEXT || type == CMARK_NODE_HTML_INLINE {
            let start = bytes.count
            if let literal = cmark_node_get_literal(node) {
                bytes.append(contentsOf: UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self),
                                                             count: strlen(literal)))
            }
            nodes.append((node, start))
            return []
        }
        let found = flush(endsHeading: !entering && type == CMARK_NODE_HEADING)
        switch type {
        case _ where isTextBlock && entering, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            place = ForeignSyntax.Place(startsLine: true)
        case CMARK_NODE_LINK where !entering, CMARK_NODE_IMAGE where !entering:
            place = ForeignSyntax.Place(followsImage: type == CMARK_NODE_IMAGE)
        default:
            place = ForeignSyntax.Place()
        }
        return found
    }

    private mutating func flush(endsHeading: Bool) -> [(node: OpaquePointer, match: ForeignSyntax.Match)] {
        defer {
            bytes.removeAll(keepingCapacity: true)
            nodes.removeAll(keepingCapacity: true)
        }
        guard !nodes.isEmpty else { return [] }
        var place = self.place
        place.endsHeading = endsHeading
        // Matches come in order: the node each starts in is found walking the nodes once.
        var next = 0
        return ForeignSyntax.matches(in: bytes, at: place).compactMap { match in
            // The node the construct starts in: the last one starting at or before it. One
            // inside a tag (`<img alt="{{ x }}">`) is the tag's, which the page never shows
            // as text (`raw-html-removed` speaks for tags).
            while next + 1 < nodes.count, nodes[next + 1].start <= match.offset { next += 1 }
            let owner = nodes[next]
            guard cmark_node_get_type(owner.node) == CMARK_NODE_TEXT else { return nil }
            var local = match
            local.offset = match.offset - owner.start
            return (owner.node, local)
        }
    }
}
