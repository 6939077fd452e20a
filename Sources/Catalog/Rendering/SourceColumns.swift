/// Converts cmark's positions (line within the body, column in UTF-8 bytes) into the
/// file positions diagnostics use (line within the file, column in Unicode scalars,
/// which is how libyaml counts, so every diagnostic of a file counts alike).
struct SourceColumns {
    private let body: MarkdownBody
    /// The body's text, read once (a streamed body would be read from its file each time).
    private let text: String
    /// The byte offset at which each line starts. Lines end at LF bytes: in Swift "\r\n" is
    /// one Character and would not match "\n". Offsets, not `Substring`s, because a body
    /// is checked for every file of the catalog and splitting it showed in profiles.
    private let lineStarts: [Int]

    init(_ body: MarkdownBody) {
        self.body = body
        var text = body.text
        self.text = text
        lineStarts = text.withUTF8 { ByteLines.lineStarts($0) }
    }

    /// The position of `node`. cmark-gfm places inlines on a paragraph's later lines as
    /// if the line's content started where the paragraph's first line did, and ignores
    /// the indentation it stripped; this measures where the content really starts.
    func location(of node: MarkdownNode, block: BlockStart?, quoted: Bool) -> SourceLocation {
        location(line: node.line, byteColumn: byteColumn(of: node, block: block, quoted: quoted))
    }

    private func byteColumn(of node: MarkdownNode, block: BlockStart?, quoted: Bool) -> Int {
        guard let block, node.line > block.line, node.line <= lineStarts.count else { return node.byteColumn }
        return withLine(node.line) { line in
            let stripped = contentStart(of: line, quoted: quoted) + node.byteColumn - block.byteColumn + 1
            // A line that continues a quote or a list item lazily (without its `>`, or less
            // indented) keeps its leading spaces in cmark's text: counted from the line's
            // start. Taken only where the first reading does not find the node's first byte.
            let lazy = node.byteColumn - block.byteColumn + 1
            guard lazy != stripped, let first = Self.firstByte(of: node), !Self.byte(line, at: stripped, is: first),
                  Self.byte(line, at: lazy, is: first) else { return stripped }
            return lazy
        }
    }

    /// The byte a node's source starts with, where the kind says: `[` or `<` for a link,
    /// `!` for an image, `<` for raw HTML, its first byte for text.
    private static func firstByte(of node: MarkdownNode) -> [UInt8]? {
        switch node.kind {
        case .link: [UInt8(ascii: "["), UInt8(ascii: "<")]
        case .image: [UInt8(ascii: "!")]
        case .htmlInline: [UInt8(ascii: "<")]
        case .text: node.literal.utf8.first.map { [$0] }
        default: nil
        }
    }

    private static func byte(_ line: UnsafeBufferPointer<UInt8>.SubSequence, at column: Int, is expected: [UInt8]) -> Bool {
        column >= 1 && column <= line.count && expected.contains(line[line.startIndex + column - 1])
    }

    /// Where `needle`, found at `offset` in a text node's literal, was written, as a byte
    /// offset in the body. A literal is not its source: cmark decodes escapes and entities
    /// (`\{`, `&#123;`) and joins adjacent text into one node. So `needle` is looked for in
    /// the source from where the node starts, as many times as the literal holds it before
    /// `offset`: on the node's line and a few after it (cmark places a paragraph's text as
    /// if the link reference definitions it took from the paragraph's first lines were
    /// still there). Nil when the source writes it otherwise: with an escape or an entity
    /// in it, or after a backslash (text meant as written).
    func byteOffset(of needle: [UInt8], atLiteralOffset offset: Int, in node: MarkdownNode, block: BlockStart?,
                    quoted: Bool) -> Int? {
        guard node.line >= 1, node.line <= lineStarts.count, !needle.isEmpty else { return nil }
        let literal = Array(node.literal.utf8)
        guard offset >= 0, offset <= literal.count else { return nil }
        let before = (0..<offset).count { literal[$0...].starts(with: needle) }
        let column = byteColumn(of: node, block: block, quoted: quoted)
        var text = self.text
        return text.withUTF8 { bytes -> Int? in
            let start = min(lineStarts[node.line - 1] + max(column, 1) - 1, bytes.count)
            let lastLine = min(node.line + Self.linesAfter, lineStarts.count)
            let end = min(lastLine < lineStarts.count ? lineStarts[lastLine] - 1 : bytes.count, start + Self.bytesAfter)
            var seen = 0, index = start
            while index + needle.count <= end {
                if bytes[index] == needle[0], bytes[index...].starts(with: needle) {
                    if seen == before { return index > 0 && bytes[index - 1] == UInt8(ascii: "\\") ? nil : index }
                    seen += 1
                }
                index += 1
            }
            return nil
        }
    }

    /// How far `byteOffset(of:atLiteralOffset:in:block:quoted:)` looks past a node's line.
    private static let linesAfter = 16, bytesAfter = 1 << 18

