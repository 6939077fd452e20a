import CCmark
import CCmarkShim
import Foundation

/// Parses CommonMark with GitHub's extensions through cmark-gfm (tables, strikethrough,
/// autolinks, task lists and footnotes, as GitHub enables them), and
/// converts the result into `MarkdownNode` values. This is the only file that sees
/// cmark's C types; raw HTML stays in the tree as `htmlBlock`/`htmlInline` nodes so
/// that the renderer can leave it out and the checker can point at it.
public enum MarkdownParser {
    /// Registration is global in cmark-gfm; doing it once, before any parser, is enough.
    /// The first parse also fills cmark-gfm's special-character table for good when the
    /// table is pinned (see `parsesConcurrently`): it runs here, before any other parser,
    /// and tells which node types the extensions were given.
    private static let extensionTypes: ExtensionTypes = {
        cmark_gfm_core_extensions_ensure_registered()
        guard let root = parseDocument(ExtensionTypes.sample) else { return ExtensionTypes() }
        defer { cmark_node_free(root) }
        return ExtensionTypes(root)
    }()

    /// Nodes nest at most this deep, the document being level 1: deeper nodes are left
    /// out of the converted tree (and `MarkdownScanner` reports the first as
    /// `body-too-deep`), so that no walk of the tree, nor freeing it, can overflow a stack.
    static let maximumDepth = 100

    /// An empty document for a body over `MarkdownBudget` (reported as `body-too-large`).
    public static func parse(_ text: String) -> MarkdownDocument {
        guard !MarkdownBudget.exceeds(text) else { return MarkdownDocument() }
        let document = withDocument(text) { convert($0, byteCount: text.utf8.count) } ?? MarkdownDocument()
        return marked(Footnotes.labeled(document, source: text), source: text)
    }

    /// `parse`, and from the same parse what a body check reports on
    /// (`MarkdownScanner.reportables`): `build` checks each body where the site renders it.
    static func parseWithReportables(_ text: String) -> (document: MarkdownDocument, reportables: [ReportableNode]) {
        guard !MarkdownBudget.exceeds(text) else { return (MarkdownDocument(), [MarkdownScanner.tooLarge]) }
        let foreign = ForeignSyntax.mayHold(text)
        let scans = foreign || MarkdownScanner.mayHoldReportables(text) || MarkdownScanner.mayNestTooDeep(text)
            || HeadingAttribute.mayHold(text)
        let parsed = withDocument(text) { root in
            (convert(root, byteCount: text.utf8.count),
             scans ? MarkdownScanner.reportables(in: root, foreignSyntax: foreign, headings: PageAnchors.needsHeadings(text)) : [])
        }
            ?? (MarkdownDocument(), [])
        return (marked(Footnotes.labeled(parsed.0, source: text), source: text), parsed.1)
    }

