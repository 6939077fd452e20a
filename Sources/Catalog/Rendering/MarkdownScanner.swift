import CCmark
import Foundation

/// A link, image or raw HTML node found by `MarkdownScanner`, with what its position
/// needs: where the paragraph-like block it sits in starts, and whether it is inside a
/// block quote.
struct ReportableNode {
    var node: MarkdownNode
    var block: BlockStart?
    var quoted: Bool
    /// Another engine's markup in the node's literal (`foreign-syntax`), its offset there.
    var foreign: ForeignSyntax.Match?
    /// The first node deeper than `MarkdownParser.maximumDepth` (`body-too-deep`).
    var tooDeep = false
    /// The body, at its start, is over `MarkdownBudget` and was not parsed (`body-too-large`).
    var tooLarge = false
    /// In raw HTML, the start tags that no end tag closes in the body (`raw-html-unclosed`).
    var unclosedRawText: [UnclosedRawText.Start] = []
}

/// cmark's position of a paragraph, heading or table cell: 1-based line within the body
/// and 1-based column in UTF-8 bytes. Only the position: the block itself is never needed.
struct BlockStart {
    var line: Int
    var byteColumn: Int
}

/// Finds the nodes a body check can report without converting the whole document into
/// `MarkdownNode`s: it walks cmark's own tree with its iterator and materializes only
/// links, images and raw HTML. (Converting every text node into a String made checking
/// the bodies of a 10,000-context catalog cost more than parsing them.)
enum MarkdownScanner {
    /// - Parameter linksOnly: false only for tests that compare with a full parse.
    /// - Parameter headings: true to report headings whatever the text holds (the ids of a
    ///   page other pages link into, `PageAnchors.ids(of:)`).
    static func reportables(_ text: String, linksOnly: Bool = true, headings: Bool = false) -> [ReportableNode] {
        // Only `[` starts a link or an image and only `<` raw HTML: without either there is
        // nothing to find, and no need to parse. With them, blocks without either are not
        // parsed into inlines (`linksOnly`).
        guard !MarkdownBudget.exceeds(text) else { return [tooLarge] }
        // A body that may nest too deep, or hold another engine's markup, is parsed whole:
        // emphasis nests in any block, and that markup is in any block's text.
        let deep = mayNestTooDeep(text), foreign = ForeignSyntax.mayHold(text)
        guard !linksOnly || deep || foreign || headings || mayHoldReportables(text) || HeadingAttribute.mayHold(text) else { return [] }
        // Headings, when a link may name one or one may have an id of its own
        // (`PageAnchors`), are parsed and reported too.
        let headings = headings || PageAnchors.needsHeadings(text)
        return MarkdownParser.withDocument(text, linksOnly: linksOnly && !deep && !foreign, withHeadings: headings) {
            reportables(in: $0, foreignSyntax: foreign, headings: headings)
        } ?? []
    }

    /// What a body over `MarkdownBudget` reports, at its first line.
    static let tooLarge = ReportableNode(node: MarkdownNode(kind: .document, line: 1, byteColumn: 1), block: nil, quoted: false,
                                         tooLarge: true)

