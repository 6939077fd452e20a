import Foundation
import Testing

/// Bodies that make the autolink extension of Debian's cmark-gfm take quadratic time on a
/// long run without a space (`MarkdownParser.autolinkRunLimit`): each builds and validates
/// within 20 s, under 512 MB, without a signal, and changes nothing outside the output.
/// Without the limit the first case alone ran for minutes.
@Suite(.serialized) struct AutolinkLimitsTests {
    @Test(arguments: [
        // 65,000 candidates `www.a` in one run: each scanned the rest of the run.
        LongText(String(repeating: "_www.a", count: 65_000)),
        // A URL followed by 100,000 `).`: each `)` trimmed rescans the URL.
        LongText("www.example.com/" + String(repeating: ").", count: 100_000)),
        // The same shapes in runs just under the limit, where autolinks stay on.
        LongText(String(repeating: String(repeating: "_www.a", count: 166) + " ", count: 400)),
        LongText(String(repeating: "www.example.com/" + String(repeating: ").", count: 490) + " ", count: 300)),
    ])
    func longRunsWithoutSpacesBuildInTime(body: LongText) throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("page.md", "---\ntitle: Page\nsummary: A page.\n---\n\n" + body.text + "\n")
        let outputs = ["out", "out/site", "cache", ".catalog-cache"]
        let before = work.listing(excluding: outputs)
        let validate = try HostileRun.run(["validate", "--content", "content"], in: work, seconds: 20)
        validate.expectSafe()
        let build = try HostileRun.run(["build", "--content", "content", "--output", "out/site", "--cache", "cache"],
                                       in: work, seconds: 20)
        build.expectSafe()
        #expect(validate.status == 0 && build.status == 0, "\(build.stderr.suffix(500))")
        #expect(work.listing(excluding: outputs) == before)
    }
}
