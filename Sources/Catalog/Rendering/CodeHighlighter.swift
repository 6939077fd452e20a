/// Colours a fenced code block's text, as Hugo, Zola and mdBook do: its comments, strings,
/// numbers, keywords and literals (and in HTML and XML its tags and attributes) are each
/// wrapped in a `<span class="hl-…">` that the site's style sheet colours; everything else,
/// and every block in a language `CodeLanguage` does not know, is the escaped text as before.
/// Removing the spans gives back exactly the plain block (`CodeHighlighterTests`).
///
/// One pass over the UTF-8 bytes, each byte looked at a bounded number of times: no
/// backtracking, so a hostile block costs what a plain one of its size does. Tokens begin
/// and end at ASCII bytes, so every span holds whole characters.
struct CodeHighlighter {
    enum Token {
        case comment, string, number, keyword, literal, tag, attribute, variable, prompt, inserted, deleted

        /// The class the site's style sheet colours it by.
        var className: StaticString {
            switch self {
            case .comment: "hl-c"
            case .string: "hl-s"
            case .number: "hl-n"
            case .keyword: "hl-k"
            case .literal: "hl-l"
            case .tag: "hl-t"
            case .attribute: "hl-a"
            case .variable: "hl-v"
            case .prompt: "hl-p"
            case .inserted: "hl-i"
            case .deleted: "hl-d"
            }
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let language: CodeLanguage
    let out: HTMLBuilder
    /// Where the text not yet written starts.
    var written: Int
    /// Where the line ends on which a `/` began no regular expression: no other is tried
    /// before it, so a line of unclosed ones is read once.
    var noRegexBefore = 0
    /// Where the line ends on which a one-line string was left unclosed: none opens again
    /// before it (an apostrophe in JSX's text or in prose is no string), so such a line is read once.
    var noStringBefore = 0
    /// Whether the last line of a shell session ended in `\`, so that this one goes on with its command.
    var continuesCommand = false

    /// Writes `code` into `out`, coloured as `language` reads it.
    static func write(_ code: String, as language: CodeLanguage, into out: HTMLBuilder) {
        var code = code
        code.withUTF8 { bytes in
            var highlighter = CodeHighlighter(bytes: bytes, language: language, out: out, from: 0)
            highlighter.run(from: 0, to: bytes.count)
        }
    }

    /// A highlighter of `bytes` whose text before `start` is written.
    init(bytes: UnsafeBufferPointer<UInt8>, language: CodeLanguage, out: HTMLBuilder, from start: Int) {
        self.bytes = bytes
        self.language = language
        self.out = out
        written = start
    }

    /// Colours `bytes[start..<end]`.
    mutating func run(from start: Int, to end: Int) {
        var index = start
        while index < end {
            if language.lines != nil {
                index = line(at: index, end: end)
            } else if language.markup {
                index = markupToken(at: index, end: end)
            } else {
                index = token(at: index, end: end)
            }
        }
        flush(to: end)
    }

    /// Reads the token at `index` (colouring it when it is one) and returns where the next begins.
    private mutating func token(at index: Int, end: Int) -> Int {
        let byte = bytes[index]
        if language.tokenStarts[Int(byte)], let next = delimited(at: index, end: end) {
            return next
        }
        if Self.isDigit(byte), !follows(index, start: 0) {
            return emit(.number, index, numberEnd(from: index, end: end))
        }
        if isWordStart(byte) {
            let close = wordEnd(from: index + 1, end: end)
            return word(index, close, end: end)
        }
        return index + 1
    }

    /// A comment, string, name after a sigil, regular expression or directive at `index`: where the next token
    /// begins after it, or nil when none begins there.
    private mutating func delimited(at index: Int, end: Int) -> Int? {
        let byte = bytes[index]
        if let close = blockComment(at: index, end: end) {
            return emit(.comment, index, close)
        }
        if let close = lineComment(at: index, end: end) {
            return emit(.comment, index, close)
        }
        if let close = string(at: index, end: end) {
            return emit(.string, prefixStart(index), close)
        }
        if let next = sigilName(at: index, end: end) {
            return next
        }
        if language.regexLiterals, byte == UInt8(ascii: "/"), let close = regex(at: index, end: end) {
            return emit(.string, index, close)
        }
        if language.preprocessor, byte == UInt8(ascii: "#"), startsLine(index) {
            let close = wordEnd(from: index + 1, end: end)
            if close > index + 1 { return directive(index, close, end: end) }
        }
        return nil
    }

    /// A preprocessor directive (`#define`), and the header that `#include <stdio.h>` names.
    private mutating func directive(_ start: Int, _ close: Int, end: Int) -> Int {
        let next = emit(.keyword, start, close)
        let name = text(start + 1..<close)
        guard name == "include" || name == "import" else { return next }
        var open = next
        while open < end, bytes[open] == UInt8(ascii: " ") || bytes[open] == UInt8(ascii: "\t") { open += 1 }
        guard open < end, bytes[open] == UInt8(ascii: "<") else { return next }
        var header = open + 1
        while header < end, bytes[header] != UInt8(ascii: ">"), bytes[header] != UInt8(ascii: "\n") { header += 1 }
        guard header < end, bytes[header] == UInt8(ascii: ">") else { return next }
        return emit(.string, open, header + 1)
    }

    /// A word: a keyword, a literal, a key before its colon, or plain text.
    private mutating func word(_ start: Int, _ close: Int, end: Int) -> Int {
        // Most words are names: only one whose first byte and length a listed word has is looked up.
        let listed = language.mayList(first: bytes[start], length: close - start)
        var key = ""
        if listed {
            let text = text(start..<close)
            key = language.anyCase ? text.lowercased() : text
            if language.keywords.contains(key) { return emit(.keyword, start, close) }
        }
        if language.keysBeforeColon, isKey(start, close, end: end) { return emit(.keyword, start, close) }
        if listed, language.literals.contains(key) { return emit(.literal, start, close) }
        return close
    }

    // MARK: - The kinds of token

    func blockComment(at index: Int, end: Int) -> Int? {
        for (open, close) in language.blockComments where matches(open, at: index, end: end) {
            return find(close, from: index + open.count, end: end).map { $0 + close.count } ?? end
        }
        return nil
    }

    private func lineComment(at index: Int, end: Int) -> Int? {
        guard language.lineComments.contains(where: { matches($0, at: index, end: end) }) else { return nil }
        if language.commentAfterSpace, index > 0, !Self.isSpace(bytes[index - 1]) { return nil }
        var close = index
        while close < end, bytes[close] != UInt8(ascii: "\n") { close += 1 }
        return close
    }

    /// Where the string that opens at `index` ends (after its close, or at the end of the
    /// block when a string that may span lines is not closed), or nil when none opens
    /// there: a one-line string not closed on its line is none (`It's` in JSX's text).
    private mutating func string(at index: Int, end: Int) -> Int? {
        for form in language.strings where matches(form.open, at: index, end: end) {
            if !form.multiline, index < noStringBefore { continue }
            if let shortest = form.shortest {
                guard !follows(index, start: 0) || prefixStart(index) < index,
                      let close = shortClose(form, at: index, limit: shortest, end: end) else { continue }
                return close
            }
            var cursor = index + form.open.count
            while cursor < end {
                let byte = bytes[cursor]
                if form.escapes, byte == UInt8(ascii: "\\") {
                    cursor += 2
                    continue
                }
                if byte == UInt8(ascii: "\n"), !form.multiline { break }
                if matches(form.close, at: cursor, end: end) { return cursor + form.close.count }
                cursor += 1
            }
            guard form.multiline else {
                noStringBefore = cursor
                continue
            }
            return end
        }
        return nil
    }

    /// Where a string that opens at `index` starts with its prefix of one or two letters
    /// written against it (`b'x'` and `b"…"` in Rust, `f"…"` and `rb"…"` in Python, `L"…"`
    /// in C), when that prefix is not written yet; `index` otherwise.
    private func prefixStart(_ index: Int) -> Int {
        var start = index
        while start > max(written, index - 2), Self.isLetter(bytes[start - 1]) { start -= 1 }
        return start < index && (start == 0 || !isWordByte(bytes[start - 1])) ? start : index
    }

    /// The end of a character literal: one character (`'x'`, `'é'`) or an escape that
    /// closes within `limit` bytes on its line (`'\n'`, `'\u{1F600}'`); nil for anything else
    /// (Rust's lifetime in `<'a>(x: &'a str)`).
    private func shortClose(_ form: CodeLanguage.StringForm, at index: Int, limit: Int, end: Int) -> Int? {
        var cursor = index + form.open.count
        guard cursor < end else { return nil }
        if !(form.escapes && bytes[cursor] == UInt8(ascii: "\\")) {
            let character = cursor + Self.scalarLength(bytes[cursor])
            return matches(form.close, at: character, end: end) && bytes[cursor] != UInt8(ascii: "\n") ? character + form.close.count : nil
        }
        let last = min(end, cursor + limit)
        while cursor < last, bytes[cursor] != UInt8(ascii: "\n") {
            if form.escapes, bytes[cursor] == UInt8(ascii: "\\") {
                cursor += 2
                continue
            }
            if matches(form.close, at: cursor, end: end) {
                return cursor > index + form.open.count ? cursor + form.close.count : nil
            }
            cursor += 1
        }
        return nil
    }

    /// A number's end: its digits, letters (`0x1F`, `10px`, `2u32`) and a `.` before a digit.
    private func numberEnd(from index: Int, end: Int) -> Int {
        var close = index + 1
        while close < end {
            let byte = bytes[close]
            if (byte | 0x20) == UInt8(ascii: "e"), close + 2 < end, bytes[close + 1] == UInt8(ascii: "-") || bytes[close + 1] == UInt8(ascii: "+"),
               Self.isDigit(bytes[close + 2]), !isHexadecimal(index) {
                close += 3
            } else if Self.isDigit(byte) || Self.isLetter(byte) || byte == UInt8(ascii: "_") {
                close += 1
            } else if byte == UInt8(ascii: "."), close + 1 < end, Self.isDigit(bytes[close + 1]) {
                close += 2
            } else {
                break
            }
        }
        return close
    }

    /// Whether the number at `index` is written in hexadecimal (`0x1e+5` is `0x1e` plus 5).
    private func isHexadecimal(_ index: Int) -> Bool {
        index + 1 < bytes.count && bytes[index] == UInt8(ascii: "0") && bytes[index + 1] | 0x20 == UInt8(ascii: "x")
    }

    /// Whether the word is a key: first on its line (after spaces and `- `), a `:` right after it.
    private func isKey(_ start: Int, _ close: Int, end: Int) -> Bool {
        guard close < end, bytes[close] == UInt8(ascii: ":") else { return false }
        var cursor = start - 1
        while cursor >= 0, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "-") { cursor -= 1 }
        return cursor < 0 || bytes[cursor] == UInt8(ascii: "\n")
    }