    /// `document`, noting whether its source may write an invisible control character, its
    /// raw HTML's unclosed `<script>`s and the like written as text (`UnclosedRawText`).
    private static func marked(_ document: MarkdownDocument, source: String) -> MarkdownDocument {
        var document = UnclosedRawText.escaped(document)
        guard ControlCharacters.mayWriteInvisibleControl(source) else { return document }
        document.mayWriteInvisibleControls = true
        return document
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
    ///   `withHeadings` parses headings whole in such a parse too (their text gives the ids
    ///   that links within the page name, `PageAnchors`).
    static func withDocument<R>(_ text: String, linksOnly: Bool = false, withHeadings: Bool = false,
                                _ body: (OpaquePointer) -> R) -> R? {
        _ = extensionTypes
        let memory = cb_cmark_arena_begin().assumingMemoryBound(to: cmark_mem.self)
        defer { cb_cmark_arena_end() }
        let mode: Int32 = linksOnly ? (withHeadings ? 2 : 1) : 0
        let document = parsesConcurrently ? parseDocument(text, memory: memory, linksOnly: mode)
            : parserLock.withLock { parseDocument(text, memory: memory, linksOnly: mode) }
        guard let root = document else { return nil }
        return body(root)
    }

    /// GitHub's extensions but `tagfilter`, which only touches raw HTML (never passed through
    /// here). The special-character table is filled once, from the first parser, which
    /// attaches them all (see `parsesConcurrently`); a parser without autolinks leaves the
    /// table's `:` and `w` as text.
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// The autolink extension of Debian's cmark-gfm (0.29.0.gfm.6) scans from each candidate
    /// (`www.`, `scheme:`, `@`) to the end of its run of characters without a space or
    /// `<`, and trims a trailing `)` by scanning the run again: on one long run, each of
    /// thousands of candidates costs the whole run (40,000 `_www.a` took 150 s, 40,000
    /// `).` after a URL 9 s). Runs of at most this many bytes keep every body's autolink
    /// work within 400,000 marks × 1,000 bytes; a body with a longer run (a hostile one,
    /// or a long unbroken blob) is parsed without autolinks: its bare URLs stay text.
    static let autolinkRunLimit = 1_000

    /// Whether `text` has no run of more than `autolinkRunLimit` bytes without a space, tab,
    /// line break or `<` (cmark's `cmark_isspace` and the end of an autolink).
    ///
    /// Every body comes here, so the scan looks at few bytes: from where a run may start,
    /// the last end of a run among the next `autolinkRunLimit + 1` bytes (found from the
    /// back, a few bytes in prose) is where the next may start; none at all is a longer run.
    static func allowsAutolinks(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var start = 0
            while bytes.count - start > autolinkRunLimit {
                var end = start + autolinkRunLimit
                while !endsRun(bytes[end]) {
                    if end == start { return false }
                    end -= 1
                }
                start = end + 1
            }
            return true
        }
    }

