import Foundation
import Testing
@testable import Catalog

/// Front-matter edits under `serve` (`FieldEdit`): each edit is patched into the last
/// build (or, where its reach cannot be confined, deliberately built whole) and the output
/// and diagnostics equal a clean `build` of the same content.
extension LiveBuildIdentityTests {
    /// One edit of a sequence, and how the live build must have made it.
    struct FieldStep: Sendable {
        var name: String
        var path: String
        var change: @Sendable (String) -> String
        var expected: LiveBuild.Path
    }

    /// A file's text with `key: value` set in its front matter (replaced, or added last).
    static func setting(_ key: String, _ value: String?) -> @Sendable (String) -> String {
        { text in
            var lines = text.components(separatedBy: "\n")
            guard let end = lines.dropFirst().firstIndex(of: "---") else { return text }
            if let at = lines[1..<end].firstIndex(where: { $0.hasPrefix(key + ":") }) {
                var last = at + 1
                while last < end, lines[last].hasPrefix("  ") { last += 1 }
                if let value { lines.replaceSubrange(at..<last, with: [key + ": " + value]) } else { lines.removeSubrange(at..<last) }
            } else if let value {
                lines.insert(key + ": " + value, at: end)
            }
            return lines.joined(separator: "\n")
        }
    }

    static func fieldEditContent() -> [String: String] {
        var files = GeneratedContent.files(books: 2, chapters: 3, sections: 4)
        files["b0/c0/s1.es-us.md"] = "---\ntitle: \"Sección 0.0.1\"\nsummary: \"Sobre la sección.\"\n---\nHola.\n"
        files["b0/c1/index.es-us.md"] = "---\ntitle: \"Capítulo 0.1\"\n---\nHola.\n"
        return files
    }

    static let fieldSteps: [FieldStep] = [
        FieldStep(name: "title", path: "b0/c0/s2.md", change: setting("title", "\"A new title\""), expected: .fields),
        FieldStep(name: "summary", path: "b0/c0/s2.md", change: setting("summary", "\"A new summary.\""), expected: .fields),
        FieldStep(name: "keywords", path: "b0/c0/s2.md", change: setting("keywords", "[\"magnet\", \"zebra\"]"), expected: .fields),
        FieldStep(name: "age range", path: "b0/c0/s2.md", change: setting("suggestedAge", "4-5"), expected: .fields),
        FieldStep(name: "completion time", path: "b0/c0/s3.md", change: setting("suggestedCompletionTime", "90-120 min"),
                  expected: .fields),
        FieldStep(name: "progressReporting", path: "b0/c0/s2.md",
                  change: setting("progressReporting", "\n  - kind: score\n    details: \"The quiz score\""), expected: .fields),
        FieldStep(name: "not assignable", path: "b0/c0/s2.md", change: setting("assignable", "false"), expected: .fields),
        FieldStep(name: "an error added", path: "b0/c0/s2.md",
                  change: setting("title", "\"" + String(repeating: "x", count: 300) + "\""), expected: .fields),
        FieldStep(name: "the error removed", path: "b0/c0/s2.md", change: setting("title", "\"Short again\""), expected: .fields),
        FieldStep(name: "a title equal to a sibling's", path: "b0/c0/s2.md", change: setting("title", "\"Section 0.0.0\""),
                  expected: .fields),
        FieldStep(name: "a warning added (no summary)", path: "b0/c0/s3.md", change: setting("summary", nil), expected: .fields),
        FieldStep(name: "a container made assignable", path: "b0/c2/index.md", change: setting("assignable", "true"),
                  expected: .fields),
        FieldStep(name: "assessment mode", path: "b0/c0/s3.md", change: setting("assessment", "true"), expected: .fields),
        FieldStep(name: "assessment on a chapter (a warning)", path: "b0/c1/index.md", change: setting("assessment", "true"),
                  expected: .fields),
        FieldStep(name: "a chapter's title (its children's breadcrumbs)", path: "b0/c1/index.md",
                  change: setting("title", "\"Chapter renamed\""), expected: .fields),
        FieldStep(name: "a book's title (the home page)", path: "b1/index.md", change: setting("title", "\"Book renamed\""),
                  expected: .fields),
        FieldStep(name: "a translation's title", path: "b0/c0/s1.es-us.md", change: setting("title", "\"Sección nueva\""),
                  expected: .fields),
        FieldStep(name: "a chapter translation's summary", path: "b0/c1/index.es-us.md",
                  change: setting("summary", "\"Un resumen.\""), expected: .fields),
        FieldStep(name: "a translation's progress kinds (an error)", path: "b0/c0/s1.es-us.md",
                  change: setting("progressReporting", "\n  - kind: percent"), expected: .fields),
        // Back to the fields of the last build that succeeded: nothing but (no) body changed since.
        FieldStep(name: "the translation fixed", path: "b0/c0/s1.es-us.md", change: setting("progressReporting", nil),
                  expected: .bodies),
        FieldStep(name: "type custom without a name (an error)", path: "b1/c0/s0.md", change: setting("type", "custom"),
                  expected: .fields),
        FieldStep(name: "the custom type named", path: "b1/c0/s0.md", change: setting("customTypeName", "\"Lab\""),
                  expected: .fields),
        FieldStep(name: "front matter one line longer (the body moves)", path: "b1/c0/s1.md",
                  change: setting("standardsAlignments", "\n  - \"CCSS.1\""), expected: .fields),
        FieldStep(name: "title and body at once", path: "b1/c0/s2.md",
                  change: { setting("title", "\"Both\"")(withBody($0, "A changed body.")) }, expected: .fields),
        FieldStep(name: "an identifier equal to a sibling's (not patched)", path: "b1/c0/s3.md",
                  change: setting("identifier", "s0"), expected: .whole),
        FieldStep(name: "the identifier removed (not patched)", path: "b1/c0/s3.md", change: setting("identifier", nil),
                  expected: .whole),
        FieldStep(name: "topic, which children inherit (not patched)", path: "b1/c1/index.md", change: setting("topic", "math"),
                  expected: .whole),
        FieldStep(name: "display order (not patched)", path: "b1/c1/s0.md", change: setting("displayOrder", "9"),
                  expected: .whole),
        FieldStep(name: "a title after a whole build", path: "b1/c1/s0.md", change: setting("title", "\"Last\""),
                  expected: .fields),
    ]

