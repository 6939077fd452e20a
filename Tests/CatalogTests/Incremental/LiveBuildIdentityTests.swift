import Foundation
import Testing
@testable import Catalog

/// `serve`'s live build against a clean `build` after each step of a random sequence of
/// changes: every file of the output byte-identical, the same diagnostics, and a failed
/// build leaving the output exactly as it was.
@Suite struct LiveBuildIdentityTests {
    /// The content being changed, with what the sequence needs to remember.
    struct Scene {
        let content: TempContent
        var files: [String: String]
        var step = 0

        var leaves: [String] {
            files.keys.filter { !$0.hasSuffix("index.md") && $0.hasSuffix(".md") && !$0.contains(".es-us.") }.sorted()
        }
        var chapters: [String] { files.keys.filter { $0.hasSuffix("/index.md") && $0.split(separator: "/").count == 3 }.sorted() }

        mutating func put(_ path: String, _ text: String) throws {
            files[path] = text
            try content.write(path, text)
        }

        /// A leaf's translation goes where the leaf went.
        mutating func moveTranslation(of leaf: String, to destination: String) throws {
            let from = LiveBuildIdentityTests.translation(of: leaf)
            guard files[from] != nil else { return }
            try move(from, LiveBuildIdentityTests.translation(of: destination))
        }

        mutating func delete(_ path: String) throws {
            files.removeValue(forKey: path)
            try FileManager.default.removeItem(at: content.url.appendingPathComponent(path))
        }

        mutating func move(_ from: String, _ to: String) throws {
            try FileManager.default.createDirectory(at: content.url.appendingPathComponent(to).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: content.url.appendingPathComponent(from), to: content.url.appendingPathComponent(to))
            for (path, text) in files where path == from || path.hasPrefix(from + "/") {
                files.removeValue(forKey: path)
                files[to + path.dropFirst(from.count)] = text
            }
        }
    }

    static func translation(of leaf: String) -> String { String(leaf.dropLast(3)) + ".es-us.md" }

    static func section(_ title: String, body: String = "Some text.", order: Int? = nil) -> String {
        var page = GeneratedContent.page(title: title, type: "section", body: body)
        if let order { page = page.replacingOccurrences(of: "type: section\n", with: "type: section\ndisplayOrder: \(order)\n") }
        return page
    }

    /// One random change: edits of bodies, titles, order and chapter titles, additions,
    /// renames of files and directories, deletions, translations, links (to books and to a
    /// file that comes and goes), and broken front matter.
    static func mutate(_ scene: inout Scene, random: inout SeededGenerator) throws {
        let step = scene.step
        let leaf = scene.leaves.randomElement(using: &random)!
        let chapter = scene.chapters.randomElement(using: &random)!
        let chapterDirectory = (chapter as NSString).deletingLastPathComponent
        switch Int.random(in: 0..<18, using: &random) {
        case 0: try scene.put(leaf, scene.files[leaf]! + "\nChanged at \(step).\n")
        case 1: try scene.put(leaf, section("Retitled \(step)"))
        case 2: try scene.put(chapterDirectory + "/new\(step).md", section("New \(step)"))
        case 3:
            try scene.move(leaf, chapterDirectory + "/renamed\(step).md")
            try scene.moveTranslation(of: leaf, to: chapterDirectory + "/renamed\(step).md")
        case 4:
            try scene.delete(leaf)
            if scene.files[translation(of: leaf)] != nil { try scene.delete(translation(of: leaf)) }
        case 5: try scene.put(chapter, GeneratedContent.page(title: "Chapter \(step)", type: nil))
        case 6: try scene.put(translation(of: leaf), "---\ntitle: \"Sección \(step)\"\n---\nHola \(step).\n")
        case 7: try scene.put(leaf, section("Linked \(step)", body: "See [a book](../../b1/index.md) and [notes](../../notes.txt)."))
        case 8:
            if scene.files["notes.txt"] != nil { try scene.delete("notes.txt") } else { try scene.put("notes.txt", "Notes \(step)") }
        case 9: try scene.put(leaf, section("Ordered \(step)", order: Int.random(in: 0..<9, using: &random)))
        case 10: try scene.move(chapterDirectory, chapterDirectory + "m\(step)")
        case 11:
            // A new identifier moves the book's pages without moving its file: links to it change.
            try scene.put("b1/index.md", "---\ntitle: \"Book 1\"\nidentifier: book\(step)\n---\nThe second book.\n")
        case 12: try scene.put(leaf, "---\ntitle: [unclosed\n---\nBroken\n")
        // Edits of the body alone (`BodyEdit`): plain text, a medium that comes with it, a
        // broken link, another page's link, a translation's body, and one of the same size.
        case 13: try scene.put(leaf, withBody(scene.files[leaf]!, "Medium [notes](../../notes.txt) at \(step)."))
        case 14: try scene.put(leaf, withBody(scene.files[leaf]!, "A [gone](gone\(step).md) link."))
        case 15: try scene.put(leaf, withBody(scene.files[leaf]!, "See [chapter](index.md) and **\(step)**."))
        case 16:
            let path = translation(of: leaf)
            if let text = scene.files[path] { try scene.put(path, withBody(text, "Traducido \(step).")) }
        default:
            // Same size as before, written twice within one tick of the file's clock.
            let text = scene.files[leaf]!
            try scene.put(leaf, String(text.dropLast(2)) + "A\n")
            try scene.put(leaf, String(text.dropLast(2)) + "B\n")
        }
    }

