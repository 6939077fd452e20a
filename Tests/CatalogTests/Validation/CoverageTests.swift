import Foundation
import Testing
@testable import Catalog

/// Translation coverage (content-format.md §5): per locale, how many published contexts
/// have it, of how many, and which do not.
@Suite struct CoverageTests {
    static func workspace() throws -> Workspace {
        let catalog = "bundleIdentifier: com.example.cov\ntitle: Coverage\ndefaultLocale: en-us\nlocales: [en-us, es-us, ja-jp]\n"
        let input = BadInput("coverage", [
            "catalog.yml": catalog,
            // Has es-us through its title map.
            "book/index.md": "---\ntitle: {en-us: Book, es-us: Libro}\n---\n",
            // Has es-us and ja-jp through translation files.
            "book/quiz.md": "---\ntitle: Quiz\nsummary: A.\n---\n",
            "book/quiz.es-us.md": "---\ntitle: Prueba\n---\n",
            "book/quiz.ja-jp.md": "---\ntitle: クイズ\n---\n",
            // Has only the default locale.
            "book/test.md": "---\ntitle: Test\nsummary: B.\n---\n",
            // A draft is not published and not counted.
            "book/draft.md": "---\ntitle: Draft\ndraft: true\n---\n",
        ], expected: [])
        return try input.materialize()
    }

    @Test func countsPerLocale() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let coverage = try #require(CatalogLoader.load(workspace.root).coverage)
        let rows = coverage.entries.map { "\($0.locale) \($0.translated)/\($0.total) \($0.missing)" }
        #expect(rows == [
            "en-us 3/3 []",
            "es-us 2/3 [\"content/book/test.md\"]",
            "ja-jp 1/3 [\"content/book/index.md\", \"content/book/test.md\"]",
        ])
    }

    @Test func textReport() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let coverage = try #require(CatalogLoader.load(workspace.root).coverage)
        #expect(CoverageReport.text(coverage) == """
            Translation coverage:
              en-us    3/3 (100%)
              es-us    2/3 (66%) missing: content/book/test.md
              ja-jp    1/3 (33%) missing: content/book/index.md, content/book/test.md

            """)
    }

    @Test func jsonThroughValidate() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let run = try workspace.validateJSON()
        let coverage = try #require(run.json?["coverage"] as? [String: [String: Any]])
        #expect(coverage.keys.sorted() == ["en-us", "es-us", "ja-jp"])
        #expect(coverage["es-us"]?["translated"] as? Int == 2)
        #expect(coverage["es-us"]?["total"] as? Int == 3)
        #expect(coverage["ja-jp"]?["missing"] as? [String] == ["content/book/index.md", "content/book/test.md"])
        #expect(coverage["en-us"]?["missing"] as? [String] == [])
    }
}
