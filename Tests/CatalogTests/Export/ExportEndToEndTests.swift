import Foundation
import Testing
@testable import Catalog

/// `catalog-build export` through the built binary: the same identifier paths and values
/// as the payloads `build` writes, the JSON snapshot of the sample, errors, and the
/// payloads left exactly as they were by `assessment: true`.
@Suite(.serialized) struct ExportEndToEndTests {
    @Test func sampleExportMatchesThePayloads() throws {
        try expectExportMatchesPayloads(content: Repository.root.appendingPathComponent("content"))
    }

    @Test func generatedCorpusExportMatchesThePayloads() throws {
        var files = GeneratedContent.files(books: 4, chapters: 5, sections: 8)
        files["b1/c2/s3.es-us.md"] = "---\ntitle: Sección\nsummary: Acerca de la sección.\n---\n"
        let content = try TempContent(files)
        defer { content.remove() }
        try expectExportMatchesPayloads(content: content.url)
    }

    @Test func sampleJSONSnapshot() throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["export", "--content", sample, "--cache", "cache"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("error:"))
        try assertSnapshot(run.stdout, named: "export/sample.json")
        let again = try BinaryRunner.run(["export", "--content", sample, "--format", "json", "--cache", "cache"], in: work)
        #expect(again.stdout == run.stdout)
    }

    @Test func contentWithErrorsExportsNothing() throws {
        let content = try TempContent(["b/index.md": "---\ntitle: B\nsuggestedAge: 11-9\n---\n"])
        defer { content.remove() }
        let run = try BinaryRunner.run(["export", "--content", content.url.path, "--format", "swift", "--output", "out.swift"],
                                       in: content.url)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("b/index.md:3:15: error: suggestedAge lower bound 11 is above upper bound 9; write the smaller number first [age-range]"))
        #expect(!FileManager.default.fileExists(atPath: content.url.appendingPathComponent("out.swift").path))
    }

    @Test func unknownFormatIsAUsageError() throws {
        let run = try BinaryRunner.run(["export", "--format", "yaml"], in: Repository.root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("yaml"))
    }

    /// `assessment: true` is for the app and the site: the payloads are byte for byte the
    /// same with and without it.
    @Test func assessmentLeavesThePayloadsAsTheyWere() throws {
        let quiz = "---\ntitle: Quiz\ntype: quiz\nsummary: A quiz.\n%@---\nQuestions.\n"
        let plain = try TempContent(["b/index.md": "---\ntitle: B\n---\n", "b/q.md": quiz.replacingOccurrences(of: "%@", with: "")])
        let marked = try TempContent(["b/index.md": "---\ntitle: B\n---\n",
                                      "b/q.md": quiz.replacingOccurrences(of: "%@", with: "assessment: true\n")])
        defer { plain.remove(); marked.remove() }
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let outputs = try [plain, marked].map { content -> [String: Data] in
            let run = try BinaryRunner.run(["build", "--content", content.url.path, "--output", "site"], in: work)
            #expect(run.status == 0, "\(run.stderr)")
            return treeContents(work.appendingPathComponent("site/catalog"))
        }
        #expect(!outputs[0].isEmpty)
        #expect(outputs[0] == outputs[1])
        let export = try BinaryRunner.run(["export", "--content", marked.url.path], in: work)
        #expect(export.stdout.contains("\"assessment\": true"))
    }

    /// Every context version of the payloads has its context in the export, in the same
    /// order (the export's pre-order is the payloads' order with the locales folded), with
    /// the same values in that locale.
    private func expectExportMatchesPayloads(content: URL) throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let build = try BinaryRunner.run(["build", "--content", content.path, "--output", "site", "--cache", "cache"], in: work)
        try #require(build.status == 0, "\(build.stderr)")
        let export = try BinaryRunner.run(["export", "--content", content.path, "--cache", "cache",
                                           "--output", "export.json"], in: work)
        try #require(export.status == 0, "\(export.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("export.json")))
        var exported: [[String: Any]] = []
        func walk(_ context: [String: Any]) {
            exported.append(context)
            for child in context["children"] as? [[String: Any]] ?? [] { walk(child) }
        }
        walk(try #require((document as? [String: Any])?["app"] as? [String: Any]))
        let payloads = try PayloadReader(output: work.appendingPathComponent("site"))
        var payloadPaths: [[String]] = []
        for (_, context) in payloads.contexts where payloadPaths.last != PayloadReader.path(context) {
            payloadPaths.append(PayloadReader.path(context))
        }
        let exportPaths = exported.map { $0["identifierPath"] as? [String] ?? [] }
        #expect(exportPaths == payloadPaths)
        #expect(Set(exportPaths.map { $0.joined(separator: "/") }).count == exportPaths.count)
        let byPath = Dictionary(uniqueKeysWithValues: exported.map { (($0["identifierPath"] as? [String] ?? []), $0) })
        for (_, context) in payloads.contexts {
            let entry = try #require(byPath[PayloadReader.path(context)])
            expectSameValues(payload: context, export: entry)
        }
    }

    private func expectSameValues(payload: [String: Any], export: [String: Any]) {
        let data = payload["data"] as? [String: Any] ?? [:]
        let locale = PayloadReader.locale(payload)
        let path = PayloadReader.path(payload).joined(separator: "/") + " " + locale
        func text(_ key: String) -> String? { (export[key] as? [String: String])?[locale] }
        #expect((export["locales"] as? [String] ?? []).contains(locale), "\(path)")
        #expect(data["title"] as? String == text("title"), "\(path)")
        #expect(data["summary"] as? String == text("summary"), "\(path)")
        #expect(data["customTypeName"] as? String == text("customTypeName"), "\(path)")
        #expect(data["type"] as? String == export["type"] as? String, "\(path)")
        #expect(data["topic"] as? String == export["topic"] as? String, "\(path)")
        #expect(data["isAssignable"] as? Bool == export["isAssignable"] as? Bool, "\(path)")
        #expect(data["thumbnailId"] as? String == export["thumbnail"] as? String, "\(path)")
        #expect(data["universalLinkURL"] as? String == export["universalLinkURL"] as? String, "\(path)")
        #expect(data["suggestedAge"] as? [Int] == export["suggestedAge"] as? [Int], "\(path)")
        #expect(data["suggestedCompletionTime"] as? [Int] == export["suggestedCompletionTime"] as? [Int], "\(path)")
        if data["type"] as? String != "app" {
            #expect(data["displayOrder"] as? Int == export["displayOrder"] as? Int, "\(path)")
        }
        let capabilities = (export["progressReportingCapabilities"] as? [[String: Any]] ?? []).map {
            ["kind": $0["kind"] as? String ?? "", "details": ($0["details"] as? [String: String])?[locale] ?? ""]
        }
        #expect((data["progressReportingCapabilities"] as? [[String: String]] ?? []) == capabilities, "\(path)")
    }

    private var sample: String { Repository.root.appendingPathComponent("content").path }
}
