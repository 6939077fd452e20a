/// Names marked by a sigil, as Chroma and highlight.js colour them: a shell's or PHP's
/// variables (`$HOME`, `${name}`, `$1`, `$?`), the attributes and decorators of Python,
/// Java, Kotlin, Swift and their kin (`@dataclass`, `@Override`, `@app.route`), Ruby's
/// instance and class variables (`@name`, `@@count`) and Rust's attributes
/// (`#[derive(Debug)]`, `#![allow(unused)]`). Each is read within its line and a bounded
/// number of bytes, so a line of unclosed `${` or `#[` costs a constant per byte.
extension CodeHighlighter {
    /// The most bytes a `${…}` or `#[…]` is looked for in.
    static let longestBracketedName = 256

    /// A name that a sigil at `index` opens: where the next token begins after it, or nil
    /// when none does.
    mutating func sigilName(at index: Int, end: Int) -> Int? {
        switch bytes[index] {
        case UInt8(ascii: "$") where language.dollarVariables:
            guard let close = dollarVariable(at: index, end: end) else { return nil }
            return emit(.variable, index, close)
        case UInt8(ascii: "@"):
            guard let token = language.atNames, let close = atName(at: index, end: end) else { return nil }
            return emit(token, index, close)
        case UInt8(ascii: "#") where language.rustAttributes:
            guard let close = rustAttribute(at: index, end: end) else { return nil }
            return emit(.attribute, index, close)
        default:
            return nil
        }
    }

    /// `$name`, `${…}` on one line, `$0` to `$9`, or one of `$@ $# $? $$ $! $* $-`; not
    /// after a backslash (`\$HOME` is text), nor `$(…)`, `$'…'` or `$` alone.
    private func dollarVariable(at index: Int, end: Int) -> Int? {
        guard index + 1 < end, index == 0 || bytes[index - 1] != UInt8(ascii: "\\") else { return nil }
        let next = bytes[index + 1]
        if next == UInt8(ascii: "{") {
            return closing(UInt8(ascii: "{"), UInt8(ascii: "}"), from: index + 1, end: end)
        }
        if Self.isLetter(next) || next == UInt8(ascii: "_") {
            var close = index + 2
            while close < end, Self.isLetter(bytes[close]) || Self.isDigit(bytes[close]) || bytes[close] == UInt8(ascii: "_") {
                close += 1
            }
            return close
        }
        return Self.isDigit(next) || Self.specialParameters.contains(next) ? index + 2 : nil
    }

    private static let specialParameters = Set("@#?$!*-".utf8)

    /// `@name`, `@@name` or `@name.name…`, not right after a word (Kotlin's `return@label`,
    /// an address's `a@b`).
    private func atName(at index: Int, end: Int) -> Int? {
        guard index == 0 || !isWordByte(bytes[index - 1]) else { return nil }
        var start = index + 1
        if start < end, bytes[start] == UInt8(ascii: "@") { start += 1 }
        guard start < end, Self.isLetter(bytes[start]) || bytes[start] == UInt8(ascii: "_") else { return nil }
        var close = wordEnd(from: start, end: end)
        while close + 1 < end, bytes[close] == UInt8(ascii: "."), Self.isLetter(bytes[close + 1]) || bytes[close + 1] == UInt8(ascii: "_") {
            close = wordEnd(from: close + 1, end: end)
        }
        return close
    }

    /// `#[…]` or `#![…]`, its brackets balanced on one line.
    private func rustAttribute(at index: Int, end: Int) -> Int? {
        var open = index + 1
        if open < end, bytes[open] == UInt8(ascii: "!") { open += 1 }
        guard open < end, bytes[open] == UInt8(ascii: "[") else { return nil }
        return closing(UInt8(ascii: "["), UInt8(ascii: "]"), from: open, end: end)
    }

    /// Just after the `close` that balances the `open` at `index`, on its line and within
    /// `longestBracketedName` bytes; nil when there is none.
    private func closing(_ open: UInt8, _ close: UInt8, from index: Int, end: Int) -> Int? {
        var depth = 0, cursor = index
        let last = min(end, index + Self.longestBracketedName)
        while cursor < last {
            switch bytes[cursor] {
            case open: depth += 1
            case close:
                depth -= 1
                if depth == 0 { return cursor + 1 }
            case UInt8(ascii: "\n"): return nil
            default: break
            }
            cursor += 1
        }
        return nil
    }
}