    /// Rebuilds a live build as `serve` does (`watched`): given the listing and the paths
    /// whose stamps changed since the last one (`ContentWatcher.changes`), so that only
    /// those files and the untrusted ones are compared; or listing and comparing every file.
    final class Driver {
        let live: LiveBuild
        let watched: Bool
        private var listing: [String: FileStamp]?

        init(_ live: LiveBuild, watched: Bool) {
            self.live = live
            self.watched = watched
        }

        func rebuild() throws -> LiveBuild.Outcome {
            guard watched else { return try live.rebuild() }
            let current = TreeStamps.collect(live.content.url, directories: true)
            defer { listing = current }
            return try live.rebuild(stamps: current, changed: listing.map { ContentWatcher.changes(from: $0, to: current) })
        }
    }

    /// A live build of the scene's content, built once.
    static func builtOnce(_ scene: Scene, scratch: URL, watched: Bool = false) throws -> Driver {
        let live = LiveBuild(content: scene.content.root, output: scratch.appendingPathComponent("site"), cacheDirectory: nil)
        // Past the time within which a file's stamp is not trusted, so that the first edit
        // is the only change the next build sees (catalog.yml's would make it whole).
        Thread.sleep(forTimeInterval: 0.2)
        let driver = Driver(live, watched: watched)
        _ = try driver.rebuild()
        return driver
    }

