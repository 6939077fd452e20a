import Foundation
import Testing
@testable import Catalog

/// `rules:` under `serve` and across incremental builds: a change of catalog.yml's rules
/// or of a file's own rules is built whole, and every rebuild (patched or whole) reports
/// exactly what a clean `build` does.
extension LiveBuildIdentityTests {
    static let rulesCatalog = TempContent.minimalCatalog + "\nrules:\n  assignable-summary: off\n"

    static let ruleSteps: [FieldStep] = [
        FieldStep(name: "a warning added (no summary)", path: "b0/c0/s3.md", change: setting("summary", nil), expected: .fields),
        FieldStep(name: "catalog.yml turns the warning off", path: "catalog.yml", change: { _ in rulesCatalog },
                  expected: .whole),
        FieldStep(name: "another warning added while it is off (patched)", path: "b0/c0/s2.md", change: setting("summary", nil),
                  expected: .fields),
        FieldStep(name: "the file raises it to an error", path: "b0/c0/s3.md",
                  change: setting("rules", "\n  assignable-summary: error"), expected: .whole),
        FieldStep(name: "the file's rules removed", path: "b0/c0/s3.md", change: setting("rules", nil), expected: .whole),
        FieldStep(name: "a title edit keeps catalog.yml's rules (patched)", path: "b0/c0/s3.md",
                  change: setting("title", "\"Renamed\""), expected: .fields),
        FieldStep(name: "catalog.yml raises it for every file", path: "catalog.yml",
                  change: { _ in TempContent.minimalCatalog + "\nrules:\n  assignable-summary: error\n" }, expected: .whole),
    ]

    @Test(arguments: [false, true])
    func ruleChangesAreBuiltWholeAndEqualACleanBuild(watched: Bool) throws {
        var scene = Scene(content: try TempContent(Self.fieldEditContent()), files: Self.fieldEditContent())
        scene.files["catalog.yml"] = TempContent.minimalCatalog
        let scratch = try scratchDirectory()
        defer { scene.content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let live = try Self.builtOnce(scene, scratch: scratch, watched: watched)
        var counts: [(errors: Int, warnings: Int)] = []
        for (number, step) in Self.ruleSteps.enumerated() {
            try scene.put(step.path, step.change(scene.files[step.path]!))
            // Past the time within which catalog.yml's new stamp is not trusted (a build
            // reads such a file again next time, which makes that build whole too).
            if step.path == "catalog.yml" { Thread.sleep(forTimeInterval: 0.2) }
            let outcome = try live.rebuild()
            #expect(outcome.path == step.expected, "\(number): \(step.name) (watched: \(watched))")
            try Self.expectEqualToClean(outcome, scene: scene, scratch: scratch, label: "\(number): \(step.name)")
            let rule = outcome.result.diagnostics.items.filter { $0.rule == "assignable-summary" }
            counts.append((rule.count { $0.severity == .error }, rule.count { $0.severity == .warning }))
        }
        #expect(counts.map(\.errors) == [0, 0, 0, 1, 0, 0, 2])
        #expect(counts.map(\.warnings) == [1, 0, 0, 0, 0, 0, 0])
    }
}

extension IncrementalBuildTests {
    /// The up-to-date check sees catalog.yml's rules change: a warning raised to an error
    /// fails the next build, even right after a build that left nothing to do.
    @Test func aChangeOfCatalogRulesIsNotUpToDate() throws {
        var files = GeneratedContent.files(books: 1, chapters: 1, sections: 2)
        files["b0/c0/s1.md"] = "---\ntitle: \"No summary\"\n---\nText.\n"
        let content = try TempContent(files, catalog: TempContent.minimalCatalog + "\nrules:\n  assignable-summary: off\n")
        ageFiles(content.url)
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let options = cachedBuildOptions(content, scratch: scratch)
        let first = try Build.run(options)
        #expect(first.wrote && first.diagnostics.items.isEmpty)
        #expect(try Build.run(options).upToDate)
        try content.write("catalog.yml", TempContent.minimalCatalog + "\nrules:\n  assignable-summary: error\n")
        let raised = try Build.run(options)
        #expect(!raised.upToDate && !raised.wrote)
        #expect(raised.diagnostics.items.map { "\($0.severity) \($0.rule)" } == ["error assignable-summary"])
    }
}
