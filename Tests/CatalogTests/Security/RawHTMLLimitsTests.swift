import Foundation
import Testing

/// Hostile raw HTML, end to end: gumbo's time grows with the square of the nesting, so a
/// body's raw HTML is parsed only up to `RawHTMLBudget` (20,000 `<`), and deeper elements
/// than the kept tree are flattened to text. Each case runs `validate` and `build` within
/// 20 s, under 512 MB, without a signal, changing nothing outside the output.
@Suite(.serialized) struct RawHTMLLimitsTests {
    private static let seconds = 20.0

    private static func page(_ body: String) -> String {
        "---\ntitle: Page\nsummary: A page.\n---\n\n" + body
    }

    private static func runBoth(_ work: HostileWork, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (validate: HostileOutcome, build: HostileOutcome) {
        let outputs = ["out", "out/site", "cache", ".catalog-cache"]
        let before = work.listing(excluding: outputs)
        let validate = try HostileRun.run(["validate", "--content", "content"], in: work, seconds: seconds)
        validate.expectSafe(memoryLimit: 512 << 20, sourceLocation: sourceLocation)
        let build = try HostileRun.run(["build", "--content", "content", "--output", "out/site", "--cache", "cache"],
                                       in: work, seconds: seconds)
        build.expectSafe(memoryLimit: 512 << 20, sourceLocation: sourceLocation)
        #expect(work.listing(excluding: outputs) == before, "something outside the output changed", sourceLocation: sourceLocation)
        return (validate, build)
    }

    private static func lines(_ outcome: HostileOutcome, rule: String) -> [String] {
        (outcome.stdout + outcome.stderr).split(separator: "\n").map(String.init).filter { $0.hasSuffix("[\(rule)]") }
    }

    private func pageHTML(_ work: HostileWork) throws -> String {
        try String(contentsOf: work.root.appendingPathComponent("out/site/en-us/page/index.html"), encoding: .utf8)
    }

    /// Just under the budget, the worst nesting gumbo knows (lists in list items): built,
    /// nothing reported (every tag is allowed), the tree cut at 100 levels, text kept.
    @Test func deepestAllowedNestingBuilds() throws {
        let work = try HostileWork()
        defer { work.remove() }
        let count = 20_000 / 2 - 1  // RawHTMLBudget.limit
        try work.write("page.md", Self.page(String(repeating: "<ul><li>", count: count) + "bottom\n"))
        let (validate, build) = try Self.runBoth(work)
        #expect(validate.status == 0 && build.status == 0, "\(build.stderr.suffix(500))")
        #expect(Self.lines(validate, rule: "raw-html-removed").isEmpty)
        let html = try pageHTML(work)
        #expect(html.contains("bottom"))
        #expect(html.components(separatedBy: "<ul>").count - 1 <= 50)
    }

    /// Over the budget (150,000 nested `div`s, which gumbo alone would take minutes on):
    /// one warning, and the page keeps the body's Markdown without its raw HTML.
    @Test(arguments: [LongText(String(repeating: "<div>", count: 150_000) + "\n\nafter\n"),
                      LongText("Before " + String(repeating: "<b>x</b>", count: 10_001) + "\n\nafter\n")])
    func tooMuchRawHTMLIsLeftOutWithOneWarning(body: LongText) throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("page.md", Self.page(body.text))
        let (validate, build) = try Self.runBoth(work)
        #expect(validate.status == 0 && build.status == 0, "\(build.stderr.suffix(500))")
        let column = body.text.hasPrefix("Before") ? 8 : 1
        let expected = ["content/page.md:6:\(column): warning: the body's raw HTML holds more than 20000 tags, more than the page can be given safely, so none of it is kept; split the page, or write the markup in Markdown [raw-html-too-large]"]
        #expect(Self.lines(validate, rule: "raw-html-too-large") == expected)
        #expect(Self.lines(build, rule: "raw-html-too-large") == expected)
        #expect(!(try pageHTML(work)).contains("<div><div>"))
    }
}
