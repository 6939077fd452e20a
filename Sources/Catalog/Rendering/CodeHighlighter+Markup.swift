/// HTML and XML: a tag's name, its attributes' names and quoted values, comments, and the
/// script and style sheet inside `<script>` and `<style>` coloured as JavaScript and CSS.
extension CodeHighlighter {
    private static let script = CodeLanguage.named(byInfo: "javascript")!
    private static let styleSheet = CodeLanguage.named(byInfo: "css")!
    /// Bytes a tag's or attribute's name holds besides letters and digits.
    private static let nameBytes: Set<UInt8> = Set("-_:.@".utf8)

    mutating func markupToken(at index: Int, end: Int) -> Int {
        if let close = blockComment(at: index, end: end) {
            return emit(.comment, index, close)
        }
        guard bytes[index] == UInt8(ascii: "<") else { return index + 1 }
        var name = index + 1
        let closing = name < end && bytes[name] == UInt8(ascii: "/")
        if name < end, bytes[name] == UInt8(ascii: "/") || bytes[name] == UInt8(ascii: "!") || bytes[name] == UInt8(ascii: "?") {
            name += 1
        }
        guard name < end, Self.isLetter(bytes[name]) else { return index + 1 }
        let tagEnd = nameEnd(from: name, end: end)
        var cursor = emit(.tag, name, tagEnd)
        while cursor < end, bytes[cursor] != UInt8(ascii: ">"), bytes[cursor] != UInt8(ascii: "<") {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let close = find([byte], from: cursor + 1, end: end).map { $0 + 1 } ?? end
                cursor = emit(.string, cursor, close)
            } else if Self.isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@") {
                cursor = emit(.attribute, cursor, nameEnd(from: cursor, end: end))
            } else {
                cursor += 1
            }
        }
        guard cursor < end, bytes[cursor] == UInt8(ascii: ">") else { return cursor }
        let contentStart = cursor + 1
        guard !closing, bytes[cursor - 1] != UInt8(ascii: "/") else { return contentStart }
        let tag = text(name..<tagEnd).lowercased()
        guard tag == "script" || tag == "style" else { return contentStart }
        return embedded(tag == "script" ? Self.script : Self.styleSheet, from: contentStart,
                        to: findClosingTag(tag, from: contentStart, end: end))
    }

    /// Colours a script or style sheet inside its element, and returns where it ends.
    private mutating func embedded(_ language: CodeLanguage, from start: Int, to close: Int) -> Int {
        flush(to: start)
        var inner = CodeHighlighter(bytes: bytes, language: language, out: out, from: start)
        inner.run(from: start, to: close)
        written = close
        return close
    }

    /// A tag's or attribute's name: letters, digits, `-`, `_`, `:`, `.`, `@`.
    private func nameEnd(from index: Int, end: Int) -> Int {
        var close = index + 1
        while close < end {
            let byte = bytes[close]
            guard Self.isLetter(byte) || Self.isDigit(byte) || Self.nameBytes.contains(byte) else { break }
            close += 1
        }
        return close
    }

    /// Where `</tag` starts (in any case) at or after `index`, or `end`.
    private func findClosingTag(_ tag: String, from index: Int, end: Int) -> Int {
        let pattern = Array(("</" + tag).utf8)
        var cursor = index
        while cursor + pattern.count <= end {
            var equal = true
            for offset in pattern.indices where bytes[cursor + offset] | (offset > 1 ? 0x20 : 0) != pattern[offset] {
                equal = false
                break
            }
            if equal { return cursor }
            cursor += 1
        }
        return end
    }
}