    /// A file's text with its body replaced and its front matter kept byte for byte.
    static func withBody(_ text: String, _ body: String) -> String {
        guard text.hasPrefix("---\n"), let end = text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex)
        else { return text }
        return String(text[..<end.upperBound]) + "# Heading\n\n" + body + "\n"
    }

    /// Small catalogs for many steps, and one of several request files (over 200 versions).
    @Test(arguments: [(11, 2, 3, 30), (12, 2, 3, 30), (13, 2, 3, 30), (14, 2, 3, 30), (15, 3, 6, 8), (16, 2, 3, 40),
                      (17, 2, 3, 40)] as [(UInt64, Int, Int, Int)])
    func liveBuildEqualsCleanAfterEachStep(seed: UInt64, books: Int, chapters: Int, steps: Int) throws {
        var files = GeneratedContent.files(books: books, chapters: chapters, sections: 4 * books)
        files["notes.txt"] = "Notes"
        // An absolute site.baseURL: the comparisons cover the sitemap.
        var scene = Scene(content: try TempContent(files, catalog: TempContent.sitemapCatalog), files: files)
        let scratch = try scratchDirectory()
        defer { scene.content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("site")
        let live = LiveBuild(content: scene.content.root, output: output, cacheDirectory: scratch.appendingPathComponent("cache"))
        var random = SeededGenerator(state: seed)
        var reused = 0, patched = 0
        for step in 0..<steps {
            scene.step = step
            if step > 0 {
                if let broken = scene.files.first(where: { $0.value.contains("[unclosed") })?.key {
                    try scene.put(broken, Self.section("Fixed \(step)"))
                } else {
                    try Self.mutate(&scene, random: &random)
                }
            }
            let before = treeContents(output)
            let outcome = try live.rebuild()
            reused += outcome.pagesReused
            // A body edit patched into the last build (written, or stopped by its errors).
            if step > 0, !outcome.result.timings.timings.contains(where: { $0.stage == "validate" }) { patched += 1 }
            let clean = scratch.appendingPathComponent("clean-\(step)")
            let reference = try Build.run(BuildOptions(content: scene.content.root, output: clean, cacheDirectory: nil))
            #expect(outcome.result.diagnostics.sorted == reference.diagnostics.sorted, "seed \(seed) step \(step)")
            #expect(outcome.result.wrote == reference.wrote, "seed \(seed) step \(step)")
            if reference.wrote {
                let (got, want) = (treeContents(output), treeContents(clean))
                #expect(got.keys.sorted() == want.keys.sorted(), "seed \(seed) step \(step)")
                for (path, data) in want where got[path] != data { Issue.record("seed \(seed) step \(step): \(path) differs") }
            } else {
                #expect(treeContents(output) == before, "a failed build changed the output (seed \(seed) step \(step))")
            }
            try? FileManager.default.removeItem(at: clean)
        }
        #expect(reused > 0, "the sequence exercised reuse")
        #expect(patched > 0, "the sequence exercised body edits patched into the last build (seed \(seed))")
    }

    /// After a one-file edit, only that page (and the files that list it) is rendered again.
    @Test func oneEditReusesTheOtherPages() throws {
        var scene = Scene(content: try TempContent(GeneratedContent.files(books: 2, chapters: 3, sections: 4)),
                          files: GeneratedContent.files(books: 2, chapters: 3, sections: 4))
        let scratch = try scratchDirectory()
        defer { scene.content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let live = LiveBuild(content: scene.content.root, output: scratch.appendingPathComponent("site"), cacheDirectory: nil)
        // Past the time within which a file's stamp is not trusted (`FileStamp.racyWindow`),
        // so that only the edited file reads as changed afterwards.
        Thread.sleep(forTimeInterval: 0.2)
        let first = try live.rebuild()
        #expect(first.pagesReused == 0)
        try scene.put("b0/c0/s0.md", Self.section("Section 0.0.0", body: "An edited body."))
        let second = try live.rebuild()
        let pages = 2 * (2 + 2 * 3 + 2 * 3 * 4)  // two locales: books, chapters and sections
        #expect(second.pagesReused == pages - 2, "only the edited page, in each locale, is rendered")
        #expect(!second.result.timings.timings.contains { $0.stage == "validate" }, "a body edit is patched in")
        #expect(second.filesWritten >= 2)
    }
}
