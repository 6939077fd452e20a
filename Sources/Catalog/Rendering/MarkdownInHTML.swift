/// Markdown written inside an HTML block, which CommonMark (GitHub's, this site's) shows as
/// written: an HTML block runs from its tag's line to the next blank line, and nothing in
/// it is read as Markdown. MDX (react.dev's `<Note>` with its text on the next line) and
/// kramdown read Markdown there, so content moved from them showed `` `code` ``,
/// `**bold**` and `[links](page.md)` as typed, with no word (22 links on 18 of react.dev's
/// pages). `RawHTMLChecker` reports the first such construct of a block (`foreign-syntax`).
///
/// Only the block's text is read, never its tags, comments, or the blocks whose content is
/// not HTML's text (`<pre>`, `<script>`, `<style>`, `<textarea>`). Each construct is looked
/// for within its line, and a line where one cannot close is left at once, so a block is
/// read in one pass.
enum MarkdownInHTML {
    struct Found: Equatable {
        /// The byte offset of the construct's first byte in the block's literal.
        var offset: Int
        /// The construct as written, cut to `ForeignSyntax.excerptLimit` bytes.
        var excerpt: String
    }

    /// The first code span, link or strong emphasis in `literal`'s text, nil when none.
    static func first(in literal: String) -> Found? {
        var literal = literal
        return literal.withUTF8 { bytes in
            guard !holdsNoHTMLText(bytes) else { return nil }
            var index = 0, inTag = false, lineEnd = -1
            // Where the current line has no close for a construct that opens after this.
            var noCodeBefore = -1, noLinkBefore = -1, noStrongBefore = -1
            while index < bytes.count {
                let byte = bytes[index]
                if index > lineEnd { lineEnd = endOfLine(bytes, from: index) }
                if inTag {
                    if byte == UInt8(ascii: ">") { inTag = false }
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "<"):
                    if bytes[index...].starts(with: "<!--".utf8) {
                        guard let close = find(bytes, "-->", from: index + 4) else { return nil }
                        index = close + 3
                        continue
                    }
                    if index + 1 < bytes.count, bytes[index + 1].isASCIILetter || bytes[index + 1] == UInt8(ascii: "/") { inTag = true }
                case UInt8(ascii: "`") where index >= noCodeBefore:
                    if let close = closing(bytes, UInt8(ascii: "`"), from: index + 1, lineEnd: lineEnd), close > index + 1 {
                        return found(bytes, index, close + 1)
                    }
                    noCodeBefore = lineEnd
                case UInt8(ascii: "[") where index >= noLinkBefore:
                    if let middle = find(bytes, "](", from: index + 1, before: lineEnd), middle > index + 1,
                       let close = closing(bytes, UInt8(ascii: ")"), from: middle + 2, lineEnd: lineEnd) {
                        return found(bytes, index, close + 1)
                    }
                    noLinkBefore = lineEnd
                case UInt8(ascii: "*") where index >= noStrongBefore && bytes[index...].starts(with: "**".utf8):
                    if index + 2 < lineEnd, !bytes[index + 2].isHTMLWhitespace,
                       let close = find(bytes, "**", from: index + 3, before: lineEnd), !bytes[close - 1].isHTMLWhitespace,
                       bytes[(index + 2)..<close].contains(where: { $0 != UInt8(ascii: "*") }) {
                        return found(bytes, index, close + 2)
                    }
                    noStrongBefore = lineEnd
                    index += 1
                default:
                    break
                }
                index += 1
            }
            return nil
        }
    }

    /// HTML blocks whose content a browser does not read as HTML text (CommonMark's kinds
    /// 1 to 5: `<pre>`, `<script>`, `<style>`, `<textarea>`, a comment, `<?`, `<!`).
    private static func holdsNoHTMLText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
        guard start + 1 < bytes.count else { return true }
        if bytes[start + 1] == UInt8(ascii: "!") || bytes[start + 1] == UInt8(ascii: "?") { return true }
        let name = bytes[(start + 1)...].prefix { $0.isASCIILetter }.map { $0 | 0x20 }
        return ["pre", "script", "style", "textarea"].contains { name.elementsEqual($0.utf8) }
    }

    private static func found(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Found {
        var cut = min(end, start + ForeignSyntax.excerptLimit)
        while cut < end, cut > start, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cut]), as: UTF8.self)
        return Found(offset: start, excerpt: cut < end ? text + "…" : text)
    }

    private static func endOfLine(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
    }

    /// The next `byte` at or after `from`, before `lineEnd` and before any `<`.
    private static func closing(_ bytes: UnsafeBufferPointer<UInt8>, _ byte: UInt8, from: Int, lineEnd: Int) -> Int? {
        var index = from
        while index < lineEnd {
            if bytes[index] == byte { return index }
            if bytes[index] == UInt8(ascii: "<") { return nil }
            index += 1
        }
        return nil
    }

    /// Where `pattern` next starts at or after `from`, ending before `end` (the block's end by default).
    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ pattern: String, from: Int, before end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        var index = from
        while index + pattern.utf8.count <= end {
            if bytes[index..<end].starts(with: pattern.utf8) { return index }
            index += 1
        }
        return nil
    }
}