    /// Watched: as `serve` rebuilds, comparing only the files the watcher saw change.
    @Test(arguments: [false, true])
    func frontMatterEditsArePatchedAndEqualACleanBuild(watched: Bool) throws {
        var scene = Scene(content: try TempContent(Self.fieldEditContent()), files: Self.fieldEditContent())
        let scratch = try scratchDirectory()
        defer { scene.content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let live = try Self.builtOnce(scene, scratch: scratch, watched: watched)
        for (number, step) in Self.fieldSteps.enumerated() {
            let before = scene.files[step.path]!
            try scene.put(step.path, step.change(before))
            #expect(scene.files[step.path] != before, "\(step.name) changes the file")
            let outcome = try live.rebuild()
            #expect(outcome.path == step.expected, "\(number): \(step.name) (watched: \(watched))")
            try Self.expectEqualToClean(outcome, scene: scene, scratch: scratch, label: "\(number): \(step.name)")
        }
    }

    /// A patch writes over a file's bytes in place only when the file has no other name:
    /// one linked elsewhere (as `build` links unchanged files) keeps its bytes there.
    @Test func aPatchLeavesAnotherNameOfAnOutputFileAsItWas() throws {
        var scene = Scene(content: try TempContent(Self.fieldEditContent()), files: Self.fieldEditContent())
        let scratch = try scratchDirectory()
        defer { scene.content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let live = try Self.builtOnce(scene, scratch: scratch)
        let request = scratch.appendingPathComponent("site/catalog/contexts-0001.json")
        let linked = scratch.appendingPathComponent("linked.json")
        try FileManager.default.linkItem(at: request, to: linked)
        let before = try Data(contentsOf: linked)
        try scene.put("b0/c0/s2.md", Self.setting("title", "\"Linked elsewhere\"")(scene.files["b0/c0/s2.md"]!))
        let outcome = try live.rebuild()
        #expect(outcome.path == .fields)
        #expect(try Data(contentsOf: linked) == before)
        #expect(try Data(contentsOf: request) != before)
        try Self.expectEqualToClean(outcome, scene: scene, scratch: scratch, label: "linked")
    }

    /// Body and front-matter edits in a random order, each compared with a clean build;
    /// some seeds rebuilt as `serve` does (`Driver`).
    @Test(arguments: [(21, false), (22, true), (23, false), (24, true)] as [(UInt64, Bool)])
    func randomBodyAndFieldEditsEqualACleanBuild(seed: UInt64, watched: Bool) throws {
        var scene = Scene(content: try TempContent(Self.fieldEditContent()), files: Self.fieldEditContent())
        let scratch = try scratchDirectory()
        defer { scene.content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let live = try Self.builtOnce(scene, scratch: scratch, watched: watched)
        var random = SeededGenerator(state: seed)
        var counts: [LiveBuild.Path: Int] = [:]
        var broken: String?
        for step in 0..<30 {
            let files = scene.files.keys.filter { $0.hasSuffix(".md") }.sorted()
            // An error stops the build until it is fixed: fix it next.
            let path = broken ?? files.randomElement(using: &random)!
            broken = nil
            let isTranslation = path.contains(".es-us.")
            let changes: [(String) -> String] = [
                { Self.withBody($0, "Body \(step) with [a link](index.md).") },
                Self.setting("title", "\"Title \(step)\""),
                Self.setting("summary", step % 3 == 0 ? nil : "\"Summary \(step).\""),
                Self.setting("keywords", "[\"k\(step)\", \"shared\"]"),
                Self.setting(isTranslation ? "title" : "suggestedAge", isTranslation ? "\"Título \(step)\"" : "\(step % 9 + 4)-\(step % 9 + 6)"),
                Self.setting("title", "\"" + String(repeating: "y", count: 257) + "\""),
                Self.setting(isTranslation ? "summary" : "assignable", isTranslation ? "\"Resumen \(step)\"" : (step % 2 == 0 ? "true" : "false")),
            ]
            let pick = Int.random(in: 0..<changes.count, using: &random)
            let change = scene.files[path]!.contains("yyyy") ? Self.setting("title", "\"Fixed \(step)\"") : changes[pick]
            try scene.put(path, change(scene.files[path]!))
            let outcome = try live.rebuild()
            counts[outcome.path, default: 0] += 1
            if !outcome.result.wrote { broken = path }
            try Self.expectEqualToClean(outcome, scene: scene, scratch: scratch, label: "seed \(seed) step \(step) \(path)")
        }
        #expect((counts[.fields] ?? 0) > 0, "front-matter edits were patched (seed \(seed)): \(counts)")
        #expect((counts[.bodies] ?? 0) > 0, "body edits were patched (seed \(seed)): \(counts)")
    }

    /// The live build's diagnostics (in order) and output equal a clean build's; a failed
    /// live build wrote nothing.
    static func expectEqualToClean(_ outcome: LiveBuild.Outcome, scene: Scene, scratch: URL, label: String) throws {
        let clean = scratch.appendingPathComponent("clean")
        defer { try? FileManager.default.removeItem(at: clean) }
        let reference = try Build.run(BuildOptions(content: scene.content.root, output: clean, cacheDirectory: nil))
        #expect(outcome.result.diagnostics.items == reference.diagnostics.items, "\(label)")
        #expect(outcome.result.wrote == reference.wrote, "\(label)")
        guard reference.wrote else { return }
        let (got, want) = (treeContents(scratch.appendingPathComponent("site")), treeContents(clean))
        #expect(got.keys.sorted() == want.keys.sorted(), "\(label)")
        for (path, data) in want where got[path] != data { Issue.record("\(label): \(path) differs") }
    }
}
