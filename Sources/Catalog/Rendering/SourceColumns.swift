/// Converts cmark's positions (line within the body, column in UTF-8 bytes) into the
/// file positions diagnostics use (line within the file, column in Unicode scalars,
/// which is how Yams/libyaml count, so every diagnostic of a file counts alike).
struct SourceColumns {
    private let lines: [Substring]
    private let body: MarkdownBody

    init(_ body: MarkdownBody) {
        self.body = body
        self.lines = body.text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The position of `node`. cmark-gfm places inlines on a paragraph's later lines as
    /// if the line's content started where the paragraph's first line did, and ignores
    /// the indentation it stripped; this measures where the content really starts.
    func location(of node: MarkdownNode, block: MarkdownNode?, quoted: Bool) -> SourceLocation {
        guard let block, node.line > block.line, node.line <= lines.count else {
            return location(line: node.line, byteColumn: node.byteColumn)
        }
        let start = contentStart(of: lines[node.line - 1], quoted: quoted)
        return location(line: node.line, byteColumn: start + node.byteColumn - block.byteColumn + 1)
    }

    /// Bytes before the first content character: indentation, and `>` markers in quotes.
    private func contentStart(of line: Substring, quoted: Bool) -> Int {
        var offset = 0
        for byte in line.utf8 {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || (quoted && byte == UInt8(ascii: ">")) {
                offset += 1
            } else {
                break
            }
        }
        return offset
    }

    func location(line: Int, byteColumn: Int) -> SourceLocation {
        let fileLine = body.firstLine + max(line, 1) - 1
        guard line >= 1, line <= lines.count, byteColumn > 1 else {
            return body.source.location(line: fileLine, column: max(byteColumn, 1))
        }
        let bytes = lines[line - 1].utf8.prefix(byteColumn - 1)
        let column = String(decoding: bytes, as: UTF8.self).unicodeScalars.count + 1
        return body.source.location(line: fileLine, column: column)
    }
}
