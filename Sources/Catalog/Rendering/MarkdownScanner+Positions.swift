import CCmark
import Foundation

extension MarkdownScanner {
    /// How far cmark-gfm's positions of a paragraph's inlines are from where they are
    /// written, in two cases:
    /// - link reference definitions at a paragraph's start are taken out of it, and its
    ///   inlines are placed as if they were still there: a link on the line after
    ///   `[a]: https://…` was reported on the definition's line;
    /// - a paragraph right above a table (no blank line between) is made again by the table
    ///   extension, without a position: its inlines are counted from line 0 and column 0
    ///   (they were reported on the body's first line). The table starts where it did.
    ///   The table's header row then has its inlines placed on the table's first line, at
    ///   their offset in the table's text counted from the paragraph's start (`header`).
    struct Shift {
        var lines = 0, columns = 0
        /// For a cell of such a header row: where the table starts, and the offsets at which
        /// its text's lines start.
        var header: (line: Int, column: Int, lineStarts: [Int])?
        /// For a table cell: where its table starts. cmark-gfm places every row's cells as if
        /// the row's text started in the table's first column, whatever the row's own
        /// indentation (and quote markers): the row reads as a later line of a paragraph
        /// that starts where the table does (`SourceColumns`).
        var table: BlockStart?

        init() {}

        init(cell: OpaquePointer) {
            guard let row = cmark_node_parent(cell), let table = cmark_node_parent(row) else { return }
            self.table = MarkdownParser.start(of: table)
            guard let name = cmark_node_get_type_string(row), strcmp(name, "table_header") == 0,
                  let content = cmark_node_get_string_content(table) else { return }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(content).assumingMemoryBound(to: UInt8.self), count: strlen(content))
            var starts = [0]
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") && offset + 1 < bytes.count { starts.append(offset + 1) }
            // One line: the header row is the table's first, and cmark placed it right.
            guard starts.count > 1 else { return }
            header = (Int(cmark_node_get_start_line(table)), Int(cmark_node_get_start_column(table)), starts)
        }

        init(paragraph: OpaquePointer) {
            let start = Int(cmark_node_get_start_line(paragraph)), end = Int(cmark_node_get_end_line(paragraph))
            if start == 0 {
                guard let table = cmark_node_next(paragraph), cmark_node_get_start_line(table) > 0 else { return }
                lines = Int(cmark_node_get_start_line(table))
                columns = Int(cmark_node_get_start_column(table))
            } else if end > start, let content = cmark_node_get_string_content(paragraph) {
                let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(content).assumingMemoryBound(to: UInt8.self), count: strlen(content))
                // Lines end in LF, CR LF or CR, which cmark keeps in a block's text.
                let (lineFeeds, returns) = ByteCount.occurrences(of: UInt8(ascii: "\n"), UInt8(ascii: "\r"), in: bytes)
                let ends = bytes.last == UInt8(ascii: "\n") || bytes.last == UInt8(ascii: "\r")
                let contentLines = max(lineFeeds, returns) + (ends ? 0 : 1)
                lines = max(0, end - start + 1 - contentLines)
            }
        }

        func apply(to node: MarkdownNode) -> MarkdownNode {
            if let header {
                var node = node
                let offset = node.byteColumn - header.column
                let line = (header.lineStarts.lastIndex { $0 <= offset }) ?? 0
                node.line = header.line + line
                node.byteColumn = header.column + offset - header.lineStarts[line]
                return node
            }
            guard lines != 0 || columns != 0 else { return node }
            var node = node
            node.line += lines
            node.byteColumn += columns
            return node
        }

        /// Where the block's text starts, as `SourceColumns` reads it: for a table cell, where
        /// the table starts (its row is a later line of the same text).
        func start(of block: OpaquePointer) -> BlockStart {
            if let table { return table }
            let start = MarkdownParser.start(of: block)
            // After definitions the text left is on the paragraph's later lines, placed as
            // such (without the indentation cmark strips from them): the block still starts
            // on the first definition's line. A rebuilt paragraph starts where its table does.
            guard columns != 0 else { return start }
            return BlockStart(line: start.line + lines, byteColumn: start.byteColumn + columns)
        }
    }
}
