import Testing
@testable import Catalog

/// `fence-info-backtick`: a line written as a fence of backticks that holds another
/// backtick is a paragraph in CommonMark (The Modern JavaScript Tutorial's
/// ```` ```warn header="…`let`…" ```` blocks, 812 of its lines); the check reports it
/// where a paragraph starts, and nowhere that such a line is text as written.
@Suite struct FenceCheckTests {
    private func fences(_ text: String) -> [String] {
        FenceCheck.paragraphFences(in: text).map { "\($0.line):\($0.byteColumn)" }
    }

    @Test func aFenceWhoseInfoHoldsABacktickIsReportedWhereItsParagraphStarts() {
        #expect(fences("Intro.\n\n```warn header=\"Use `let`\"\nNot code.\n```\n") == ["3:1"])
        #expect(fences("> ```tip `x`\n> quoted\n") == ["1:3"])
        #expect(fences("- item\n\n  ```smart header=\"`a`\"\n  text\n") == ["3:3"])
        // A fence may end a paragraph without a blank line: meant as one there, it is text too.
        #expect(fences("Text\n```x`y\nmore\n") == ["2:1"])
    }

    @Test("Such a line where it is not a paragraph's start is not reported", arguments: [
        "``` `inline code` ```\n",                       // a code span, closed on the line
        "````md\n```warn `x`\n````\n",                    // inside a longer fence
        "~~~warn header=\"`x`\"\ncode\n~~~\n",            // a fence of tildes may hold backticks
        "    ```x`y\n",                                   // an indented code block
        "<div>\n```x`y\n</div>\n",                        // an HTML block
        "```js\ncode\n```\n",                             // a fence as it should be
    ])
    func notReported(_ text: String) {
        #expect(fences(text).isEmpty)
    }

    /// The candidates, line by line as the rule reads: after indentation and container
    /// markers, three or more backticks, then a backtick that does not close them.
    private static func naiveCandidates(_ text: String) -> [Int: Int] {
        var found: [Int: Int] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let bytes = Array(line.utf8)
            let prefix = bytes.prefix { " \t>-*+.)0123456789".utf8.contains($0) }.count
            let run = bytes[prefix...].prefix { $0 == UInt8(ascii: "`") }.count
            guard run >= 3 else { continue }
            let info = String(decoding: bytes[(prefix + run)...], as: UTF8.self)
            let runs = info.split(whereSeparator: { $0 != "`" }).map(\.count)
            if info.contains("`"), !runs.contains(run) { found[number + 1] = prefix + 1 }
        }
        return found
    }

    @Test("Candidates are found as a line-by-line reading finds them", arguments: 0..<300)
    func candidatesMatchALineByLineReading(_ seed: Int) {
        var generator = SeededGenerator(state: UInt64(seed))
        let pieces = ["```", "````", "`", "x", " ", "> ", "- ", "1. ", "\n", "\n", "~~~", "é"]
        let text = (0..<Int.random(in: 0...80, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        #expect(FenceCheck.candidateLines(text) == Self.naiveCandidates(text), "\(text.debugDescription)")
    }

    /// A body over `MarkdownBudget` is not parsed at all, for this check either: the parse
    /// it guards against takes gigabytes.
    @Test func aBodyOverTheBudgetIsNotParsedForIt() {
        let body = "```warn header=\"`x`\"\n\n" + String(repeating: "a*", count: MarkdownBudget.limit) + "\n"
        #expect(MarkdownBudget.exceeds(body))
        #expect(fences(body).isEmpty)
    }

    @Test func reportedAtItsLineInTheFile() {
        let body = MarkdownBody(text: "Intro.\n\n日本 text\n\n```warn header=\"`x`\"\n",
                                source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"), firstLine: 5)
        let found = BodyChecker.check(body, contentRoot: Repository.root).map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" }
        #expect(found == ["9:1 fence-info-backtick"])
    }
}
