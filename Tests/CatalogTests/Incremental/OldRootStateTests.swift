import Foundation
import Testing
@testable import Catalog

/// The state older builds kept at the cache's root goes at the next build; a file of the
/// same name that is not one (another text, a link to one) stays.
struct OldRootStateTests {
    @Test func aBuildRemovesTheOldRootStateAndNothingElse() throws {
        let content = try TempContent(["b/index.md": "---\ntitle: B\n---\nBody.\n"])
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let cache = scratch.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data("catalog-build-state 2\ncontent\t/c\n".utf8).write(to: cache.appendingPathComponent("build-state.tsv"))
        try Data("catalog-body-state 1\nx".utf8).write(to: cache.appendingPathComponent("body-state.bin"))
        try Data("notes\n".utf8).write(to: cache.appendingPathComponent("kept.txt"))
        _ = try Build.run(BuildOptions(content: content.root, output: scratch.appendingPathComponent("site"), cacheDirectory: cache))
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        // No thumbnails folder: the catalog has no thumbnails.
        #expect(names == [BuildStateFolder.parent, "kept.txt"].sorted())
    }

    @Test func filesThatAreNotAnOldStateStay() throws {
        let cache = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let elsewhere = cache.appendingPathComponent("elsewhere.tsv")
        try Data("catalog-build-state 2\n".utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: cache.appendingPathComponent("build-state.tsv").path,
                                                   withDestinationPath: elsewhere.path)
        try Data("catalog-body-stat".utf8).write(to: cache.appendingPathComponent("body-state.bin"))
        OldRootState.remove(in: cache)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        #expect(names == ["body-state.bin", "build-state.tsv", "elsewhere.tsv"])
        OldRootState.remove(in: cache.appendingPathComponent("missing"))
    }
}
