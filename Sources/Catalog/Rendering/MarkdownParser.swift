import CCmark
import CCmarkShim
import Foundation

/// Parses CommonMark with GitHub's tables and strikethrough through cmark-gfm, and
/// converts the result into `MarkdownNode` values. This is the only file that sees
/// cmark's C types; raw HTML stays in the tree as `htmlBlock`/`htmlInline` nodes so
/// that the renderer can leave it out and the checker can point at it.
public enum MarkdownParser {
    /// Registration is global in cmark-gfm; doing it once, before any parser, is enough.
    /// The first parse also fills cmark-gfm's special-character table for good when the
    /// table is pinned (see `parsesConcurrently`): it runs here, before any other parser.
    private static let extensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        if let root = parseDocument("~~x~~") { cmark_node_free(root) }
        return true
    }()

    public static func parse(_ text: String) -> MarkdownNode {
        withDocument(text) { convert($0) } ?? MarkdownNode(kind: .document)
    }

    /// `parse`, and from the same parse what a body check reports on
    /// (`MarkdownScanner.reportables`): `build` checks each body where the site renders it.
    static func parseWithReportables(_ text: String) -> (document: MarkdownNode, reportables: [ReportableNode]) {
        let scans = MarkdownScanner.mayHoldReportables(text)
        return withDocument(text) { root in (convert(root), scans ? MarkdownScanner.reportables(in: root) : []) }
            ?? (MarkdownNode(kind: .document), [])
    }

    /// cmark-gfm keeps its table of special inline characters in a global: finishing a
    /// parser adds its extensions' characters (`~` for strikethrough) and then removes
    /// them, so parsers on two threads at once strip `~` from each other (strikethrough
    /// then came out as text now and then). `CCmarkShim` replaces that function so that
    /// the characters are added once and never removed; when the replacement is bound
    /// (the executable exports it), parsers run on every core. Otherwise each parser's
    /// whole life is serialized by `parserLock`.
    public static let parsesConcurrently = cb_cmark_special_characters_pinned() != 0

    private static let parserLock = NSLock()

    /// Parses `text` and hands cmark's document to `body`. The parsed document is
    /// independent of the parser: walking it runs in parallel. The document's memory comes
    /// from the calling thread's arena (`CCmarkShim`), given back at once when `body`
    /// returns: the system allocator's calloc, realloc and free of every node and buffer
    /// cost more than parsing itself. (So the document is not freed node by node either:
    /// `cmark_node_free` would only walk it to free nothing.)
    /// - Parameter linksOnly: parse the inlines only of blocks that may hold a link, an
    ///   image or raw HTML (`cb_cmark_links_only`); for `MarkdownScanner`, which looks at
    ///   nothing else.
    static func withDocument<R>(_ text: String, linksOnly: Bool = false, _ body: (OpaquePointer) -> R) -> R? {
        _ = extensionsRegistered
        let memory = cb_cmark_arena_begin().assumingMemoryBound(to: cmark_mem.self)
        defer { cb_cmark_arena_end() }
        let document = parsesConcurrently ? parseDocument(text, memory: memory, linksOnly: linksOnly)
            : parserLock.withLock { parseDocument(text, memory: memory, linksOnly: linksOnly) }
        guard let root = document else { return nil }
        return body(root)
    }

    private static func parseDocument(_ text: String, memory: UnsafeMutablePointer<cmark_mem>? = nil,
                                      linksOnly: Bool = false) -> OpaquePointer? {
        // No CMARK_OPT_UNSAFE: raw HTML is never passed through (content-format.md §4).
        guard let parser = memory.map({ cmark_parser_new_with_mem(CMARK_OPT_DEFAULT, $0) })
                ?? cmark_parser_new(CMARK_OPT_DEFAULT) else { return nil }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough"] {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { buffer in
                if let base = buffer.baseAddress { cmark_parser_feed(parser, base, buffer.count) }
            }
        }
        // Inlines are parsed when the parser finishes.
        cb_cmark_links_only(linksOnly ? 1 : 0)
        defer { cb_cmark_links_only(0) }
        return cmark_parser_finish(parser)
    }

    /// One node without its children: its kind, literal and position.
    static func shallow(_ node: OpaquePointer) -> MarkdownNode {
        MarkdownNode(kind: kind(of: node), literal: string(cmark_node_get_literal(node)),
                     line: Int(cmark_node_get_start_line(node)), byteColumn: Int(cmark_node_get_start_column(node)))
    }

    /// Where a node starts, without converting anything else.
    static func start(of node: OpaquePointer) -> BlockStart {
        BlockStart(line: Int(cmark_node_get_start_line(node)), byteColumn: Int(cmark_node_get_start_column(node)))
    }

    private static func convert(_ node: OpaquePointer) -> MarkdownNode {
        var children: [MarkdownNode] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            children.append(convert(current))
            child = cmark_node_next(current)
        }
        return MarkdownNode(kind: kind(of: node), literal: string(cmark_node_get_literal(node)),
                            children: children, line: Int(cmark_node_get_start_line(node)),
                            byteColumn: Int(cmark_node_get_start_column(node)))
    }

    private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                         start: Int(cmark_node_get_list_start(node)), tight: cmark_node_get_list_tight(node) != 0)
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK: return .codeBlock(info: string(cmark_node_get_fence_info(node)))
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK:
            return .link(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            return .image(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        default: return extensionKind(of: node)
        }
    }

    /// Extension node types are allocated at run time, so they are told apart by name.
    private static func extensionKind(of node: OpaquePointer) -> MarkdownNode.Kind {
        switch string(cmark_node_get_type_string(node)) {
        case "strikethrough": return .strikethrough
        case "table": return .table(alignments: alignments(of: node))
        case "table_header": return .tableRow(isHeader: true)
        case "table_row": return .tableRow(isHeader: false)
        case "table_cell": return .tableCell
        default: return .other
        }
    }

    private static func alignments(of table: OpaquePointer) -> [MarkdownNode.Alignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(table))
        guard let raw = cmark_gfm_extensions_get_table_alignments(table) else { return [] }
        return (0..<count).map { index in
            switch UnicodeScalar(raw[index]) {
            case "l": return .left
            case "c": return .center
            case "r": return .right
            default: return .none
            }
        }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
