import Foundation
import Testing
@testable import Catalog

/// The incremental build against a clean one, after each step of random edits.
@Suite struct IncrementalBuildTests {
    /// One random change to the content: edit, add, rename, delete, or break a file (then
    /// the build fails and must leave the output as it was).
    static func mutate(_ content: TempContent, files: inout [String: String], step: Int,
                       random: inout SeededGenerator) throws {
        let leaves = files.keys.filter { !$0.hasSuffix("index.md") && $0 != "catalog.yml" }.sorted()
        let chapters = Set(leaves.map { ($0 as NSString).deletingLastPathComponent }).sorted()
        let leaf = leaves.randomElement(using: &random)!
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            files[leaf] = GeneratedContent.page(title: "Edited \(step)", type: "section", body: "Changed at \(step).")
            try content.write(leaf, files[leaf]!)
        case 1:
            let path = chapters.randomElement(using: &random)! + "/new\(step).md"
            files[path] = GeneratedContent.page(title: "New \(step)", type: "section")
            try content.write(path, files[path]!)
        case 2:
            let path = chapters.randomElement(using: &random)! + "/renamed\(step).md"
            files[path] = files.removeValue(forKey: leaf)
            try FileManager.default.moveItem(at: content.url.appendingPathComponent(leaf),
                                             to: content.url.appendingPathComponent(path))
        case 3:
            files.removeValue(forKey: leaf)
            try FileManager.default.removeItem(at: content.url.appendingPathComponent(leaf))
        default:
            files[leaf] = "---\ntitle: [unclosed\n---\nBroken\n"
            try content.write(leaf, files[leaf]!)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func incrementalEqualsCleanAfterEachStep(seed: UInt64) throws {
        var files = GeneratedContent.files(books: 2, chapters: 3, sections: 4)
        let content = try TempContent(files)
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("site"), cache = scratch.appendingPathComponent("cache")
        let parses = IncrementalParseCache()
        var random = SeededGenerator(state: seed)
        var broken: String?
        for step in 0..<25 {
            if let path = broken, let text = files[path], text.contains("[unclosed") {
                files[path] = GeneratedContent.page(title: "Fixed \(step)", type: "section")
                try content.write(path, files[path]!)
                broken = nil
            } else {
                try Self.mutate(content, files: &files, step: step, random: &random)
                broken = files.first { $0.value.contains("[unclosed") }?.key
            }
            let before = treeContents(output)
            var options = BuildOptions(content: content.root, output: output, cacheDirectory: cache)
            options.parseCache = parses
            let result = try Build.run(options)
            let clean = scratch.appendingPathComponent("clean-\(step)")
            let reference = try Build.run(BuildOptions(content: content.root, output: clean, cacheDirectory: nil))
            // identifier-changed compares with the last build, which a clean build into a
            // new output has not got: a renamed file with its title kept is warned about here only.
            let compared = result.diagnostics.sorted.filter { $0.rule != "identifier-changed" }
            #expect(compared == reference.diagnostics.sorted, "seed \(seed) step \(step)")
            if reference.wrote {
                #expect(treeContents(output) == treeContents(clean), "seed \(seed) step \(step)")
            } else {
                #expect(treeContents(output) == before, "a failed build changed the output (seed \(seed) step \(step))")
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix(".") }
            #expect(leftovers.isEmpty, "staging left behind: \(leftovers)")
        }
    }

    @Test func noOpRebuildIsUpToDateAndTouchesNothing() throws {
        let content = try TempContent(GeneratedContent.files(books: 1, chapters: 2, sections: 3))
        ageFiles(content.url)
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let options = cachedBuildOptions(content, scratch: scratch)
        #expect(try Build.run(options).wrote)
        let manifest = options.output.appendingPathComponent("catalog/manifest.json")
        let stamp = FileStamp(path: manifest.path)
        let again = try Build.run(options)
        #expect(again.upToDate && !again.wrote)
        #expect(FileStamp(path: manifest.path) == stamp)
        #expect(!again.timings.timings.contains { $0.stage == "load" }, "an up-to-date build read the content")
    }

    /// The state grows with the catalog (about 22 MB at 100,000 contexts): it must be read
    /// back even when it is larger than a content file may be, or no large catalog ever
    /// gets a no-op or a hard-linked rebuild.
    @Test func stateLargerThanAContentFileIsReadBack() throws {
        let scratch = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stamp = FileStamp(size: 12_345, modified: 1_795_280_205_404_415_692, inode: 6_555_121)
        let directory = String(repeating: "a-long-book-identifier/", count: 4)
        var outputs: [String: FileStamp] = [:]
        for number in 0..<120_000 {
            outputs["en/\(directory)\(number)/index.html"] = stamp
        }
        outputs["fr/été-日本/e\u{301}/index.html"] = FileStamp(size: 7, modified: 8, inode: 9)
        let directories = ["": stamp, "en": FileStamp(size: 4096, modified: -1, inode: 2), "fr/été-日本": stamp]
        let state = BuildState(identity: ["content\t/c", "output\t/o", "program\tunknown"],
                               inputs: ["book/index.md": stamp], outputs: outputs, directories: directories, isClean: true)
        try state.save(in: scratch)
        let size = try FileManager.default.attributesOfItem(atPath: scratch.appendingPathComponent(BuildState.fileName).path)[.size] as? Int
        #expect((size ?? 0) > SourceText.maximumBytes)
        let read = try #require(BuildState.read(from: scratch))
        #expect(read.outputs == outputs && read.inputs == state.inputs && read.isClean && read.identity == state.identity)
        #expect(read.directories == directories)
        #expect(read == state)
    }

    /// The no-op check stats what the last build recorded and lists nothing: a file or a
    /// directory added anywhere in the output, or one removed, still makes a full build.
    @Test(arguments: ["stray.txt", "catalog/stray.json", "new/deeper/index.html", "catalog/manifest.json", "assets"])
    func outputChangedBesideTheRecordedFilesIsRebuilt(path: String) throws {
        let content = try TempContent(GeneratedContent.files(books: 1, chapters: 1, sections: 2))
        ageFiles(content.url)
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let options = cachedBuildOptions(content, scratch: scratch)
        _ = try Build.run(options)
        let expected = treeContents(options.output)
        #expect(try Build.run(options).upToDate)
        let file = options.output.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: file)
        } else {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("stray".utf8).write(to: file)
        }
        let again = try Build.run(options)
        #expect(again.wrote && !again.upToDate)
        #expect(treeContents(options.output) == expected)
    }

    @Test func tamperedOutputIsRebuilt() throws {
        let content = try TempContent(GeneratedContent.files(books: 1, chapters: 1, sections: 2))
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let options = cachedBuildOptions(content, scratch: scratch)
        _ = try Build.run(options)
        let expected = treeContents(options.output)
        try Data("junk".utf8).write(to: options.output.appendingPathComponent("catalog/manifest.json"))
        let again = try Build.run(options)
        #expect(again.wrote && !again.upToDate)
        #expect(treeContents(options.output) == expected)
    }

    /// Over 200 contexts make several request files: an edit in the last book changes
    /// only the last one, and the others keep their inode (hard-linked, not rewritten).
    @Test func oneEditRewritesOnlyChangedFiles() throws {
        var files = GeneratedContent.files(books: 3, chapters: 8, sections: 10)
        let content = try TempContent(files)
        ageFiles(content.url)
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let parses = IncrementalParseCache()
        var options = BuildOptions(content: content.root, output: scratch.appendingPathComponent("site"),
                                   cacheDirectory: scratch.appendingPathComponent("cache"))
        options.parseCache = parses
        _ = try Build.run(options)
        let first = options.output.appendingPathComponent("catalog/contexts-0001.json")
        let requests = try FileManager.default.contentsOfDirectory(atPath: options.output.appendingPathComponent("catalog").path)
            .filter { $0.hasPrefix("contexts-") }.sorted()
        #expect(requests.count > 1)
        let last = options.output.appendingPathComponent("catalog/" + requests.last!)
        let (firstInode, lastBytes) = (inode(first), try Data(contentsOf: last))
        let parsedBefore = parses.parseCount
        files["b2/c7/s9.md"] = GeneratedContent.page(title: "Edited", type: "section")
        try content.write("b2/c7/s9.md", files["b2/c7/s9.md"]!)
        #expect(try Build.run(options).wrote)
        #expect(parses.parseCount == parsedBefore + 1, "only the edited file is parsed again")
        #expect(inode(first) == firstInode)
        #expect(try Data(contentsOf: last) != lastBytes)
    }
}