    @inline(__always)
    private static func endsRun(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, UInt8(ascii: "<"): true
        default: false
        }
    }

    static let options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES

    /// - Parameter linksOnly: `cb_cmark_links_only`'s mode (0: a whole parse).
    private static func parseDocument(_ text: String, memory: UnsafeMutablePointer<cmark_mem>? = nil,
                                      linksOnly: Int32 = 0) -> OpaquePointer? {
        // No CMARK_OPT_UNSAFE: raw HTML is never passed through (content-format.md §4).
        // Footnotes are a parser option in cmark-gfm, not an extension.
        guard let parser = memory.map({ cmark_parser_new_with_mem(options, $0) })
                ?? cmark_parser_new(options) else { return nil }
        defer { cmark_parser_free(parser) }
        let autolinks = allowsAutolinks(text)
        for name in extensionNames where autolinks || name != "autolink" {
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
        cb_cmark_links_only(linksOnly)
        defer { cb_cmark_links_only(0) }
        return cmark_parser_finish(parser)
    }

    /// One node without its children: its kind, literal and position.
    static func shallow(_ node: OpaquePointer) -> MarkdownNode {
        MarkdownNode(kind: kind(of: node, cmark_node_get_type(node), extensionTypes), literal: string(cmark_node_get_literal(node)),
                     line: Int(cmark_node_get_start_line(node)), byteColumn: Int(cmark_node_get_start_column(node)))
    }

    /// Where a node starts, without converting anything else.
    static func start(of node: OpaquePointer) -> BlockStart {
        BlockStart(line: Int(cmark_node_get_start_line(node)), byteColumn: Int(cmark_node_get_start_column(node)))
    }

    /// The document's nodes in document order (`MarkdownDocument`); a node at
    /// `maximumDepth` without its descendants. `byteCount`: the text's, for the array's
    /// first capacity (about a node per 16 bytes). Not inlined, so that profiles show it
    /// on its own (`bench/profile`).
    @inline(never)
    private static func convert(_ root: OpaquePointer, byteCount: Int) -> MarkdownDocument {
        var nodes: [MarkdownNode] = []
        nodes.reserveCapacity(byteCount / 16 + 16)
        append(root, extensionTypes, depth: 1, to: &nodes)
        return MarkdownDocument(nodes: nodes)
    }

    /// Appends `node`, then its descendants, and sets how many those are. A heading with
    /// an id of its own (`HeadingAttribute`) has it in its kind, cut from its text.
    private static func append(_ node: OpaquePointer, _ types: ExtensionTypes, depth: Int, to nodes: inout [MarkdownNode]) {
        let type = cmark_node_get_type(node)
        let index = nodes.count
        let cut = type == CMARK_NODE_HEADING ? headingCut(node) : nil
        nodes.append(MarkdownNode(kind: cut.map { .heading(level: Int(cmark_node_get_heading_level(node)), id: $0.attribute.id) }
                                      ?? kind(of: node, type, types),
                                  literal: hasLiteral(type) ? string(cmark_node_get_literal(node)) : "",
                                  line: Int(cmark_node_get_start_line(node)),
                                  byteColumn: Int(cmark_node_get_start_column(node))))
        guard depth < maximumDepth else { return }
        var child = cmark_node_first_child(node)
        while let current = child {
            if let cut, current == cut.node {
                // The text before the attribute; nothing after it is text of the heading.
                if cut.keep > 0 {
                    var text = shallow(current)
                    text.literal = String(decoding: text.literal.utf8.prefix(cut.keep), as: UTF8.self)
                    nodes.append(text)
                }
                break
            }
            append(current, types, depth: depth + 1, to: &nodes)
            child = cmark_node_next(current)
        }
        nodes[index].descendants = nodes.count - index - 1
    }

    /// Where a heading's own id (`HeadingAttribute`) cuts its text: the text node its
    /// attribute (or the white space before it) starts in, and how many bytes of that
    /// node's literal stay; the nodes after it are the attribute's.
    struct HeadingCut {
        var attribute: HeadingAttribute
        var node: OpaquePointer
        var keep: Int
    }

    /// The heading's own id, read from its last run of text: the text and raw HTML nodes
    /// that end it, as `ForeignSyntax` joins them (`ShownTextRuns`).
    static func headingCut(_ heading: OpaquePointer) -> HeadingCut? {
        // Most headings do not end with `}`: one look at the last node's last byte.
        guard let last = cmark_node_last_child(heading), cmark_node_get_type(last) == CMARK_NODE_TEXT,
              let literal = cmark_node_get_literal(last) else { return nil }
        var end = strlen(literal)
        while end > 0, literal[end - 1] == 0x20 || literal[end - 1] == 0x09 { end -= 1 }
        guard end > 0, literal[end - 1] == CChar(UInt8(ascii: "}")) else { return nil }
        if let cut = commentedIDCut(last: last, literal: literal, end: end) { return cut }
        var run: [(node: OpaquePointer, start: Int)] = []
        var child: OpaquePointer? = last
        while let current = child, [CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE].contains(cmark_node_get_type(current)) {
            run.append((current, 0))
            child = cmark_node_previous(current)
        }
        run.reverse()
        var bytes: [UInt8] = []
        for index in run.indices {
            run[index].start = bytes.count
            if let text = cmark_node_get_literal(run[index].node) {
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: text, count: strlen(text)))
            }
        }
        guard let attribute = HeadingAttribute.ending(bytes) else { return nil }
        let cut = bytes.count - attribute.length
        let owner = run.last { $0.start <= cut }!
        return HeadingCut(attribute: attribute, node: owner.node, keep: cut - owner.start)
    }

    /// react.dev's heading id, written as an MDX comment after the text (`## Setting up
    /// {/*setting-up*/}`; its translations keep the English ids so): cmark reads it as the
    /// text `{/`, the id in emphasis, and the text `/}` that ends the heading. The id is the
    /// heading's own, as `{#setting-up}` would give it.
    private static func commentedIDCut(last: OpaquePointer, literal: UnsafePointer<CChar>, end: Int) -> HeadingCut? {
        guard end == 2, literal[0] == CChar(UInt8(ascii: "/")),
              let emphasis = cmark_node_previous(last), cmark_node_get_type(emphasis) == CMARK_NODE_EMPH,
              let before = cmark_node_previous(emphasis), cmark_node_get_type(before) == CMARK_NODE_TEXT,
              let text = cmark_node_get_literal(before) else { return nil }
        // The id: the emphasis's text nodes (cmark splits text at `_`), id bytes only.
        var id: [UInt8] = [], child = cmark_node_first_child(emphasis)
        while let current = child {
            guard cmark_node_get_type(current) == CMARK_NODE_TEXT, let part = cmark_node_get_literal(current) else { return nil }
            id.append(contentsOf: UnsafeRawBufferPointer(start: part, count: strlen(part)))
            child = cmark_node_next(current)
        }
        let count = strlen(text)
        guard !id.isEmpty, id.allSatisfy(HeadingAttribute.isIDByte), count >= 2,
              text[count - 2] == CChar(UInt8(ascii: "{")), text[count - 1] == CChar(UInt8(ascii: "/")) else { return nil }
        var keep = count - 2
        while keep > 0, text[keep - 1] == 0x20 || text[keep - 1] == 0x09 { keep -= 1 }
        let attribute = HeadingAttribute(id: String(decoding: id, as: UTF8.self), opening: count - 2,
                                         length: count - keep + id.count + strlen(literal))
        return HeadingCut(attribute: attribute, node: before, keep: keep)
    }

    /// The types whose `cmark_node_get_literal` is not NULL; every other node's literal is "".
    private static func hasLiteral(_ type: cmark_node_type) -> Bool {
        switch type {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE,
             CMARK_NODE_FOOTNOTE_REFERENCE: true
        default: false
        }
    }

    private static func kind(of node: OpaquePointer, _ type: cmark_node_type, _ types: ExtensionTypes) -> MarkdownNode.Kind {
        switch type {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                         start: Int(cmark_node_get_list_start(node)), tight: cmark_node_get_list_tight(node) != 0)
        case CMARK_NODE_ITEM:
            // A task list item is an item that the tasklist extension claimed.
            guard types.tasklist != 0, UInt(bitPattern: cmark_node_get_syntax_extension(node)) == types.tasklist else {
                return .item
            }
            return .taskListItem(checked: cmark_gfm_extensions_get_tasklist_item_checked(node))
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
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            return .footnoteReference(number: Int(string(cmark_node_get_literal(node))) ?? 0)
        // The label is read from the source afterwards (`Footnotes.labeled`): cmark-gfm 0.29
        // keeps it in no field its API reads.
        case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition(label: "")
        default: return extensionKind(of: node, type, types)
        }
    }

    private static func extensionKind(of node: OpaquePointer, _ type: cmark_node_type,
                                      _ types: ExtensionTypes) -> MarkdownNode.Kind {
        switch type {
        case types.strikethrough: return .strikethrough
        case types.table: return .table(alignments: alignments(of: node))
        case types.tableRow: return .tableRow(isHeader: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
        case types.tableCell: return .tableCell
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

/// The node types cmark-gfm gave the table and strikethrough extensions when they were
/// registered (they are allocated at run time): a node's type is compared with these
/// instead of reading its type's name, a C string, for every extension node.
struct ExtensionTypes {
    /// A document with one node of each type, whose names tell the types apart once.
    static let sample = "| a |\n|---|\n| b |\n\n~~x~~\n\n- [ ] t\n"

    /// The core "none" type matches no node: then every extension node is `.other`.
    var table = CMARK_NODE_NONE, tableRow = CMARK_NODE_NONE, tableCell = CMARK_NODE_NONE
    var strikethrough = CMARK_NODE_NONE
    /// Task list items keep the item type; the extension that claimed one (its address
    /// here, so that the value stays `Sendable`) tells it apart.
    var tasklist: UInt = 0

    init() {}

    /// The types of the nodes of `sample`'s parse.
    init(_ root: OpaquePointer) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator), let name = cmark_node_get_type_string(node) else { continue }
            let type = cmark_node_get_type(node)
            switch String(cString: name) {
            case "table": table = type
            case "table_header", "table_row": tableRow = type
            case "table_cell": tableCell = type
            case "strikethrough": strikethrough = type
            case "tasklist": tasklist = UInt(bitPattern: cmark_node_get_syntax_extension(node))
            default: break
            }
        }
    }
}
