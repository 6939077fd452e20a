import Foundation
import Testing
@testable import Catalog

/// `TreeRemoval` (an interrupt's removal of the staging folder): everything below the
/// folder goes, and a symbolic link inside goes without what it points at.
@Suite struct TreeRemovalTests {
    @Test func removesAWholeTreeButNothingALinkPointsAt() throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let outside = work.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("keep.txt"))
        let tree = work.appendingPathComponent(".site.building-1")
        for path in ["index.html", "en-us/a/index.html", "en-us/a/b/c/index.html", "search/en-us/0.json", ".hidden"] {
            let file = tree.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: file)
        }
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("empty/deeper"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: tree.appendingPathComponent("en-us/link"), withDestinationURL: outside)
        #expect(TreeRemoval.remove(tree.path))
        #expect(!FileManager.default.fileExists(atPath: tree.path))
        #expect(try String(contentsOf: outside.appendingPathComponent("keep.txt"), encoding: .utf8) == "keep")
        #expect(TreeRemoval.remove(tree.path), "a path that is already gone counts as removed")
    }
}
