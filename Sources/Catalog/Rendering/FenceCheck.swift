import CCmark
import Foundation

/// Lines written as a code fence that Markdown reads as text (`fence-info-backtick`): a
/// backtick fence's info string cannot hold a backtick (CommonMark 4.5), so
/// "```warn header="Use `let`"" opens no code block. The line becomes a paragraph, and the
/// "```" meant to close the block opens one that runs on over the text after it. The
/// Modern JavaScript Tutorial writes 1,017 such lines in its own dialect (its engine reads
/// them as fences; GitHub, cmark-gfm and so the site do not).
///
/// Found in two steps: the body's lines are looked at for one that starts (after its
/// indentation and any quote or list markers) with a run of backticks followed by text
/// that holds a backtick but does not close the run as a code span; nearly no body has
/// one. Only then is the body parsed, to keep those lines that are a paragraph's: inside a
/// code block, an HTML block or a longer fence, such a line is text as written.
enum FenceCheck {
    /// Each line of `text` (1-based) that looks like a fence but is a paragraph's, and the
    /// byte column (1-based) of its first backtick, in order.
    static func paragraphFences(in text: String) -> [(line: Int, byteColumn: Int)] {
        let candidates = candidateLines(text)
        // A body over the budget is never parsed (`body-too-large` says so), not even here.
        guard !candidates.isEmpty, !MarkdownBudget.exceeds(text) else { return [] }
        let paragraphs = MarkdownParser.withDocument(text, linksOnly: true) { paragraphSpans(in: $0) } ?? []
        // A paragraph's first line from where it starts; its later lines whole (a fence can
        // end a paragraph without a blank line, so a writer may mean one there too).
        // Paragraphs come in document order and never share a line, so both lists are
        // walked once, side by side (a body of 20,000 such lines, each its own paragraph,
        // took seconds when each line looked through every paragraph).
        var next = 0
        return candidates.keys.sorted().compactMap { line in
            while next < paragraphs.count, paragraphs[next].endLine < line { next += 1 }
            guard next < paragraphs.count else { return nil }
            let paragraph = paragraphs[next], column = candidates[line]!
            let inParagraph = paragraph.start.line == line ? paragraph.start.byteColumn == column : paragraph.start.line < line
            return inParagraph ? (line, column) : nil
        }
    }

    /// Lines that start like a fence whose info string holds a backtick, with the byte
    /// column of the run's first backtick. Every body comes here: only backticks are
    /// looked at (`memchr`), and the lines are counted up to the ones that qualify.
    static func candidateLines(_ text: String) -> [Int: Int] {
        var found: [Int: Int] = [:]
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var search = 0, counted = 0, line = 1
            while search < bytes.count, let hit = memchr(base + search, Int32(UInt8(ascii: "`")), bytes.count - search) {
                let run = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                // Three backticks in a row; a single one (inline code) is passed over.
                guard run + 2 < bytes.count, bytes[run + 1] == UInt8(ascii: "`"), bytes[run + 2] == UInt8(ascii: "`") else {
                    search = run + 1
                    continue
                }
                let lineStart = Self.lineStart(bytes, before: run)
                let lineEnd = (memchr(base + run, Int32(UInt8(ascii: "\n")), bytes.count - run))
                    .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count
                if let lineStart, let column = fenceColumn(bytes[lineStart..<lineEnd]) {
                    line += ByteCount.occurrences(of: UInt8(ascii: "\n"), UInt8(ascii: "\n"),
                                                  in: UnsafeBufferPointer(rebasing: bytes[counted..<lineStart])).0
                    counted = lineStart
                    found[line] = column
                }
                search = lineEnd   // one look a line: its first run decides
            }
        }
        return found
    }

    /// Where the line holding `offset` starts, when only indentation and container
    /// markers come before `offset` on it.
    private static func lineStart(_ bytes: UnsafeBufferPointer<UInt8>, before offset: Int) -> Int? {
        var index = offset
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") {
            guard isContainerByte(bytes[index - 1]) else { return nil }
            index -= 1
        }
        return index
    }

    /// The byte column of a line's opening run when the line is such a fence.
    private static func fenceColumn(_ line: UnsafeBufferPointer<UInt8>.SubSequence) -> Int? {
        // Indentation and container markers: `>`, `-`, `*`, `+`, `1.`, `1)`.
        var index = line.startIndex
        while index < line.endIndex, isContainerByte(line[index]) { index += 1 }
        let runStart = index
        while index < line.endIndex, line[index] == UInt8(ascii: "`") { index += 1 }
        let run = index - runStart
        guard run >= 3 else { return nil }
        let info = line[index...]
        guard info.contains(UInt8(ascii: "`")), !closesRun(info, length: run) else { return nil }
        return runStart - line.startIndex + 1
    }

    private static func isContainerByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "*"),
             UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    /// Whether `info` holds a run of exactly `length` backticks: the opening run is then a
    /// code span's (``` `x` ``` is inline code, written on purpose).
    private static func closesRun(_ info: UnsafeBufferPointer<UInt8>.SubSequence, length: Int) -> Bool {
        var count = 0
        for byte in info {
            if byte == UInt8(ascii: "`") {
                count += 1
            } else {
                if count == length { return true }
                count = 0
            }
        }
        return count == length
    }

    /// Where each paragraph starts, and its last line.
    private static func paragraphSpans(in root: OpaquePointer) -> [(start: BlockStart, endLine: Int)] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [(start: BlockStart, endLine: Int)] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH else { continue }
            found.append((MarkdownParser.start(of: node), Int(cmark_node_get_end_line(node))))
        }
        return found
    }
}