    /// The position of the byte at `offset` in a raw HTML node's literal: on its first line
    /// counted from the node, on later ones from where the line's content starts.
    func location(ofOffset offset: Int, in node: MarkdownNode, block: BlockStart?, quoted: Bool) -> SourceLocation {
        var literal = node.literal
        let (lines, column) = literal.withUTF8 { bytes in counted.lines(before: offset, in: bytes, of: node) }
        guard lines > 0 else {
            var shifted = node
            shifted.byteColumn += column
            return location(of: shifted, block: block, quoted: quoted)
        }
        let line = node.line + lines
        // An HTML block's lines keep their indentation (each is as far in as its first);
        // an inline tag's later lines are a paragraph's, whose indentation cmark strips.
        if case .htmlBlock = node.kind { return location(line: line, byteColumn: node.byteColumn + column) }
        guard line <= lineStarts.count else { return location(line: line, byteColumn: column + 1) }
        return location(line: line, byteColumn: withLine(line) { contentStart(of: $0, quoted: quoted) } + column + 1)
    }

    /// Bytes before the first content character: indentation, and `>` markers in quotes.
    private func contentStart(of line: UnsafeBufferPointer<UInt8>.SubSequence, quoted: Bool) -> Int {
        line.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || (quoted && $0 == UInt8(ascii: ">")) }.count
    }

    /// The position of the byte at `offset` in the body's text.
    func location(ofByteOffset offset: Int) -> SourceLocation {
        let line = ByteLines.line(containing: offset, starts: lineStarts)
        return location(line: line + 1, byteColumn: offset - lineStarts[line] + 1)
    }

    func location(line: Int, byteColumn: Int) -> SourceLocation {
        let fileLine = body.firstLine + max(line, 1) - 1
        guard line >= 1, line <= lineStarts.count, byteColumn > 1 else {
            return body.source.location(line: fileLine, column: max(byteColumn, 1))
        }
        // Scalars before the column: the bytes that do not continue a scalar. (A prefix cut
        // inside a scalar counts it once, as decoding the prefix with repair would.)
        let scalars = withLine(line) { bytes in counted.scalars(before: byteColumn - 1, onLine: line, bytes) }
        return body.source.location(line: fileLine, column: scalars + 1)
    }

    /// The last count of a line's scalars, which the next count on that line further on
    /// goes on from: a body's nodes are placed in order, and 50,000 links on one line of a
    /// megabyte would otherwise each count the line from its start.
    private let counted = ScalarCount()

    private final class ScalarCount {
        private var line = 0, bytes = 0, scalars = 0
        /// The same for a raw HTML node's lines (its attributes are placed in order): the
        /// node, how far its literal was read, the lines before that and where the last began.
        private var node = (line: 0, byteColumn: 0, count: 0), read = 0, lines = 0, lastLineStart = 0

        /// How many line feeds `literal` holds before `offset`, and the bytes from the last
        /// one (or the start) to `offset`.
        func lines(before offset: Int, in literal: UnsafeBufferPointer<UInt8>, of owner: MarkdownNode) -> (Int, Int) {
            let offset = min(max(offset, 0), literal.count)
            let key = (owner.line, owner.byteColumn, literal.count)
            if key != node || offset < read { (node, read, lines, lastLineStart) = (key, 0, 0, 0) }
            for index in read..<offset where literal[index] == UInt8(ascii: "\n") {
                lines += 1
                lastLineStart = index + 1
            }
            read = offset
            return (lines, offset - lastLineStart)
        }

        func scalars(before count: Int, onLine line: Int, _ text: UnsafeBufferPointer<UInt8>.SubSequence) -> Int {
            let count = min(max(count, 0), text.count)
            if line != self.line || count < bytes { (self.line, bytes, scalars) = (line, 0, 0) }
            let start = text.startIndex + bytes
            scalars += text[start..<(text.startIndex + count)].count { $0 & 0xC0 != 0x80 }
            bytes = count
            return scalars
        }
    }

    /// The position of the last `{#` on a heading's first line, where its own id is written
    /// (`HeadingAttribute`), or of the heading when that line has none (a heading of several
    /// lines, underlined).
    func location(ofHeadingAttribute heading: MarkdownNode) -> SourceLocation {
        guard heading.line >= 1, heading.line <= lineStarts.count else { return location(line: heading.line, byteColumn: heading.byteColumn) }
        let column = withLine(heading.line) { bytes -> Int? in
            var index = bytes.endIndex - 1
            while index > bytes.startIndex {
                if bytes[index] == UInt8(ascii: "#"), bytes[index - 1] == UInt8(ascii: "{") { return index - bytes.startIndex }
                index -= 1
            }
            return nil
        }
        return location(line: heading.line, byteColumn: column ?? heading.byteColumn)
    }

    /// The bytes of a 1-based line, without its LF.
    private func withLine<R>(_ line: Int, _ body: (UnsafeBufferPointer<UInt8>.SubSequence) -> R) -> R {
        var text = self.text
        return text.withUTF8 { bytes in
            let start = lineStarts[line - 1]
            let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
            return body(bytes[start..<end])
        }
    }
}
