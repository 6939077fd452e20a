import Foundation
import Testing
@testable import Catalog

/// The build state kept per output in the cache (`BuildStateFolder`), and a state of
/// another content, output or program recognised from its first lines.
@Suite struct BuildStateFolderTests {
    @Test func eachOutputHasAFolderNamedAfterItAndItsPath() {
        #expect(BuildStateFolder.name("/tmp/books/site") == "site-075bcb03c5e38700")
        #expect(BuildStateFolder.url(in: URL(fileURLWithPath: "/c"), output: URL(fileURLWithPath: "/tmp/books/x/../site")).path
            == "/c/builds/site-075bcb03c5e38700")
        #expect(BuildStateFolder.name("/tmp/Ünï code/my site!").hasPrefix("mysite-"))
        #expect(BuildStateFolder.name("/").hasPrefix("output-"))
        #expect(BuildStateFolder.name("/a/site") != BuildStateFolder.name("/b/site"))
    }

    @Test func aStateOfAnotherIdentityIsRecognisedWithoutReadingItWhole() throws {
        let scratch = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let mine = ["content\t/a", "output\t/b", "program\t1 2 3"], other = ["content\t/x", "output\t/b", "program\t1 2 3"]
        let state = BuildState(identity: other, inputs: ["a.md": FileStamp(size: 1, modified: 2, inode: 3)], outputs: [:],
                               isClean: true)
        try state.save(in: scratch)
        #expect(BuildState.header(of: scratch.appendingPathComponent(BuildState.fileName)) == [BuildState.formatLine] + other)
        var wholeReads = 0
        let foreign = BuildState.read(from: scratch, identity: mine) { wholeReads += 1; return BuildState.read(from: $0) }
        #expect(foreign == nil)
        #expect(wholeReads == 0)
        let own = BuildState.read(from: scratch, identity: other) { wholeReads += 1; return BuildState.read(from: $0) }
        #expect(own == state)
        #expect(wholeReads == 1)
        #expect(BuildState.read(from: scratch.appendingPathComponent("none"), identity: other) == nil)
    }

    /// Two catalogs built in turn with one cache (as from one folder with the default
    /// cache): each keeps its state, so building either again is up to date.
    @Test func buildsIntoTwoOutputsInTurnKeepTheirStates() throws {
        let one = try TempContent(GeneratedContent.files(books: 1, chapters: 1, sections: 2))
        let two = try TempContent(GeneratedContent.files(books: 2, chapters: 1, sections: 1))
        let scratch = try scratchDirectory()
        defer { one.remove(); two.remove(); try? FileManager.default.removeItem(at: scratch) }
        ageFiles(one.url)
        ageFiles(two.url)
        let cache = scratch.appendingPathComponent("cache")
        func build(_ content: TempContent, into name: String) throws -> BuildResult {
            try Build.run(BuildOptions(content: content.root, output: scratch.appendingPathComponent(name), cacheDirectory: cache))
        }
        #expect(try build(one, into: "one").wrote)
        #expect(try build(two, into: "two").wrote)
        #expect(try build(one, into: "one").upToDate)
        #expect(try build(two, into: "two").upToDate)
        let folders = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("builds").path)
        #expect(folders.sorted() == ["one", "two"].map { BuildStateFolder.name(scratch.appendingPathComponent($0).path) }.sorted())
        // The other catalog into the same output: its state replaces the first's.
        let swapped = try build(two, into: "one")
        #expect(swapped.wrote)
        #expect(swapped.route == "full build: no state of an earlier build of this content into this output by this program")
        #expect(try build(two, into: "one").upToDate)
    }
}