    /// The reportable nodes of a document cmark has parsed (fully, or links only).
    /// - Parameter foreignSyntax: whether to read text for `ForeignSyntax` (the document
    ///   must then be parsed fully).
    /// - Parameter headings: whether to report each heading too, as a `.heading` node whose
    ///   literal is its plain text (`PageAnchors`; the document must have its headings parsed).
    static func reportables(in root: OpaquePointer, foreignSyntax: Bool = false, headings: Bool = false) -> [ReportableNode] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [ReportableNode] = [], blocks: [BlockStart] = [], shifts: [Shift] = [], quoteDepth = 0
        /// A node of the current block where it really is (see `Shift`).
        func placed(_ node: MarkdownNode) -> MarkdownNode { shifts.last.map { $0.apply(to: node) } ?? node }
        var runs = foreignSyntax ? ShownTextRuns() : nil, foreignCount = 0
        // A node with several constructs is converted once (its literal may be a long line).
        var lastOwner: (pointer: OpaquePointer, node: MarkdownNode)?
        // Nodes entered and not yet left (leaves are only entered); whether a node deeper
        // than the converted tree keeps has been reported (the first one only).
        var depth = 0, reportedDepth = false
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let entering = event == CMARK_EVENT_ENTER
            if entering, depth + 1 > MarkdownParser.maximumDepth, !reportedDepth {
                reportedDepth = true
                found.append(ReportableNode(node: placed(MarkdownParser.shallow(node)), block: blocks.last, quoted: quoteDepth > 0,
                                            tooDeep: true))
            }
            if !isLeaf(type) { depth += entering ? 1 : -1 }
            if type == CMARK_NODE_BLOCK_QUOTE { quoteDepth += entering ? 1 : -1; continue }
            let textBlock = isTextBlock(node, type)
            if runs != nil, textBlock || !blocks.isEmpty {
                for (owner, match) in runs!.step(node, type, entering: entering, isTextBlock: textBlock) {
                    foreignCount += 1
                    guard foreignCount <= ForeignSyntax.reportedPerBody else { continue }
                    let shallow = lastOwner?.pointer == owner ? lastOwner!.node : MarkdownParser.shallow(owner)
                    lastOwner = (owner, shallow)
                    found.append(ReportableNode(node: placed(shallow), block: blocks.last, quoted: quoteDepth > 0, foreign: match))
                }
            }
            if headings, entering, type == CMARK_NODE_HEADING {
                var text: [UInt8] = []
                appendPlainText(of: node, to: &text)
                // Its own id ends its text, in text nodes (`MarkdownParser.headingCut`).
                let own = MarkdownParser.headingCut(node)?.attribute
                if let own { text.removeLast(min(own.length, text.count)) }
                let heading = MarkdownNode(kind: .heading(level: Int(cmark_node_get_heading_level(node)), id: own?.id),
                                           literal: String(decoding: text, as: UTF8.self),
                                           line: Int(cmark_node_get_start_line(node)), byteColumn: Int(cmark_node_get_start_column(node)))
                found.append(ReportableNode(node: heading, block: nil, quoted: quoteDepth > 0))
            }
            if textBlock {
                if entering {
                    let shift = type == CMARK_NODE_PARAGRAPH ? Shift(paragraph: node) : Shift(cell: node)
                    blocks.append(shift.start(of: node))
                    shifts.append(shift)
                } else {
                    blocks.removeLast()
                    shifts.removeLast()
                }
                continue
            }
            guard entering, type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE
                    || type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE else { continue }
            found.append(ReportableNode(node: placed(MarkdownParser.shallow(node)), block: blocks.last, quoted: quoteDepth > 0))
        }
        if foreignCount > ForeignSyntax.reportedPerBody, let last = found.lastIndex(where: { $0.foreign != nil }) {
            found[last].foreign!.following = foreignCount - ForeignSyntax.reportedPerBody
        }
        return UnclosedRawText.noted(found)
    }

    /// A heading's text as `MarkdownNode.appendPlainText` reads it from the converted tree:
    /// texts and code, line breaks as spaces, no HTML.
    private static func appendPlainText(of node: OpaquePointer, to out: inout [UInt8]) {
        var child = cmark_node_first_child(node)
        while let current = child {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(current) { out.append(contentsOf: UnsafeRawBufferPointer(start: literal, count: strlen(literal))) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: out.append(UInt8(ascii: " "))
            case CMARK_NODE_HTML_INLINE: break
            default: appendPlainText(of: current, to: &out)
            }
            child = cmark_node_next(current)
        }
    }

    /// Nodes cmark's iterator enters without leaving.
    private static func isLeaf(_ type: cmark_node_type) -> Bool {
        switch type {
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_TEXT,
             CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: true
        default: false
        }
    }

    static func mayHoldReportables(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "<") } }
    }

    /// Paragraphs, headings and table cells: the blocks whose position fixes cmark's
    /// columns on continuation lines (see `SourceColumns`).
    private static func isTextBlock(_ node: OpaquePointer, _ type: cmark_node_type) -> Bool {
        if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING { return true }
        // Table cells are an extension's block type, numbered after the core blocks: only
        // such a node's name is worth reading (a String per text node showed in profiles).
        guard type.rawValue > CMARK_NODE_FOOTNOTE_DEFINITION.rawValue, type.rawValue < CMARK_NODE_TEXT.rawValue,
              let name = cmark_node_get_type_string(node) else { return false }
        return strcmp(name, "table_cell") == 0
    }
}
