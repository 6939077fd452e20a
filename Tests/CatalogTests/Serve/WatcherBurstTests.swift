import Foundation
import Testing
@testable import Catalog

/// A running `serve` (its watcher and live builds) under a burst of changes made the way
/// editors and people make them: in-place writes, temporary files renamed over the
/// original (VS Code, Xcode), vim's rename-away-and-write, files and folders added,
/// renamed, moved and deleted. Once the server has caught up with the last change, its
/// output equals a clean build of the final content, byte for byte.
@Suite struct WatcherBurstTests {
    /// The content being changed, listed from the disk at each step.
    struct Burst {
        let content: TempContent
        var random: SeededGenerator
        var step = 0

        var root: URL { content.url }

        func url(_ path: String) -> URL { root.appendingPathComponent(path) }

        /// Relative paths of the entries below `directory` (a relative path, "" for the root).
        func entries(_ directory: String) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url(directory).path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.isEmpty ? $0 : directory + "/" + $0 }
        }

        var books: [String] { entries("").filter { $0.hasPrefix("b") } }
        var chapters: [String] { books.flatMap { entries($0) }.filter { !$0.hasSuffix(".md") } }
        var sections: [String] { chapters.flatMap { entries($0) }.filter { $0.hasSuffix(".md") && !$0.hasSuffix("/index.md") } }

        mutating func pick<T>(_ items: [T]) -> T? { items.randomElement(using: &random) }

        func write(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: url(path)) }

        /// rename(2), which replaces an existing file as editors rely on.
        func move(_ from: String, _ to: String) throws {
            guard rename(url(from).path, url(to).path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }

        func section(_ title: String) -> String { GeneratedContent.page(title: title, type: "section", body: "Text \(step).") }

        /// One change, chosen at random; the content stays valid after each.
        mutating func change() throws {
            let step = step
            guard let chapter = pick(chapters) else { return try addChapter(in: pick(books)!, whole: true) }
            let section = pick(sections)
            switch Int.random(in: 0..<11, using: &random) {
            case 0:
                if let section { try write(section, self.section("Edited \(step)")) }
            case 1:
                // VS Code and Xcode: a temporary file beside the original, renamed over it.
                guard let section else { break }
                let temporary = (section as NSString).deletingLastPathComponent + "/.\((section as NSString).lastPathComponent).tmp\(step)"
                try write(temporary, self.section("Saved \(step)"))
                try move(temporary, section)
            case 2:
                // vim (backupcopy=no): the original renamed away, the new text written, the backup deleted.
                guard let section else { break }
                try move(section, section + "~")
                try write(section, self.section("Vim \(step)"))
                try FileManager.default.removeItem(at: url(section + "~"))
            case 3: try write(chapter + "/new\(step).md", self.section("New \(step)"))
            case 4:
                if let section { try move(section, chapter + "/moved\(step).md") }
            case 5:
                if let section { try FileManager.default.removeItem(at: url(section)) }
            case 6: try addChapter(in: pick(books)!, whole: Bool.random(using: &random))
            case 7:
                // A chapter folder renamed, or moved to another book.
                try move(chapter, pick(books)! + "/m\(step)")
            case 8:
                if chapters.count > 2 { try FileManager.default.removeItem(at: url(chapter)) }
            case 9: try write(chapter + "/index.md", GeneratedContent.page(title: "Chapter \(step)", type: nil))
            default:
                // The same size, written twice in place within one tick of the file clock.
                guard let section, let text = try? String(contentsOf: url(section), encoding: .utf8) else { break }
                try write(section, String(text.dropLast(2)) + "A\n")
                try write(section, String(text.dropLast(2)) + "B\n")
            }
        }

        /// A new chapter: made in a hidden folder and renamed into place whole, or made in
        /// place file by file.
        mutating func addChapter(in book: String, whole: Bool) throws {
            let name = book + "/n\(step)"
            let made = whole ? book + "/.n\(step).partial" : name
            try FileManager.default.createDirectory(at: url(made), withIntermediateDirectories: true)
            try write(made + "/index.md", GeneratedContent.page(title: "Chapter n\(step)", type: nil))
            try write(made + "/s0.md", section("First of n\(step)"))
            if whole { try move(made, name) }
        }
    }

    /// Waits until the server has rebuilt from the content as it is now.
    static func settle(_ server: PreviewServer, content: URL, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if server.hasBuilt(TreeStamps.collect(content, directories: true)) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// After the burst, one change at a time, each seen alone: a folder that appears (whole,
    /// or file by file) or moves is watched at once, so a save inside it right after the
    /// rebuild is not missed.
    static func editInsideNewFolders(_ burst: inout Burst, server: PreviewServer, seed: UInt64) throws {
        func settled(_ what: String) { #expect(settle(server, content: burst.root, seconds: 10), "seed \(seed): \(what) was seen") }
        for whole in [true, false] {
            burst.step += 1
            let book = burst.books[0], chapter = burst.books[0] + "/n\(burst.step)"
            try burst.addChapter(in: book, whole: whole)
            settled("a new folder")
            try burst.write(chapter + "/.s0.md.tmp", burst.section("Saved in the new folder \(burst.step)"))
            try burst.move(chapter + "/.s0.md.tmp", chapter + "/s0.md")
            settled("a save in a new folder")
            try burst.write(chapter + "/s1.md", burst.section("Added in the new folder \(burst.step)"))
            settled("a file added to a new folder")
        }
        burst.step += 1
        let moved = burst.books.last! + "/moved\(burst.step)"
        try burst.move(burst.chapters[0], moved)
        settled("a moved folder")
        try burst.write(moved + "/index.md", GeneratedContent.page(title: "Moved \(burst.step)", type: nil))
        settled("an edit in a moved folder")
        try FileManager.default.removeItem(at: burst.url(moved))
        settled("a deleted folder")
    }

    /// Three seeds with inotify, one with polling (a symbolic link in the content turns
    /// inotify off).
    @Test(arguments: [(41, 500, false), (42, 500, false), (43, 500, false), (44, 300, true)] as [(UInt64, Int, Bool)])
    func burstEndsEqualToACleanBuild(seed: UInt64, changes: Int, polling: Bool) throws {
        var files = GeneratedContent.files(books: 2, chapters: 3, sections: 4)
        files["notes.txt"] = "Notes"
        // An absolute site.baseURL: `serve` and `build` write the same sitemap, which is compared too.
        var burst = Burst(content: try TempContent(files, catalog: TempContent.sitemapCatalog), random: SeededGenerator(state: seed))
        if polling {
            try FileManager.default.createSymbolicLink(atPath: burst.url("notes-link.txt").path, withDestinationPath: "notes.txt")
        }
        let scratch = try scratchDirectory()
        defer { burst.content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("site")
        let options = ServeOptions(content: burst.content.root, output: output, cacheDirectory: scratch.appendingPathComponent("cache"),
                                   port: 0, pollInterval: .milliseconds(20))
        let log = LogLines()
        let server = try PreviewServer(options) { line in log.lines.withLock { $0.append(line) } }
        server.start()
        defer { server.stop() }
        #expect(log.lines.withLock { $0.contains { $0.contains("by listing it") } } == polling, "watched by polling: \(polling)")

        // The changes are spread over one second, in clumps: after a random run of changes
        // made as fast as the disk allows, a pause until the schedule catches up, so that
        // rebuilds run while the burst goes on. A slow machine simply makes them back to back.
        let start = Date()
        var clump = 0
        for step in 0..<changes {
            burst.step = step
            try burst.change()
            clump -= 1
            if clump <= 0 {
                clump = Int.random(in: 1...40, using: &burst.random)
                let due = Double(step + 1) / Double(changes)
                let ahead = due - Date().timeIntervalSince(start)
                if ahead > 0 { Thread.sleep(forTimeInterval: ahead) }
            }
        }
        let burstSeconds = Date().timeIntervalSince(start)
        #expect(Self.settle(server, content: burst.root, seconds: 30), "the server caught up with the burst (seed \(seed))")
        try Self.editInsideNewFolders(&burst, server: server, seed: seed)
        #expect(server.generation > 1, "the burst was rebuilt more than once")

        let clean = scratch.appendingPathComponent("clean")
        let reference = try Build.run(BuildOptions(content: burst.content.root, output: clean, cacheDirectory: nil))
        #expect(reference.wrote && !reference.diagnostics.hasErrors, "the final content is valid (seed \(seed))")
        let (got, want) = (try directorySnapshot(output), try directorySnapshot(clean))
        #expect(got.keys.sorted() == want.keys.sorted(), "seed \(seed): the same files")
        for (path, data) in want where got[path] != nil && got[path] != data { Issue.record("seed \(seed): \(path) differs") }
        print("WatcherBurstTests seed \(seed)\(polling ? " (polling)" : ""): \(changes) changes in \(String(format: "%.2f", burstSeconds)) s, "
              + "\(server.generation) rebuilds, settled \(String(format: "%.2f", Date().timeIntervalSince(start))) s after the start")
    }
}

/// What the server logged.
private final class LogLines: Sendable {
    let lines = Locked<[String]>([])
}
