import Foundation
import Testing

/// `catalog-build init` and `--version` through the built binary.
@Suite(.serialized) struct InitEndToEndTests {
    @Test func initThenBuildGivesNoDiagnosticAtAll() throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let created = try BinaryRunner.run(["init", "my-catalog", "--locales", "en-us,fr"], in: work)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout == """
            Created a catalog in my-catalog. Next:
              cd my-catalog
              catalog-build validate    # check the content, with file:line:column for every problem
              catalog-build build       # write site/: the teacher site and the ClassKit payloads
              catalog-build serve       # preview it at http://127.0.0.1:8000, rebuilt as you edit

            """)
        let catalog = work.appendingPathComponent("my-catalog")
        let validate = try BinaryRunner.run(["validate", "--format", "json"], in: catalog)
        #expect(validate.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? [String: Any]
        #expect(report?["errorCount"] as? Int == 0)
        #expect(report?["warningCount"] as? Int == 0)
        #expect((report?["diagnostics"] as? [Any])?.isEmpty == true, "\(validate.stdout)")
        let build = try BinaryRunner.run(["build", "--format", "json"], in: catalog)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("\"diagnostics\": []") || build.stdout.contains("\"diagnostics\":[]"), "\(build.stdout)")
        let payloads = try PayloadReader(output: catalog.appendingPathComponent("site"))
        #expect(payloads.violations() == [])
        #expect(payloads.manifest["locales"] as? [String] == ["en-us", "fr"])
        // The app, the book, the chapter, the section and the quiz, in two locales.
        #expect(payloads.contexts.count == 10)
        #expect((payloads.manifest["thumbnails"] as? [Any])?.count == 1)
        let ignore = try String(contentsOf: catalog.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignore.contains("/site/\n") && ignore.contains("/.catalog-cache/\n"))
        let quizPage = try String(contentsOf: catalog.appendingPathComponent(
            "site/en-us/my-first-book/getting-started/quiz/index.html"), encoding: .utf8)
        #expect(quizPage.contains("Assessment mode"))
    }

    @Test func initRefusesANonEmptyDirectory() throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let target = work.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: target.appendingPathComponent("notes.txt"))
        let run = try BinaryRunner.run(["init", "taken"], in: work)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("taken is not empty; init writes only into a new or empty directory"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["notes.txt"])
    }

    @Test func initRefusesABadLocaleList() throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["init", "new", "--locales", "en-us,not a locale"], in: work)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--locales takes locales like en-us,fr"))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("new").path))
    }

    @Test func versionIsTheLibraryConstant() throws {
        let run = try BinaryRunner.run(["--version"], in: Repository.root)
        #expect(run.status == 0)
        #expect(run.stdout == "0.7.0\n")
    }
}
