/// JavaScript's regular expression literals: a `/` where a value is expected (after `(`,
/// `=`, `=>`, an operator, `return`, or first on its line, but not after JSX's `<` or `>`) opens one, closed by the next `/` on
/// its line that is neither escaped nor in a `[…]` class, its flags after it. Anywhere else
/// a `/` divides, as a browser reads it.
extension CodeHighlighter {
    // Not `<` nor `>` alone: in JSX they close tags (`</li>`, `<p>/api/</p>`); `=>` counts.
    private static let beforeAValue = Set("(,=:[!&|?{};+-*%~^".utf8)
    private static let keywordsBeforeAValue: Set<String> = ["return", "typeof", "case", "in", "of", "delete", "void", "throw",
                                                             "new", "instanceof", "yield", "await", "else", "do"]

    /// Where the regular expression that opens at `index` ends, or nil when none does.
    mutating func regex(at index: Int, end: Int) -> Int? {
        guard index >= noRegexBefore, valueExpected(before: index) else { return nil }
        var cursor = index + 1, inClass = false
        while cursor < end {
            switch bytes[cursor] {
            case UInt8(ascii: "\n"):
                noRegexBefore = cursor
                return nil
            case UInt8(ascii: "\\"):
                cursor += 1
            case UInt8(ascii: "["):
                inClass = true
            case UInt8(ascii: "]"):
                inClass = false
            case UInt8(ascii: "/") where !inClass:
                guard cursor > index + 1 else { return nil }
                return wordEnd(from: cursor + 1, end: end)
            default:
                break
            }
            cursor += 1
        }
        noRegexBefore = end
        return nil
    }

    /// Whether what comes before `index` on its line leaves a value to be written.
    private func valueExpected(before index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor -= 1 }
        guard cursor >= 0, bytes[cursor] != UInt8(ascii: "\n") else { return true }
        if Self.beforeAValue.contains(bytes[cursor]) { return true }
        if bytes[cursor] == UInt8(ascii: ">") { return cursor > 0 && bytes[cursor - 1] == UInt8(ascii: "=") }
        guard isWordByte(bytes[cursor]) else { return false }
        var start = cursor
        while start > 0, cursor - start < 10, isWordByte(bytes[start - 1]) { start -= 1 }
        guard start == 0 || !isWordByte(bytes[start - 1]) else { return false }
        return Self.keywordsBeforeAValue.contains(text(start..<cursor + 1))
    }
}
