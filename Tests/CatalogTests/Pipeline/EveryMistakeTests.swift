import Foundation
import Testing
@testable import Catalog

/// A build that fails reports every mistake at once, as `validate` does: a body's broken
/// link, a damaged thumbnail, the site's missing logo and its style sheet's missing file,
/// whether loading stopped it (a YAML error) or a body did (found while the site renders).
@Suite struct EveryMistakeTests {
    static let catalog = TempContent.minimalCatalog + "\nsite:\n  logo: nologo.png\n  stylesheet: site.css\n"

    static let files = [
        "site.css": "body { background: url(missing.png) }\n",
        "quiz.md": "---\ntitle: Quiz\nsummary: A short quiz.\nthumbnail: notes.png\n---\nSee [the notes](nowhere.md).\n",
        "notes.png": "plain text\n",
    ]

    /// Found in every case (loading finds none of them), in the report's order.
    static let found = [
        "error link-broken catalog.yml:6:9",
        "error thumbnail-format quiz.md:4:12",
        "error link-broken quiz.md:6:5",
        "error link-broken site.css:1:20",
    ]

    static func content(withYAMLError: Bool) throws -> TempContent {
        var files = Self.files
        if withYAMLError { files["book.md"] = "---\ntitle: [unclosed\n---\n" }
        return try TempContent(files, catalog: catalog)
    }

    static func lines(_ bag: DiagnosticBag, _ content: TempContent) -> [String] {
        LoadResult(model: nil, diagnostics: bag, coverage: nil).summaries(prefix: content.prefix)
    }

    /// What `validate` reports: loading, bodies, logo and style sheet, then the thumbnails.
    static func validated(_ content: TempContent) -> [String] {
        var loaded = content.load()
        if let model = loaded.model {
            loaded.diagnostics.append(contentsOf: ThumbnailCheck.diagnostics(
                model: model, content: content.root, cacheDirectory: nil, alreadyReported: loaded.diagnostics))
        }
        return lines(loaded.diagnostics, content)
    }

    @Test(arguments: [false, true])
    func buildReportsWhatValidateReports(withYAMLError: Bool) throws {
        let content = try Self.content(withYAMLError: withYAMLError)
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("site")
        let result = try Build.run(BuildOptions(content: content.root, output: output, cacheDirectory: nil))
        let expected = (withYAMLError ? ["error yaml-syntax book.md:3:1"] : []) + Self.found
        #expect(!result.wrote && !FileManager.default.fileExists(atPath: output.path))
        #expect(Self.lines(result.diagnostics, content) == expected)
        #expect(Self.validated(content) == expected)
    }

    /// `serve`'s first build, stopped by loading, reports the others too.
    @Test func serveReportsWhatValidateReports() throws {
        let content = try Self.content(withYAMLError: true)
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let options = ServeOptions(content: content.root, output: scratch.appendingPathComponent("site"),
                                   cacheDirectory: nil, port: 0)
        let reported = Locked<[String]>([])
        let server = try PreviewServer(options, log: { _ in }, report: { bag in
            reported.withLock { $0 = Self.lines(bag, content) }
        })
        server.start()
        server.stop()
        #expect(reported.withLock { $0 } == Self.validated(content))
    }
}
