import Testing
@testable import Catalog

/// Text output at scale (`DiagnosticDigest`): each rule's first 20 occurrences in order,
/// a "more" line per capped rule, a table when the listing is long, the totals.
@Suite struct DiagnosticDigestTests {
    static func warning(_ rule: RuleID, line: Int, file: String = "content/a.md") -> Diagnostic {
        .warning(rule, at: SourceLocation(file: file, line: line, column: 1), "w\(line)")
    }

    @Test func shortListingHasNoTable() {
        let diagnostics = [Self.warning("raw-html", line: 1), .error("topic", at: SourceLocation(file: "content/b.md", line: 2, column: 8), "bad")]
        #expect(DiagnosticDigest.text(diagnostics, all: false, excerpts: false) == """
            content/a.md:1:1: warning: w1 [raw-html]
            content/b.md:2:8: error: bad [topic]
            1 error, 1 warning

            """)
    }

    @Test func nothingToReportPrintsNothing() {
        #expect(DiagnosticDigest.text([], all: false, excerpts: false) == "")
    }

    @Test func eachRuleIsCappedInTheListingsOrderThenCountedAndTabled() {
        // 23 raw-html and 1,234 unsafe-link, interleaved as a sorted listing would have them.
        var diagnostics: [Diagnostic] = []
        for line in 1...1234 {
            if line <= 23 { diagnostics.append(Self.warning("raw-html", line: line)) }
            diagnostics.append(Self.warning("unsafe-link", line: line))
        }
        let text = DiagnosticDigest.text(diagnostics, all: false, excerpts: false)
        var expected = ""
        for line in 1...20 {
            expected += "content/a.md:\(line):1: warning: w\(line) [raw-html]\ncontent/a.md:\(line):1: warning: w\(line) [unsafe-link]\n"
        }
        expected += """
            … and 3 more [raw-html]; --all shows every one
            … and 1,214 more [unsafe-link]; --all shows every one
            rule         severity  count  first location
            raw-html     warning      23  content/a.md:1:1
            unsafe-link  warning   1,234  content/a.md:1:1
            0 errors, 1257 warnings

            """
        #expect(text == expected)
    }

    @Test func allPrintsEveryOneWithTheTable() {
        let diagnostics = (1...21).map { Self.warning("raw-html", line: $0) }
        let text = DiagnosticDigest.text(diagnostics, all: true, excerpts: false)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 21 + 3)
        #expect(lines[20] == "content/a.md:21:1: warning: w21 [raw-html]")
        #expect(Array(lines[21...]) == ["rule      severity  count  first location",
                                        "raw-html  warning      21  content/a.md:1:1", "0 errors, 21 warnings"])
    }

    @Test func aRuleConfiguredDifferentlyPerFileHasARowPerSeverityErrorsFirst() {
        var diagnostics = (1...20).map { Self.warning("unknown-key", line: $0) }
        diagnostics.append(.error("unknown-key", at: SourceLocation(file: "content/b.md", line: 4, column: 1), "e"))
        #expect(DiagnosticDigest.table(RuleGroup.groups(of: diagnostics)) == """
            rule         severity  count  first location
            unknown-key  error         1  content/b.md:4:1
            unknown-key  warning      20  content/a.md:1:1

            """)
        // 21 of one rule: one more, whatever their severities.
        #expect(DiagnosticDigest.moreLines(RuleGroup.groups(of: diagnostics)) == "… and 1 more [unknown-key]; --all shows every one\n")
    }

    @Test func tableEscapesControlCharactersInPaths() {
        let diagnostics = (1...21).map { Self.warning("raw-html", line: $0, file: "content/a\nb\u{1B}.md") }
        let table = DiagnosticDigest.table(RuleGroup.groups(of: diagnostics))
        #expect(table.split(separator: "\n").last == "raw-html  warning      21  content/a\\u{A}b\\u{1B}.md:1:1")
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (12345, "12,345"), (1_234_567, "1,234,567")])
    func numbersAreGroupedByThousands(number: Int, text: String) {
        #expect(DiagnosticDigest.grouped(number) == text)
    }
}
