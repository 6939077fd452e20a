import Foundation
import Testing
@testable import Catalog

/// The watcher on a real directory: inotify where it can (new directories included), a
/// listing every interval where the tree has a symbolic link, and the same reports either way.
@Suite struct ContentWatcherTests {
    /// Every listing the watcher reported, for the test to wait on.
    final class Reports: Sendable {
        private let listings = Locked<[[String: FileStamp]]>([])

        func add(_ stamps: [String: FileStamp]) { listings.withLock { $0.append(stamps) } }

        /// Waits (up to 10 s) for a reported listing that satisfies `test`.
        func wait(_ test: ([String: FileStamp]) -> Bool) -> Bool {
            for _ in 0..<1000 {
                if listings.withLock({ $0.contains(where: test) }) { return true }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return false
        }
    }

    static func watch(_ root: URL) -> (ContentWatcher, ContentWatcher.Mode, Reports) {
        let watcher = ContentWatcher(directory: root, interval: .milliseconds(30))
        let reports = Reports()
        let mode = watcher.start { stamps, _ in reports.add(stamps) }
        return (watcher, mode, reports)
    }

    @Test func eventsSeeEditsAndNewDirectories() throws {
        let root = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("a".utf8).write(to: root.appendingPathComponent("a.md"))
        let (watcher, mode, reports) = Self.watch(root)
        defer { watcher.stop() }
        #expect(mode == .events)

        try Data("edited".utf8).write(to: root.appendingPathComponent("a.md"))
        #expect(reports.wait { $0["a.md"]?.size == 6 })
        let book = root.appendingPathComponent("book/chapter")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        try Data("b".utf8).write(to: book.appendingPathComponent("b.md"))
        #expect(reports.wait { $0["book/chapter/b.md"]?.size == 1 })
        // Watched since the last report: a later edit inside the new directory is seen.
        try Data("bigger".utf8).write(to: book.appendingPathComponent("b.md"))
        #expect(reports.wait { $0["book/chapter/b.md"]?.size == 6 })
        try FileManager.default.removeItem(at: root.appendingPathComponent("book"))
        #expect(reports.wait { $0["book/"] == nil && $0["a.md"] != nil })
    }

    /// `serve` builds from a listing made before the watches exist: what changed in between
    /// is reported without waiting for another event.
    @Test func aChangeBeforeTheWatchesIsReported() throws {
        let root = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("a".utf8).write(to: root.appendingPathComponent("a.md"))
        let initial = TreeStamps.collect(root, directories: true)
        try Data("changed".utf8).write(to: root.appendingPathComponent("a.md"))
        let watcher = ContentWatcher(directory: root, interval: .milliseconds(30))
        let reports = Reports()
        let mode = watcher.start(from: initial) { stamps, paths in
            if paths == ["a.md"] { reports.add(stamps) }
        }
        defer { watcher.stop() }
        #expect(mode == .events)
        #expect(reports.wait { $0["a.md"]?.size == 7 })
    }

    /// Links are followed only inside the content (`ContentWalk`): the tests link to a
    /// file in a folder of the content.
    @Test func aSymbolicLinkMeansPolling() throws {
        let root = try scratchDirectory()
        let outside = root.appendingPathComponent("_shared")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: outside.appendingPathComponent("shared.md"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("shared.md"),
                                                   withDestinationURL: outside.appendingPathComponent("shared.md"))
        let (watcher, mode, reports) = Self.watch(root)
        defer { watcher.stop() }
        #expect(mode == .polling)
        // The listing sees the change through the link.
        try Data("changed".utf8).write(to: outside.appendingPathComponent("shared.md"))
        #expect(reports.wait { $0["shared.md"]?.size == 7 })
    }

    @Test func aLinkAddedLaterSwitchesToPolling() throws {
        let root = try scratchDirectory()
        let outside = root.appendingPathComponent("_shared")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: outside.appendingPathComponent("shared.md"))
        let (watcher, mode, reports) = Self.watch(root)
        defer { watcher.stop() }
        #expect(mode == .events)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("shared.md"),
                                                   withDestinationURL: outside.appendingPathComponent("shared.md"))
        #expect(reports.wait { $0["shared.md"]?.size == 1 })
        try Data("changed".utf8).write(to: outside.appendingPathComponent("shared.md"))
        #expect(reports.wait { $0["shared.md"]?.size == 7 })
    }

    /// An editor's swap file, backup or safe-save temporary, made or changed alone, starts
    /// no rebuild; the next real edit is reported alone, with or without inotify.
    @Test(arguments: [false, true])
    func editorTemporariesAloneAreNotReported(polling: Bool) throws {
        let root = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String) throws {
            try Data(text.utf8).write(to: root.appendingPathComponent(path))
        }
        try write("a.md", "a")
        if polling {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("_shared"), withIntermediateDirectories: true)
            try write("_shared/s.md", "s")
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("s.md").path,
                                                       withDestinationPath: "_shared/s.md")
        }
        let watcher = ContentWatcher(directory: root, interval: .milliseconds(30))
        let reported = Locked<[Set<String>]>([])
        let mode = watcher.start { _, paths in reported.withLock { $0.append(paths) } }
        defer { watcher.stop() }
        #expect(mode == (polling ? .polling : .events))

        for name in [".a.md.swp", "a.md~", "4913", "#a.md#", ".dat.nosync1f2e", "a.md___jb_tmp___"] {
            try write(name, "temporary")
        }
        try write(".a.md.swp", "swap file written again")
        try FileManager.default.removeItem(at: root.appendingPathComponent("4913"))
        Thread.sleep(forTimeInterval: 0.5)
        #expect(reported.withLock { $0 }.isEmpty)

        try write("a.md~", "a backup made with the save")
        try write("a.md", "edited")
        for _ in 0..<1000 where reported.withLock({ $0.isEmpty }) { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(reported.withLock { $0 } == [["a.md"]])
    }
}

@Test(arguments: [
    ("a.md", false), ("book/index.md", false), ("catalog.yml", false), ("cover.png", false),
    ("#hashtags.md", false), ("tmp.md", false), ("4913.md", false), ("a~b.md", false), ("#", false),
    ("backup~/a.md", false), (".theme/site.css", false),
    (".a.md.swp", true), ("book/.a.md.swo", true), (".a.md.swx", true), ("a.md~", true), ("book/4913", true),
    ("#a.md#", true), (".#a.md", true), ("a.md.crswap", true), ("a.md___jb_tmp___", true),
    ("a.md___jb_old___", true), (".goutputstream-X1Y2", true), (".dat.nosync3a1b.Kx2", true),
    ("._a.md", true), (".DS_Store", true), (".~lock.a.md#", true), ("a.md.tmp", true), (".a.md.kate-swp", true),
    ("a.md.~1~", true),
])
func editorTemporaryFileNames(path: String, isTemporary: Bool) {
    #expect(EditorTemporaryFiles.matches(path) == isTemporary)
}
