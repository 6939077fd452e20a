import Testing
@testable import Catalog

/// A misspelt required key is one problem (issue #17): `titel:` without `title:` is
/// reported once, at the misspelt key, with the did-you-mean, not also as "no title" at 1:1.
@Suite struct MisspeltKeyTests {
    private func diagnostics(_ files: [String: String]) throws -> [Diagnostic] {
        let content = try TempContent(files)
        defer { content.remove() }
        return content.load().diagnostics.sorted.filter { $0.location.file.hasSuffix("leaf.md") }
    }

    @Test func misspeltTitleIsOneErrorAtTheKey() throws {
        let found = try diagnostics([
            "book/index.md": "---\ntitle: Book\n---\n",
            "book/leaf.md": "---\ntitel: Leaf\nsummary: S\n---\nBody\n",
        ])
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        #expect(diagnostic.rule == "title-required" && diagnostic.severity == .error)
        #expect((diagnostic.location.line, diagnostic.location.column) == (2, 1))
        #expect(diagnostic.message
            == "unknown key 'titel' is ignored, so the context has no title; did you mean 'title'? rename the key to title")
    }

    @Test func misspeltKeyBesideTheRealOneStaysAWarning() throws {
        let found = try diagnostics([
            "book/index.md": "---\ntitle: Book\n---\n",
            "book/leaf.md": "---\ntitle: Leaf\ntitel: Again\nsummary: S\n---\nBody\n",
        ])
        #expect(found.map(\.rule) == ["unknown-key"])
        #expect(found.first?.message == "unknown key 'titel' is ignored; did you mean 'title'?")
        #expect(found.first?.location.line == 3)
    }

    @Test func misspeltTitleInADraftIsTheUnknownKeyWarning() throws {
        let found = try diagnostics([
            "book/index.md": "---\ntitle: Book\n---\n",
            "book/leaf.md": "---\ndraft: true\ntitel: Leaf\n---\nBody\n",
        ])
        #expect(found.map(\.rule) == ["unknown-key"])
        #expect(found.first?.severity == .warning)
    }

    @Test func validateJSONHasTheOneDiagnostic() throws {
        let content = try TempContent([
            "book/index.md": "---\ntitle: Book\n---\n",
            "book/leaf.md": "---\ntitel: Leaf\nsummary: S\n---\nBody\n",
        ])
        defer { content.remove() }
        let run = try BinaryRunner.run(["validate", "--format", "json", content.url.lastPathComponent],
                                       in: content.url.deletingLastPathComponent())
        #expect(run.status == 1)
        let leaf = content.url.lastPathComponent + "/book/leaf.md"
        #expect(run.stdout.hasPrefix("""
            {
              "diagnostics": [
                {
                  "file": "\(leaf)",
                  "line": 2,
                  "column": 1,
                  "severity": "error",
                  "rule": "title-required",
                  "message": "unknown key 'titel' is ignored, so the context has no title; did you mean 'title'? rename the key to title"
                }
              ],
              "errorCount": 1,
              "warningCount": 0,
            """))
    }
}
