import Foundation
import Testing
@testable import Catalog

#if canImport(Glibc)
import Glibc
#endif

/// `BuildOptions.removesOldOutputAfterExit` (the `build` command): the replaced output is
/// renamed into the cache as `.site.trash-PID`, PID its remover's, which removes it once
/// let go (at the process's end in `build`), never following a link; nothing else beside
/// the output or in the cache changes; one that a killed remover left is removed by the
/// next build; without the option the old output is gone when `run` returns.
@Suite struct OldOutputRemovalTests {
    typealias Scene = BodyEditBuildTests.Scene

    static func build(_ scene: Scene, afterExit: Bool = true) throws -> BuildResult {
        var options = BuildOptions(content: scene.content.root, output: scene.output, cacheDirectory: scene.cache)
        options.removesOldOutputAfterExit = afterExit
        return try Build.run(options)
    }

    static func names(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Lets the remover go, waits for its end and expects that it removed the trash alone.
    static func expectRemoved(_ remover: DetachedRemoval.Handed, from scene: Scene,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let before = try names(scene.cache)
        #expect(before.contains(".site.trash-\(remover.pid)"), sourceLocation: sourceLocation)
        remover.start()
        var status: Int32 = -1
        #expect(waitpid(remover.pid, &status, 0) == remover.pid, sourceLocation: sourceLocation)
        #expect(status == 0, "the remover exited with \(status)", sourceLocation: sourceLocation)
        #expect(try names(scene.cache) == before.filter { $0 != ".site.trash-\(remover.pid)" }, sourceLocation: sourceLocation)
    }

    @Test func aBodyEditLeavesTheOldOutputToARemover() throws {
        let scene = try Scene(BodyEditBuildTests.files())
        defer { scene.remove() }
        let first = try Self.build(scene)
        #expect(first.oldOutputRemover == nil)  // there was no output to replace
        let cacheBefore = try Self.names(scene.cache)
        try BodyEditBuildTests.replaceBody(scene, "b0/c1/s0.md", "Other text.\n")
        let edit = try Self.build(scene)
        #expect(edit.route.hasPrefix("body edit: 1 changed file, "))
        let remover = try #require(edit.oldOutputRemover)
        #expect(try Self.names(scene.scratch) == ["cache", "site"])
        #expect(try Self.names(scene.cache) == (cacheBefore + [".site.trash-\(remover.pid)"]).sorted())
        // The old output, whole, until the remover is let go.
        let trash = scene.cache.appendingPathComponent(".site.trash-\(remover.pid)")
        #expect(treeContents(trash).keys.sorted() == treeContents(scene.output).keys.sorted())
        try scene.expectSameAsCold("body edit, old output in the trash")
        try Self.expectRemoved(remover, from: scene)
        try scene.expectSameAsCold("body edit, trash removed")
    }

    @Test func aFullBuildLeavesTheOldOutputToARemover() throws {
        let scene = try Scene(BodyEditBuildTests.files())
        defer { scene.remove() }
        _ = try Self.build(scene)
        try scene.content.write("b0/c1/s3.md", BodyEditBuildTests.section("Renamed", body: "Some text."))
        let full = try Self.build(scene)
        #expect(full.route == "full build: the front matter of b0/c1/s3.md changed")
        let remover = try #require(full.oldOutputRemover)
        try scene.expectSameAsCold("full build, old output in the trash")
        try Self.expectRemoved(remover, from: scene)
    }

    @Test func withoutTheOptionTheOldOutputIsGoneAtOnce() throws {
        let scene = try Scene(BodyEditBuildTests.files())
        defer { scene.remove() }
        _ = try Self.build(scene, afterExit: false)
        let cacheBefore = try Self.names(scene.cache)
        try BodyEditBuildTests.replaceBody(scene, "b0/c1/s0.md", "Other text.\n")
        let edit = try Self.build(scene, afterExit: false)
        #expect(edit.route.hasPrefix("body edit: "))
        #expect(edit.oldOutputRemover == nil)
        #expect(try Self.names(scene.cache) == cacheBefore)
        #expect(try Self.names(scene.scratch) == ["cache", "site"])
    }

    /// A cache on another file system than the output (where one is at hand: `/dev/shm`):
    /// the old output cannot be renamed into it, and is removed before `run` returns.
    @Test func aCacheOnAnotherFileSystemRemovesTheOldOutputAtOnce() throws {
        var memory = stat(), temporary = stat()
        guard stat("/dev/shm", &memory) == 0, stat(FileManager.default.temporaryDirectory.path, &temporary) == 0,
              memory.st_dev != temporary.st_dev else { return }
        let scene = try Scene(BodyEditBuildTests.files())
        defer { scene.remove() }
        let cache = URL(fileURLWithPath: "/dev/shm/old-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        var options = BuildOptions(content: scene.content.root, output: scene.output, cacheDirectory: cache)
        options.removesOldOutputAfterExit = true
        _ = try Build.run(options)
        let cacheBefore = try Self.names(cache)
        try BodyEditBuildTests.replaceBody(scene, "b0/c1/s0.md", "Other text.\n")
        let edit = try Build.run(options)
        #expect(edit.wrote && edit.oldOutputRemover == nil)
        #expect(try Self.names(cache) == cacheBefore)
        #expect(try Self.names(scene.scratch) == ["site"])
        try scene.expectSameAsCold("cache on another file system")
    }

    /// A remover killed before it was done: its trash goes with the next build, removed
    /// without following the link in it; a trash whose remover still runs stays.
    @Test func theNextBuildRemovesATrashWhoseRemoverEnded() throws {
        let scene = try Scene(BodyEditBuildTests.files())
        defer { scene.remove() }
        _ = try Self.build(scene)
        let outside = scene.scratch.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("keep.txt"))
        let dead = try Self.endedProcessID()
        let stale = scene.cache.appendingPathComponent(".site.trash-\(dead)")
        try FileManager.default.createDirectory(at: stale.appendingPathComponent("en-us/a"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: stale.appendingPathComponent("en-us/a/index.html"))
        try FileManager.default.createSymbolicLink(at: stale.appendingPathComponent("en-us/out"), withDestinationURL: outside)
        let running = scene.cache.appendingPathComponent(".site.trash-\(getpid())")
        try FileManager.default.createDirectory(at: running, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: running) }

        try BodyEditBuildTests.replaceBody(scene, "b0/c1/s0.md", "Other text.\n")
        let edit = try Self.build(scene)
        let remover = try #require(edit.oldOutputRemover)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: running.path))
        #expect(try String(contentsOf: outside.appendingPathComponent("keep.txt"), encoding: .utf8) == "keep")
        try Self.expectRemoved(remover, from: scene)
    }

    /// The PID of a process that has ended (and been waited for).
    static func endedProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
