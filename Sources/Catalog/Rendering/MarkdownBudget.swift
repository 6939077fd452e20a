/// A bound, from a body's bytes alone, on how many nodes cmark-gfm would make of it: a
/// body over `limit` is not parsed at all (`body-too-large`), because cmark's memory
/// grows with its nodes, several hundred bytes each (4 MB of `a*` or of `a` lines took
/// over a gigabyte), and a table pads every row to its header's width (1,000 columns
/// and 2,000 one-letter rows made two million cells, 730 MB, of 12 KB).
///
/// Letters, digits, spaces and non-ASCII text never start a node, but for `w`: every node
/// but a table's padded cells starts at ASCII punctuation, a line break, or a `w` (the
/// autolink extension's `www.`: cmark-gfm then ends a text node at every `w`, and its
/// arena keeps each node even after merging neighbours, so 16 MB of `word ` took 720 MB).
/// So the bound is the number of those bytes ("marks") and, when a line can be a table's
/// delimiter row, the lines times the most cells a row can have (its `|` plus one).
enum MarkdownBudget {
    /// About 300 MB of cmark's nodes at worst; some 6 MB of prose, or 2 MB of code.
    static let limit = 400_000

    static func exceeds(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            // Every page's body comes here before it is parsed: most are far within the
            // budget by a bound counted eight bytes at a time, and only the others are
            // walked byte by byte.
            bound(bytes) > limit && cost(bytes) > limit
        }
    }

    /// At least `cost`: each byte is at most one mark, and a table's padded cells are at
    /// most the lines times one more than all the `|` of the body.
    static func bound(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let (lineBreaks, pipes) = ByteCount.occurrences(of: UInt8(ascii: "\n"), UInt8(ascii: "|"), in: bytes)
        let cells = (lineBreaks + 1).multipliedReportingOverflow(by: pipes + 1)
        let total = bytes.count.addingReportingOverflow(cells.partialValue)
        return cells.overflow || total.overflow ? .max : total.partialValue
    }

    static func cost(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var marks = 0, lines = 1, widestRow = 0, pipes = 0, hasDelimiterRow = false
        // Whether the line so far is only `|`, `-`, `:` and blanks, with a `-`.
        var delimiterLike = true, dashes = false
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if delimiterLike && dashes && pipes > 0 { hasDelimiterRow = true }
                widestRow = max(widestRow, pipes + 1)
                marks += 1
                lines += 1
                pipes = 0
                delimiterLike = true
                dashes = false
                continue
            }
            if isPunctuation(byte) || byte == UInt8(ascii: "w") { marks += 1 }
            switch byte {
            case UInt8(ascii: "|"): pipes += 1
            case UInt8(ascii: "-"): dashes = true
            case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: delimiterLike = false
            }
        }
        if delimiterLike && dashes && pipes > 0 { hasDelimiterRow = true }
        widestRow = max(widestRow, pipes + 1)
        return marks + (hasDelimiterRow ? lines * widestRow : 0)
    }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }
}
