/// A bound on how deep cmark can nest a body's nodes, from its bytes alone: `validate`
/// skips parsing a body without `[` or `<` (nothing to report), unless this bound says
/// that the body may nest deeper than `MarkdownParser.maximumDepth`.
///
/// Blocks nest only through a line's leading markers and indentation: each block quote
/// takes a `>`, each list and its item at least one column (a marker, or the indentation
/// standing for it), and a tab stands for at most four columns; a lazy continuation line
/// opens no block. Inlines (emphasis, strikethrough, links, images)
/// nest only through an opening `*`, `_`, `~` or `[` of their own, inside one paragraph,
/// which never spans a blank line. So the depth is at most the document, a table's three
/// levels, twice the widest line prefix in columns, the most of those
/// characters between two blank lines, and a leaf.
extension MarkdownScanner {
    static func mayNestTooDeep(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { depthBound($0) } > MarkdownParser.maximumDepth
    }

    static func depthBound(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var widestPrefix = 0, mostOpeners = 0
        var prefix = 0, inPrefix = true, lineIsBlank = true, openers = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if lineIsBlank { openers = 0 }
                prefix = 0
                inPrefix = true
                lineIsBlank = true
                continue
            }
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") { lineIsBlank = false }
            if inPrefix {
                if isPrefixByte(byte) {
                    prefix += byte == UInt8(ascii: "\t") ? 4 : 1
                    widestPrefix = max(widestPrefix, prefix)
                } else {
                    inPrefix = false
                }
            }
            if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "[") {
                openers += 1
                mostOpeners = max(mostOpeners, openers)
            }
        }
        return 1 + 3 + 2 * widestPrefix + mostOpeners + 1
    }

    /// What may stand before a line's content: indentation, quote and list markers.
    private static func isPrefixByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "+"),
             UInt8(ascii: "*"), UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }
}
