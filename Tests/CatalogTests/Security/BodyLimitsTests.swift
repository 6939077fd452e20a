import Foundation
import Testing

/// Hostile bodies and front matter, end to end (SECURITY.md: no crash and no blow-up on
/// any body; whatever `build` cannot render, `validate` reports first). Each case runs
/// `validate` and `build` with a time limit of 20 s, under 512 MB, without a signal, and
/// changes nothing outside the output.
@Suite(.serialized) struct BodyLimitsTests {
    private static let seconds = 20.0

    private static func page(_ body: String, frontMatter: String = "") -> String {
        "---\ntitle: Page\nsummary: A page.\n" + frontMatter + "---\n\n" + body
    }

    /// `validate` then `build` on `work`, each safe; the listing outside the output unchanged.
    private static func runBoth(_ work: HostileWork, memoryLimit: Int = 512 << 20,
                                sourceLocation: SourceLocation = #_sourceLocation) throws -> (validate: HostileOutcome, build: HostileOutcome) {
        // `validate` keeps its thumbnail cache in the working folder's `.catalog-cache`.
        let outputs = ["out", "out/site", "cache", ".catalog-cache"]
        let before = work.listing(excluding: outputs)
        let validate = try HostileRun.run(["validate", "--content", "content"], in: work, seconds: seconds)
        validate.expectSafe(memoryLimit: memoryLimit, sourceLocation: sourceLocation)
        let build = try HostileRun.run(["build", "--content", "content", "--output", "out/site", "--cache", "cache"],
                                       in: work, seconds: seconds)
        build.expectSafe(memoryLimit: memoryLimit, sourceLocation: sourceLocation)
        #expect(work.listing(excluding: outputs) == before, "something outside the output changed", sourceLocation: sourceLocation)
        return (validate, build)
    }

    /// The diagnostic lines (`path:line:column: severity: message [rule]`) of a run.
    private static func diagnostics(_ outcome: HostileOutcome) -> [String] {
        (outcome.stdout + outcome.stderr).split(separator: "\n").map(String.init).filter { $0.hasSuffix("]") && $0.contains(": error: ") }
    }

    // MARK: Search terms

    /// A code block of one 60 KB word made the shard writer split it letter by letter until
    /// the stack overflowed (SIGSEGV). Now the word is indexed by its first 64 characters:
    /// the page builds, and the word is found by those characters (and, as the browser cuts
    /// query words alike, by the whole word).
    @Test func hexDumpBuildsAndIsIndexedByItsFirst64Characters() throws {
        let work = try HostileWork()
        defer { work.remove() }
        let word = (0..<60_000).map { String($0 * 7 % 16, radix: 16) }.joined()
        try work.write("page.md", Self.page("A dump:\n\n```\n" + word + "\n```\n"))
        let (validate, build) = try Self.runBoth(work)
        #expect(validate.status == 0 && build.status == 0, "\(build.stderr.suffix(500))")
        let search = work.root.appendingPathComponent("out/site/search/en-us")
        let shards = try FileManager.default.contentsOfDirectory(atPath: search.path).filter { $0.hasPrefix("t-") }
        let texts = try shards.map { try String(contentsOf: search.appendingPathComponent($0), encoding: .utf8) }
        #expect(texts.contains { $0.contains("\"\(word.prefix(64))\":[[],[0]]") })
        #expect(!texts.contains { $0.contains(String(word.prefix(65))) })
    }

