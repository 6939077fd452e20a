import Foundation
import Testing
@testable import Catalog

#if canImport(Glibc)
import Glibc
#endif

/// `DetachedRemoval` (an interrupt's staging folder): the folder is renamed aside at once
/// to `.site.trash-PID` with the remover's PID; the remover holds nothing of this process
/// open but its pipe, removes nothing before it is let go, then removes the whole folder
/// without following a symbolic link, and ends.
@Suite struct DetachedRemovalTests {
    @Test func renamesAsideAndRemovesOnceLetGo() throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let outside = work.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("keep.txt"))
        let staging = work.appendingPathComponent(".site.building-1")
        let paths = ["index.html", "en-us/a/index.html", "en-us/a/b/c/index.html", "search/en-us/0.json", ".hidden"]
        for path in paths {
            let file = staging.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: file)
        }
        try FileManager.default.createSymbolicLink(at: staging.appendingPathComponent("en-us/link"), withDestinationURL: outside)

        let handed = try #require(DetachedRemoval.handOver(staging.path, trashPrefix: work.path + "/.site.trash-"))
        let trash = work.appendingPathComponent(".site.trash-\(handed.pid)")
        #expect(!FileManager.default.fileExists(atPath: staging.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == [".site.trash-\(handed.pid)", "outside"])
        // The remover closes what it inherited as it starts.
        let deadline = Date().addingTimeInterval(30)
        while Self.openDescriptors(handed.pid) != ["0", "1", "2"], Date() < deadline { usleep(1_000) }
        #expect(Self.openDescriptors(handed.pid) == ["0", "1", "2"])
        #expect(try Self.link(handed.pid, 0).hasPrefix("pipe:"))
        #expect(try Self.link(handed.pid, 1) == "/dev/null")
        // Not before it is let go: everything is still there a moment later.
        usleep(200_000)
        for path in paths { #expect(FileManager.default.fileExists(atPath: trash.appendingPathComponent(path).path)) }

        handed.start()
        var status: Int32 = -1
        #expect(waitpid(handed.pid, &status, 0) == handed.pid)
        #expect(status == 0, "the remover exited with \(status)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["outside"])
        #expect(try String(contentsOf: outside.appendingPathComponent("keep.txt"), encoding: .utf8) == "keep")
    }

    @Test func aFolderThatCannotBeRenamedStaysWhereItIs() throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let missing = work.appendingPathComponent(".site.building-1").path
        #expect(DetachedRemoval.handOver(missing, trashPrefix: work.path + "/.site.trash-") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty)
    }

    /// The descriptors a process holds open, by number.
    static func openDescriptors(_ pid: pid_t) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).sorted()
    }

    static func link(_ pid: pid_t, _ descriptor: Int) throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)")
    }
}
