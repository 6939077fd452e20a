import Foundation
import Testing
@testable import Catalog

/// `build` checks each body from the site's own parse (`SiteBodyChecks`); `validate` keeps
/// `BodyChecker`'s separate pass. Both must report exactly the same body diagnostics, and a
/// body's error must stop the build as it did when the bodies were checked first.
@Suite struct SiteBodyChecksTests {
    /// Bodies with a broken link, raw HTML, an unsafe link, a good link, in random places,
    /// sometimes with a front-matter error too.
    static func content(seed: UInt64) -> [String: String] {
        var random = SeededGenerator(state: seed)
        var files = GeneratedContent.files(books: 2, chapters: 2, sections: 3)
        let problems = ["See [gone](missing.md).", "Raw <font>html</font> here.", "A [script](javascript:alert(1)).",
                        "Fine [link](https://example.org).", "![missing image](nope.png)", "Plain text."]
        for path in files.keys.sorted() where Int.random(in: 0..<3, using: &random) == 0 {
            let body = (0..<Int.random(in: 1...3, using: &random))
                .map { _ in problems.randomElement(using: &random)! }.joined(separator: "\n\n")
            files[path] = GeneratedContent.page(title: "Page \(path)", type: path.hasSuffix("index.md") ? nil : "section",
                                                body: body)
        }
        if Int.random(in: 0..<3, using: &random) == 0, let path = files.keys.sorted().last {
            files[path] = "---\ntitle: \"T\"\nsuggestedAge: 12-9\n---\nSee [gone](missing.md).\n"
        }
        return files
    }

    static func bodyRule(_ diagnostic: Diagnostic) -> Bool {
        ["link-broken", "raw-html-removed", "unsafe-link"].contains(diagnostic.rule.rawValue)
    }

    @Test(arguments: Array(1...12) as [UInt64])
    func buildReportsWhatValidateReports(seed: UInt64) throws {
        let content = try TempContent(Self.content(seed: seed))
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let validated = CatalogLoader.load(content.root).diagnostics
        let output = scratch.appendingPathComponent("site")
        let built = try Build.run(BuildOptions(content: content.root, output: output, cacheDirectory: nil))
        if validated.hasErrors {
            #expect(built.diagnostics.sorted == validated.sorted, "with errors, build reports what validate reports")
            #expect(!built.wrote)
            #expect(!FileManager.default.fileExists(atPath: output.path))
        } else {
            #expect(built.diagnostics.sorted.filter(Self.bodyRule) == validated.sorted.filter(Self.bodyRule))
            #expect(built.wrote)
        }
    }

    /// A body every page of which is a fallback (shown in both locales) is checked once.
    @Test func aSharedBodyIsCheckedOnce() throws {
        let content = try TempContent(["b/index.md": GeneratedContent.page(title: "B", type: nil, body: "Raw <font>x</font> here.")])
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let built = try Build.run(BuildOptions(content: content.root, output: scratch.appendingPathComponent("site"),
                                               cacheDirectory: nil))
        #expect(built.diagnostics.items.filter { $0.rule.rawValue == "raw-html-removed" }.count == 1)
        #expect(built.diagnostics.sorted == CatalogLoader.load(content.root).diagnostics.sorted)
    }
}
