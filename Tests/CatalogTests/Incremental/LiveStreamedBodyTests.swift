import Foundation
import Testing
@testable import Catalog

/// `serve` keeps where each body is and its digest, not its text (`MarkdownBody(streamed:)`,
/// `BodyDigest`), and reads a body again from the file it loaded when its page is checked
/// or rendered. Its output must stay what `build` writes, byte for byte.
@Suite struct LiveStreamedBodyTests {
    static let path = "b0/c0/s2.md"

    static func files() -> [String: String] {
        var files = GeneratedContent.files(books: 2, chapters: 2, sections: 3)
        files[path] = "---\ntitle: \"Streamed\"\ntype: section\n---\nThe body says ALPHA here.\n"
        return files
    }

    /// A live build of `content` into `scratch/site`, built once, and past the time within
    /// which a file's stamp is not trusted (`FileStamp.racyWindow`), so that only edited
    /// files read as changed afterwards.
    static func builtLive(_ content: TempContent, scratch: URL) throws -> LiveBuild {
        let live = LiveBuild(content: content.root, output: scratch.appendingPathComponent("site"), cacheDirectory: nil)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try live.rebuild().result.wrote)
        return live
    }

    static func expectSameAsBuild(_ content: TempContent, scratch: URL) throws {
        let clean = scratch.appendingPathComponent("clean")
        try? FileManager.default.removeItem(at: clean)
        #expect(try Build.run(BuildOptions(content: content.root, output: clean, cacheDirectory: nil)).wrote)
        let (got, want) = (treeContents(scratch.appendingPathComponent("site")), treeContents(clean))
        #expect(got.keys.sorted() == want.keys.sorted())
        for (path, data) in want where got[path] != data { Issue.record("\(path) differs from build's") }
    }

    static func page(_ scratch: URL) throws -> String {
        let url = scratch.appendingPathComponent("site/en-us/b0/c0/s2/index.html")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The streamed body of `path` as `serve` loads it, and the model it is in.
    static func loadedBody(_ content: TempContent) throws -> (model: CatalogModel, body: MarkdownBody) {
        var timer = StageTimer()
        var kept: LiveLoader.Kept?
        let model = try #require(LiveLoader.load(content.root, timer: &timer, parses: IncrementalParseCache(),
                                                 bodies: BodyCheckMemo(), contentFiles: Set(files().keys),
                                                 kept: &kept).model)
        let body = try #require(model.englishBody(at: path))
        return (model, body)
    }

    @Test func serveLoadsBodiesAsLocationsWithDigests() throws {
        let content = try TempContent(Self.files())
        defer { content.remove() }
        let body = try Self.loadedBody(content).body
        #expect(body != (try body.loaded()), "the body holds no text of its own")
        #expect(try body.read() == "The body says ALPHA here.\n")
        #expect(body.byteCount == "The body says ALPHA here.\n".utf8.count)
    }

    /// A file an edit reads again without a change (its stamp was too recent to trust)
    /// gives the body loaded: otherwise the edit would count it as edited too, and build whole.
    @Test func aFileReadAgainByAnEditGivesAnEqualBody() throws {
        let content = try TempContent(Self.files())
        defer { content.remove() }
        let (model, body) = try Self.loadedBody(content)
        let reader = LiveEdit.reader(content.root, locales: model.app.locales)
        let again = ParsedFiles.parseOne(ParseRequest(relativePath: Self.path, mode: .context), reader: reader)
        #expect(again.fields.body == body)
        try content.write(Self.path, "---\ntitle: \"Streamed\"\ntype: section\n---\nThe body says OMEGA here.\n")
        let edited = ParsedFiles.parseOne(ParseRequest(relativePath: Self.path, mode: .context), reader: reader)
        #expect(edited.fields.body != body, "the same size, the same file: only the digest differs")
        #expect(try edited.fields.body?.read() == "The body says OMEGA here.\n")
    }

    /// An edit in place that keeps the file's size (and so its identity: device, inode,
    /// size): only the digest tells the new body from the loaded one. It is patched in
    /// (`BodyEdit`), and the output is what `build` writes.
    @Test func aBodyEditOfTheSameSizeIsPatchedAndEqualsBuild() throws {
        let content = try TempContent(Self.files())
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let live = try Self.builtLive(content, scratch: scratch)
        #expect(try Self.page(scratch).contains("ALPHA"))
        let file = content.url.appendingPathComponent(Self.path)
        let inode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? UInt64)
        try content.write(Self.path, "---\ntitle: \"Streamed\"\ntype: section\n---\nThe body says OMEGA here.\n")
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? UInt64 == inode)
        let outcome = try live.rebuild()
        #expect(outcome.path == .bodies)
        #expect(outcome.result.wrote)
        let page = try Self.page(scratch)
        #expect(page.contains("OMEGA") && !page.contains("ALPHA"))
        try Self.expectSameAsBuild(content, scratch: scratch)
    }

    /// A body that a symbolic link to a file outside the content replaced is not read:
    /// not by the loaded body (its file is no longer the one loaded), nor by the next
    /// build, which lists the content again (a link leading out of it is no content).
    @Test func aBodyReplacedByALinkOutsideTheContentIsNotRead() throws {
        let content = try TempContent(Self.files())
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let live = try Self.builtLive(content, scratch: scratch)
        let body = try Self.loadedBody(content).body
        // Same front matter, same length: only the file's identity tells them apart.
        let outside = scratch.appendingPathComponent("outside.md")
        try Data("---\ntitle: \"Streamed\"\ntype: section\n---\nThe body says SECRT here.\n".utf8).write(to: outside)
        let file = content.url.appendingPathComponent(Self.path)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: outside.path)
        #expect(throws: BodyChanged(file: body.source.displayPath, replacedByLink: true)) { try body.read() }
        let outcome = try live.rebuild()
        #expect(outcome.path == .whole, "a link in a body's place is left to a whole build")
        #expect(!treeContents(scratch.appendingPathComponent("site")).values.contains {
            String(decoding: $0, as: UTF8.self).contains("SECRT")
        })
    }

    /// An SVG that two pages show is reported once, as `build` reports it, and `serve` reads
    /// it again at each rebuild: an edit of the SVG alone changes its diagnostics and its copy.
    @Test func anSVGIsReportedOnceAndReadAgainAtEachRebuild() throws {
        var files = Self.files()
        files["b0/c0/s0.md"] = "---\ntitle: \"A\"\ntype: section\n---\n![cycle](../../_media/cycle.svg)\n"
        files["b0/c0/s1.md"] = "---\ntitle: \"B\"\ntype: section\n---\n<img src=\"../../_media/cycle.svg\" alt=\"cycle\">\n"
        files["_media/cycle.svg"] = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect onclick=\"x()\"/></svg>\n"
        let content = try TempContent(files)
        defer { content.remove() }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("svg-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let live = LiveBuild(content: content.root, output: scratch.appendingPathComponent("site"), cacheDirectory: nil)
        let first = try live.rebuild().result.diagnostics.items.filter { $0.rule.rawValue.hasPrefix("svg") }
        #expect(first.map { "\($0.location.file.hasSuffix("_media/cycle.svg")) \($0.location.line):\($0.location.column) \($0.rule)" }
                == ["true 2:7 svg-content-removed"])
        try content.write("_media/cycle.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect width=\"2\"/><g>\n</svg>\n")
        let second = try live.rebuild().result.diagnostics.items.filter { $0.rule.rawValue.hasPrefix("svg") }
        #expect(second.map { "\($0.location.line):\($0.location.column) \($0.rule)" } == ["3:1 svg-invalid"])
        try content.write("_media/cycle.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"3\"/></svg>\n")
        #expect(try live.rebuild().result.diagnostics.items.filter { $0.rule.rawValue.hasPrefix("svg") }.isEmpty)
        let copy = try String(contentsOf: scratch.appendingPathComponent("site/media/_media/cycle.svg"), encoding: .utf8)
        #expect(copy == "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><rect width=\"3\"/></svg>\n")
    }

    /// `serve` copies a linked file from where it is (never holding it whole), again only
    /// when its stamp changed, and removes the copy once no page links it; each time the
    /// output is what `build` writes.
    @Test func aLinkedFileIsCopiedAgainOnlyWhenItChanged() throws {
        var files = Self.files()
        files["b0/c0/s0.md"] = "---\ntitle: \"A\"\ntype: section\n---\n[the data](../../_media/data.csv)\n"
        files["_media/data.csv"] = "a,b\n1,2\n"
        let content = try TempContent(files)
        defer { content.remove() }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("copy-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let live = LiveBuild(content: content.root, output: scratch.appendingPathComponent("site"), cacheDirectory: nil)
        let copy = scratch.appendingPathComponent("site/media/_media/data.csv")
        func inode() throws -> Int { try #require(try FileManager.default.attributesOfItem(atPath: copy.path)[.systemFileNumber] as? Int) }
        _ = try live.rebuild()
        #expect(try String(contentsOf: copy, encoding: .utf8) == "a,b\n1,2\n")
        // Stamps taken within the racy window are not trusted: wait until this one is.
        Thread.sleep(forTimeInterval: 0.2)
        _ = try live.rebuild()
        let first = try inode()
        // A whole rebuild (a file that is no body changed) leaves the unchanged copy as it is.
        try content.write("_media/notes.txt", "Notes.\n")
        #expect(try live.rebuild().path == .whole)
        #expect(try inode() == first)
        try content.write("_media/data.csv", "a,b\n3,4\n")
        _ = try live.rebuild()
        #expect(try String(contentsOf: copy, encoding: .utf8) == "a,b\n3,4\n")
        try content.write("b0/c0/s0.md", "---\ntitle: \"A\"\ntype: section\n---\nNo link.\n")
        _ = try live.rebuild()
        #expect(!FileManager.default.fileExists(atPath: copy.path))
    }
}