    // MARK: - Writing

    /// Writes the plain text before `start`, then `bytes[start..<close]` in a span of `token`'s class.
    mutating func emit(_ token: Token, _ start: Int, _ close: Int) -> Int {
        flush(to: start)
        out.raw("<span class=\"")
        out.raw(token.className)
        out.raw("\">")
        HTMLEscaping.escape(UnsafeBufferPointer(rebasing: bytes[start..<close]), into: out)
        out.raw("</span>")
        written = close
        return close
    }

    /// Writes the plain text not yet written, up to `index`.
    mutating func flush(to index: Int) {
        guard index > written else { return }
        HTMLEscaping.escape(UnsafeBufferPointer(rebasing: bytes[written..<index]), into: out)
        written = index
    }

    // MARK: - Bytes

    /// The text of `range` (which begins and ends at ASCII bytes, so at whole characters).
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    func matches(_ pattern: [UInt8], at index: Int, end: Int) -> Bool {
        guard index + pattern.count <= end else { return false }
        for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    /// Where `pattern` next begins at or after `index`, before `end`.
    func find(_ pattern: [UInt8], from index: Int, end: Int) -> Int? {
        var cursor = index
        while cursor + pattern.count <= end {
            if matches(pattern, at: cursor, end: end) { return cursor }
            cursor += 1
        }
        return nil
    }

    /// Whether the byte before `index` belongs to a word (so `index` does not start one).
    private func follows(_ index: Int, start: Int) -> Bool {
        index > start && isWordByte(bytes[index - 1])
    }

    private func startsLine(_ index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor -= 1 }
        return cursor < 0 || bytes[cursor] == UInt8(ascii: "\n")
    }

    func wordEnd(from index: Int, end: Int) -> Int {
        var close = index
        while close < end, isWordByte(bytes[close]) { close += 1 }
        return close
    }

    private func isWordStart(_ byte: UInt8) -> Bool {
        Self.isLetter(byte) || byte == UInt8(ascii: "_") || byte >= 0x80 || language.wordStarts.contains(byte)
    }

    func isWordByte(_ byte: UInt8) -> Bool {
        Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "_") || byte >= 0x80 || language.wordBytes.contains(byte)
    }

    /// How many bytes the UTF-8 character that `lead` starts takes (1 for a byte that starts none).
    static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