    /// 8 MB of one letter: one term, cut as well.
    @Test func eightMegabyteWordBuilds() throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("page.md", Self.page(String(repeating: "x", count: 8_000_000) + "\n"))
        let (validate, build) = try Self.runBoth(work)
        #expect(validate.status == 0 && build.status == 0)
    }

    // MARK: Nesting

    /// 50,000 nested quotes, lists or emphases overflowed the stack of the conversion into
    /// `MarkdownNode`s (SIGSEGV in `build`; `validate` passed). Now both report
    /// `body-too-deep` where the 101st level starts, and stop.
    @Test(arguments: [
        (LongText(String(repeating: ">", count: 50_000) + " deep\n"), 100),
        (LongText(String(repeating: "- ", count: 50_000) + "deep\n"), 99),
        (LongText(String(repeating: "*a ", count: 50_000) + "b" + String(repeating: " a*", count: 50_000) + "\n"), 293),
    ])
    func deepNestingIsReportedByValidateAndBuild(body: LongText, column: Int) throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("page.md", Self.page(body.text))
        let (validate, build) = try Self.runBoth(work)
        let expected = ["content/page.md:6:\(column): error: quotes, lists, emphasis or links nest here more than 100 levels deep and what is deeper is left out of the page; flatten the nesting, or put text meant literally in a code block [body-too-deep]"]
        #expect(Self.diagnostics(validate) == expected)
        #expect(Self.diagnostics(build) == expected)
        #expect(validate.status == 1 && build.status == 1)
    }

    /// Quotes one level deeper on each of 300 lines, and a list indented one level
    /// deeper on each of 2,000 lines: reported at the first line past the limit.
    @Test(arguments: [
        (LongText((1..<300).map { String(repeating: ">", count: $0) + " q\n" }.joined()), "content/page.md:103:100"),
        (LongText((0..<2_000).map { String(repeating: "  ", count: $0) + "- item\n" }.joined()), "content/page.md:54:99"),
    ])
    func nestingThatGrowsLineByLineIsReported(body: LongText, position: String) throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("page.md", Self.page(body.text))
        let (validate, build) = try Self.runBoth(work)
        #expect(Self.diagnostics(validate).map { String($0.prefix(position.count + 8)) } == [position + ": error:"])
        #expect(Self.diagnostics(build) == Self.diagnostics(validate))
    }

    // MARK: Size

    /// 50,000 equal headings took 164 s (each id counted its suffixes from 1).
    @Test func fiftyThousandEqualHeadingsBuildQuickly() throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("page.md", Self.page(String(repeating: "## Intro\n\n", count: 50_000)))
        let (validate, build) = try Self.runBoth(work)
        #expect(validate.status == 0 && build.status == 0)
        let html = try String(contentsOf: work.root.appendingPathComponent("out/site/en-us/page/index.html"), encoding: .utf8)
        #expect(html.contains("<h3 id=\"intro\">Intro</h3>"))
        #expect(html.contains("<h3 id=\"intro-1\">Intro</h3>"))
        #expect(html.contains("<h3 id=\"intro-49999\">Intro</h3>"))
        #expect(!html.contains("intro-50000"))
    }

    /// 20,000 headings and 20,000 links within the page to none of them: each link's
    /// message suggested an id among all 20,000 (a minute on the 2-core machine).
    /// Now the first 50 are reported and the rest counted, each suggestion among 1,000 ids;
    /// links within a page and ids as many again in HTML (`<a href="#…">`, `<span id>`).
    @Test func twentyThousandBrokenLinksWithinAPageAreReportedQuickly() throws {
        let work = try HostileWork()
        defer { work.remove() }
        let markdown = (0..<20_000).map { "## Heading number \($0)\n\n[x](#nope-\($0))\n" }.joined(separator: "\n")
        let html = (0..<4_000).map { "<span id=\"id-\($0)\"></span><a href=\"#gone-\($0)\">y</a>" }.joined(separator: "\n\n")
        try work.write("page.md", Self.page(markdown + "\n" + html + "\n"))
        let (validate, build) = try Self.runBoth(work)
        #expect(validate.status == 0 && build.status == 0)
        // The first 20 in text, then the count of the 50 reported (the 50th counts the rest).
        #expect(validate.stderr.contains("\n… and 30 more [link-anchor-missing]; --all shows every one\n"))
    }

    /// A link to a 200,000-character fragment on a page with a 300,000-character id: the
    /// suggestion compared the two (60 billion steps) and the build never ended. Names that
    /// long are no typos and are not compared; messages show 64 characters of them.
    @Test func aHugeFragmentAndAHugeIDAreNotCompared() throws {
        let work = try HostileWork()
        defer { work.remove() }
        let body = "## Start\n\n[long](#" + String(repeating: "L", count: 200_000) + ")\n\n<span id=\""
            + String(repeating: "k", count: 300_000) + "\">long id</span>\n"
        try work.write("page.md", Self.page(body))
        let (validate, build) = try Self.runBoth(work)
        #expect(validate.status == 0 && build.status == 0)
        let reported = validate.stderr.split(separator: "\n").filter { $0.hasSuffix("[link-anchor-missing]") }
        #expect(reported.count == 1 && reported[0].utf8.count < 600, "\(reported.map(\.utf8.count))")
    }

    /// Links into another page's ids are placed as they are noted, and placing each link
    /// counted its line (or its HTML block) from the start: 40,000 such links on a line of
    /// 4.7 MB took 37 s, 9,500 in one HTML block of 4 MB 21 s. Placing goes on from the last
    /// place on the line now; the link to an id the page has is not reported.
    @Test func manyLinksIntoAnotherPageOnOneLineArePlacedInOnePass() throws {
        let work = try HostileWork()
        defer { work.remove() }
        let pad = String(repeating: "x", count: 100)
        try work.write("other.md", Self.page("## X\n"))
        try work.write("many.md", Self.page((0..<40_000).map { _ in "[a](other.md#x) \(pad)" }.joined(separator: " ") + "\n"))
        try work.write("raw.md", Self.page("<p>" + (0..<9_500).map { _ in "<a href=\"other.md#y\">a</a> \(pad)\(pad)" }.joined(separator: " ") + "</p>\n"))
        let (validate, build) = try Self.runBoth(work)
        #expect(validate.status == 0 && build.status == 0)
        let reported = validate.stderr.split(separator: "\n").filter { $0.hasSuffix("[link-anchor-missing]") }
        #expect(reported.count == 20 && reported[0].hasPrefix("content/raw.md:6:7: warning: link `other.md#y` names no heading or id of `other.md`"),
                "\(reported.prefix(2))")
    }

    /// Pandoc's bracketed spans were looked for from each `]{` to the next `}`: a line of
    /// 100,000 `]{#a` without one took 17 s. One pass now (60,000 here, under the Markdown
    /// budget); the heading attribute lists
    /// and rule markers alike, on lines of 100,000 such pieces.
    @Test func manyHalfWrittenSpansAndAttributeListsAreReadInOnePass() throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("spans.md", Self.page(String(repeating: "]{#a ", count: 60_000) + "\n\n"
                                             + String(repeating: "[s]{#a} ", count: 10_000) + "\n"))
        try work.write("headings.md", Self.page("## T " + String(repeating: "{", count: 100_000) + "#a}\n\n## U {"
                                                + String(repeating: "a=b ", count: 50_000) + "#u}\n\n"
                                                + String(repeating: "r[a.b]\n\n", count: 20_000)))
        let (validate, build) = try Self.runBoth(work)
        #expect(validate.status == 0 && build.status == 0)
        #expect(validate.stderr.contains("[foreign-syntax]"))
    }

    /// 50,000 keys took 9 s (each key searched for among the earlier ones); they are now
    /// 50,000 `unknown-key` warnings, in time: the first 20 and a count in text, every one
    /// with `--all`.
    @Test func fiftyThousandKeysAreWarnedAboutQuickly() throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("page.md", Self.page("Text.\n", frontMatter: (0..<50_000).map { "k\($0): v\n" }.joined()))
        let (validate, _) = try Self.runBoth(work)
        #expect(validate.status == 0)
        #expect(validate.stderr.components(separatedBy: "[unknown-key]").count - 1 == 21)
        #expect(validate.stderr.contains("\n… and 49,980 more [unknown-key]; --all shows every one\n"))
        let all = try HostileRun.run(["validate", "--all", "--content", "content"], in: work, seconds: Self.seconds)
        all.expectSafe(memoryLimit: 512 << 20)
        #expect(all.stderr.components(separatedBy: "[unknown-key]").count - 1 == 50_000)
    }

    /// 100,000 keys gave a message about aliases where there were none.
    @Test func aHundredThousandKeysAreTooLarge() throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("page.md", Self.page("Text.\n", frontMatter: (0..<100_000).map { "k\($0): v\n" }.joined()))
        let (validate, build) = try Self.runBoth(work)
        let expected = ["content/page.md:2:1: error: the YAML stands for more than 100000 values (keys' values and list items, each alias (*name) counted as all the values it repeats); a front matter needs a few dozen: remove the keys the catalog does not read, and write values out instead of repeating them through aliases [yaml-too-large]"]
        #expect(Self.diagnostics(validate) == expected)
        #expect(Self.diagnostics(build) == expected)
    }

    /// One key of a megabyte: its "did you mean" is not worked out against every known key.
    @Test func aMegabyteKeyIsWarnedAboutQuickly() throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("page.md", Self.page("Text.\n", frontMatter: "? " + String(repeating: "k", count: 1_000_000) + "\n: v\n"))
        let (validate, build) = try Self.runBoth(work)
        #expect(validate.status == 0 && build.status == 0)
    }

    /// Pathological input within the budget of Markdown marks (`MarkdownBudget.limit`,
    /// 400,000): just under it (390,000 `[`, `a*` or lines; a table padded to 380,000
    /// cells), an 8 MB word of one letter and a 16 MB paragraph of words without a `w` (each
    /// `w` is a mark: see `MarkdownBudget`). Each ends in time, under 512 MB, and builds.
    @Test(arguments: [
        LongText(String(repeating: "[", count: 390_000)),
        LongText(String(repeating: "a*", count: 195_000)),
        LongText(String(repeating: "a\n", count: 390_000)),
        LongText(String(repeating: "|a", count: 100) + "|\n" + String(repeating: "|-", count: 100) + "|\n" + String(repeating: "x\n", count: 3_800)),
        LongText(String(String(repeating: "text ", count: 3_300_000).prefix(16_000_000))),
    ])
    func pathologicalInputWithinTheBudgetBuilds(body: LongText) throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("page.md", Self.page(body.text + "\n"))
        let (validate, build) = try Self.runBoth(work)
        #expect(validate.status == 0 && build.status == 0, "\(build.stderr.prefix(500))")
    }

    /// Over the budget, cmark's nodes took gigabytes: 4 MB of `a*` or of `a` lines over a
    /// gigabyte, 16 MB of `word ` 720 MB (a text node at each `w`, with autolinks on), and
    /// a table of 5,000 columns above 50,000 one-letter lines (120 KB) ran for more than a
    /// minute. Now such a body is not parsed: `body-too-large` at its
    /// start (the line after the front matter), from `validate` and `build` alike.
    @Test(arguments: [
        LongText(String(repeating: "*", count: 1_000_000)),
        LongText(String(repeating: "[", count: 1_000_000)),
        LongText(String(repeating: "a*", count: 2_000_000)),
        LongText(String(repeating: "a\n", count: 2_000_000)),
        LongText((0..<100_000).map { "[a\($0)](https://example.com/\($0)) " }.joined()),
        LongText(String(String(repeating: "word ", count: 3_300_000).prefix(16_000_000))),
        LongText(String(repeating: "|a", count: 5_000) + "|\n" + String(repeating: "|-", count: 5_000) + "|\n" + String(repeating: "x\n", count: 50_000)),
    ])
    func pathologicalInputOverTheBudgetIsReported(body: LongText) throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("page.md", Self.page(body.text + "\n"))
        let (validate, build) = try Self.runBoth(work)
        let expected = ["content/page.md:5:1: error: the body holds more than 400000 Markdown marks (punctuation, line breaks and table cells), more than a page can be rendered from and it is left out; split it into several pages, or link long data as a file [body-too-large]"]
        #expect(Self.diagnostics(validate) == expected)
        #expect(Self.diagnostics(build) == expected)
    }
}
