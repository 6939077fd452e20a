/// The languages read a line at a time: a shell session (`console`), whose `$ ` prompts are
/// muted and whose commands are coloured as shell (a line ending in `\` continues its
/// command), and a diff, whose added, removed, hunk and file header lines are each coloured
/// whole.
extension CodeHighlighter {
    private static let shell = CodeLanguage.named(byInfo: "bash")!
    private static let prompt = Array("$ ".utf8)
    private static let fileHeaders = ["+++", "---", "diff ", "index "].map { Array($0.utf8) }
    private static let hunkHeader = Array("@@".utf8)

    /// Reads the line that starts at `index` and returns where the next one starts.
    mutating func line(at index: Int, end: Int) -> Int {
        var close = index
        while close < end, bytes[close] != UInt8(ascii: "\n") { close += 1 }
        let next = close < end ? close + 1 : end
        switch language.lines {
        case .console: consoleLine(index, close)
        case .diff: diffLine(index, close)
        case nil: break
        }
        return next
    }

    private mutating func consoleLine(_ start: Int, _ close: Int) {
        let continued = continuesCommand
        continuesCommand = false
        var command = start
        if !continued {
            guard matches(Self.prompt, at: start, end: close) else { return }
            command = emit(.prompt, start, start + 2)
        }
        flush(to: command)
        var inner = CodeHighlighter(bytes: bytes, language: Self.shell, out: out, from: command)
        inner.run(from: command, to: close)
        written = close
        var last = close
        if last > start, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
        continuesCommand = last > command && bytes[last - 1] == UInt8(ascii: "\\")
    }

    private mutating func diffLine(_ start: Int, _ close: Int) {
        guard close > start else { return }
        let token: Token
        if Self.fileHeaders.contains(where: { matches($0, at: start, end: close) }) {
            token = .keyword
        } else if matches(Self.hunkHeader, at: start, end: close) {
            token = .comment
        } else if bytes[start] == UInt8(ascii: "+") || bytes[start] == UInt8(ascii: ">") {
            token = .inserted
        } else if bytes[start] == UInt8(ascii: "-") || bytes[start] == UInt8(ascii: "<") {
            token = .deleted
        } else {
            return
        }
        _ = emit(token, start, close)
    }
}
