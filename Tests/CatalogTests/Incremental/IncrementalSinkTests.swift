import Foundation
import Testing
@testable import Catalog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sink links a file of the current output only when it holds exactly the bytes to
/// write: compared byte for byte, not by stamp or hash.
struct IncrementalSinkTests {
    /// A file changed in place to other bytes of the same size, its modification time set
    /// back, keeps its stamp: a stamp and a digest of the bytes the last build wrote would
    /// take it as unchanged and link it. The bytes differ, so it is written again.
    @Test func sameBytesAreLinkedAndAFileChangedUnderTheSameStampIsWritten() throws {
        let scratch = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("site"), staging = scratch.appendingPathComponent("staging")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("en"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        let same = output.appendingPathComponent("en/same.html"), changed = output.appendingPathComponent("en/changed.html")
        try Data("<p>same</p>".utf8).write(to: same)
        try Data("<p>last</p>".utf8).write(to: changed)
        let previous = ["en/same.html": try #require(FileStamp(path: same.path)),
                        "en/changed.html": try #require(FileStamp(path: changed.path))]
        try overwriteKeepingStamp(changed.path, with: "<p>LAST</p>")
        #expect(FileStamp(path: changed.path) == previous["en/changed.html"])

        let sink = try IncrementalSink(staging: staging, output: output, previous: previous)
        try sink.write("en/same.html", Data("<p>same</p>".utf8))
        try sink.write("en/changed.html", Data("<p>last</p>".utf8))
        try sink.write("en/new.html", Data("<p>new</p>".utf8))

        #expect(inode(staging.appendingPathComponent("en/same.html")) == inode(same))
        #expect(inode(staging.appendingPathComponent("en/changed.html")) != inode(changed))
        #expect(try String(contentsOf: staging.appendingPathComponent("en/changed.html"), encoding: .utf8) == "<p>last</p>")
        let written = sink.written
        #expect(written.linked == 1)
        #expect(written.records["en/same.html"] == previous["en/same.html"])
        #expect(written.records["en/changed.html"] == FileStamp(path: staging.appendingPathComponent("en/changed.html").path))
        #expect(Set(written.records.keys) == ["en/same.html", "en/changed.html", "en/new.html"])
    }

    /// A name of the current output that is a symbolic link is not followed to compare it:
    /// the file is written.
    @Test func aSymbolicLinkInTheOutputIsNotCompared() throws {
        let scratch = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("site"), staging = scratch.appendingPathComponent("staging")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        let outside = scratch.appendingPathComponent("outside.html")
        try Data("<p>x</p>".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: output.appendingPathComponent("page.html"), withDestinationURL: outside)
        let sink = try IncrementalSink(staging: staging, output: output,
                                       previous: ["page.html": try #require(FileStamp(path: outside.path))])
        try sink.write("page.html", Data("<p>x</p>".utf8))
        #expect(sink.written.linked == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: staging.appendingPathComponent("page.html").path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }

    /// Same size, same inode, the old modification time put back.
    private func overwriteKeepingStamp(_ path: String, with text: String) throws {
        var before = stat()
        #expect(stat(path, &before) == 0)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }
}
