import Foundation
import Testing
@testable import Catalog

/// `build` after an edit of bodies alone, made from the saved body state
/// (`BodyEditBuild`), against a cold build of the same content: every output file byte
/// for byte; and each reason it must be a full build instead.
@Suite struct BodyEditBuildTests {
    /// Two locales (Spanish pages show English bodies where a section has no translation),
    /// translations, and bodies with links to a page, a medium and an anchor.
    static func files() -> [String: String] {
        var files = GeneratedContent.files(books: 2, chapters: 2, sections: 4)
        files["notes.txt"] = "Notes"
        files["b0/c0/s1.md"] = section("Section 0.0.1", body: linked("Start."))
        files["b0/c0/s1.es-us.md"] = "---\ntitle: \"Sección 0.0.1\"\n---\n" + linked("Inicio.")
        files["b1/c1/s2.es-us.md"] = "---\ntitle: \"Sección 1.1.2\"\n---\nTexto.\n"
        return files
    }

    static func section(_ title: String, body: String) -> String {
        GeneratedContent.page(title: title, type: "section", body: body)
    }

    /// A body with the same relative links as every other `linked` body.
    static func linked(_ text: String) -> String {
        "\(text)\n\nSee [the next section](s2.md), [the notes](../../notes.txt) and [above](#top).\n"
    }

    static let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "índigo", "juliet",
                        "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"]

    /// A new body for a known body file: random words (new terms, dropped terms), its
    /// links kept when it had them, its front matter byte for byte.
    static func edit(_ text: String, random: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...12, using: &random)
        var body = (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        if Bool.random(using: &random) { body = "## " + (words.randomElement(using: &random)!) + "\n\n" + body + "\n\n- item\n" }
        if text.contains("](s2.md)") { body = linked(body) }
        guard let end = text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex) else { return text }
        return String(text[..<end.upperBound]) + body + "\n"
    }

    struct Scene {
        let content: TempContent
        let scratch: URL
        var output: URL { scratch.appendingPathComponent("site") }
        var cache: URL { scratch.appendingPathComponent("cache") }
        /// Where the cache keeps the state of builds into `output`.
        var state: URL { BuildStateFolder.url(in: cache, output: output) }

        /// The catalog's site has a sitemap, which the output comparisons then cover.
        init(_ files: [String: String], catalog: String = TempContent.sitemapCatalog) throws {
            content = try TempContent(files, catalog: catalog)
            scratch = try scratchDirectory()
            ageFiles(content.url)
        }

        func remove() {
            content.remove()
            try? FileManager.default.removeItem(at: scratch)
        }

        func build() throws -> BuildResult {
            try Build.run(BuildOptions(content: content.root, output: output, cacheDirectory: cache))
        }

        /// The output equals what a build without any state writes for the same content.
        func expectSameAsCold(_ note: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let clean = scratch.appendingPathComponent("clean")
            defer { try? FileManager.default.removeItem(at: clean) }
            _ = try Build.run(BuildOptions(content: content.root, output: clean, cacheDirectory: nil))
            let (got, want) = (treeContents(output), treeContents(clean))
            #expect(got.keys.sorted() == want.keys.sorted(), "\(note)", sourceLocation: sourceLocation)
            for (path, data) in want where got[path] != data {
                Issue.record("\(note): \(path) differs", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func bodyEditsEqualColdBuilds(seed: UInt64) throws {
        let files = Self.files()
        let scene = try Scene(files)
        defer { scene.remove() }
        #expect(try scene.build().route == "full build: no state of an earlier build of this content into this output by this program")
        var random = SeededGenerator(state: seed)
        let bodies = files.keys.filter { $0.hasSuffix(".md") && $0 != "index.md" }.sorted()
        var texts = files
        for step in 0..<12 {
            let count = Int.random(in: 1...3, using: &random)
            for path in Set((0..<count).map { _ in bodies.randomElement(using: &random)! }) {
                texts[path] = Self.edit(texts[path]!, random: &random)
                try scene.content.write(path, texts[path]!)
            }
            let result = try scene.build()
            #expect(result.route.hasPrefix("body edit: "), "seed \(seed) step \(step): \(result.route)")
            #expect(result.wrote && result.diagnostics.items.isEmpty)
            try scene.expectSameAsCold("seed \(seed) step \(step)")
        }
    }

    /// The first build, one change, the second build's route; its output equals a cold build's.
    func route(after change: (Scene) throws -> Void, files: [String: String] = files()) throws -> String {
        let scene = try Scene(files)
        defer { scene.remove() }
        _ = try scene.build()
        try change(scene)
        let route = try scene.build().route
        try scene.expectSameAsCold(route)
        return route
    }

    static func replaceBody(_ scene: Scene, _ path: String, _ body: String) throws {
        let text = try String(contentsOf: scene.content.url.appendingPathComponent(path), encoding: .utf8)
        let end = try #require(text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex))
        try scene.content.write(path, String(text[..<end.upperBound]) + body)
    }

    /// Files modified too close to the moment a build read them (here: stamped in the
    /// future, as a copy made within that moment is) cannot be told unchanged by the next
    /// build, which says so instead of a bare "N files changed".
    @Test func filesTheLastBuildCouldNotTellAreSaidToBeSo() throws {
        let scene = try Scene(GeneratedContent.files(books: 3, chapters: 4, sections: 5))
        defer { scene.remove() }
        let soon = Date().addingTimeInterval(30)
        let files = try #require(FileManager.default.subpaths(atPath: scene.content.url.path)).filter { $0.hasSuffix(".md") }
        for file in files {
            try FileManager.default.setAttributes([.modificationDate: soon],
                                                  ofItemAtPath: scene.content.url.appendingPathComponent(file).path)
        }
        _ = try scene.build()
        #expect(try scene.build().route == "full build: \(files.count) files changed or may have (for all of them, the "
                + "last build could not tell: they had been modified within 0.1 s of its reading them, as a fresh copy's files are)")
        #expect(BodyEditBuild.manyChanged(70, untold: 3) == "70 files changed or may have (for 3 of them, the last "
                + "build could not tell: they had been modified within 0.1 s of its reading them, as a fresh copy's files are)")
        #expect(BodyEditBuild.manyChanged(70, untold: 0) == "70 files changed")
    }

    @Test func aFrontMatterEditIsAFullBuild() throws {
        let route = try route(after: { scene in
            try scene.content.write("b0/c1/s3.md", Self.section("Renamed", body: "Some text."))
        })
        #expect(route == "full build: the front matter of b0/c1/s3.md changed")
    }

    /// A full build saves the state again: the next body edit takes the short path.
    @Test func aBodyEditAfterAFullBuildIsABodyEdit() throws {
        let scene = try Scene(Self.files())
        defer { scene.remove() }
        _ = try scene.build()
        try scene.content.write("b0/c1/s3.md", Self.section("Renamed", body: "Some text."))
        // Stamped in the past, so that the full build trusts the file's stamp and saves it.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-5)],
                                              ofItemAtPath: scene.content.url.appendingPathComponent("b0/c1/s3.md").path)
        let full = try scene.build().route
        #expect(full == "full build: the front matter of b0/c1/s3.md changed")
        try Self.replaceBody(scene, "b0/c1/s3.md", "New words.\n")
        let edit = try scene.build().route
        #expect(edit.hasPrefix("body edit: 1 changed file, "))
        try scene.expectSameAsCold("after a full build")
    }

    @Test func aFileAddedRemovedOrRenamedIsAFullBuild() throws {
        let added = try route(after: { try $0.content.write("b0/c1/s9.md", Self.section("New", body: "New.")) })
        #expect(added == "full build: content files were added, removed or renamed")
        let removed = try route(after: { try FileManager.default.removeItem(at: $0.content.url.appendingPathComponent("b1/c0/s0.md")) })
        #expect(removed == "full build: content files were added, removed or renamed")
        let renamed = try route(after: { scene in
            try FileManager.default.moveItem(at: scene.content.url.appendingPathComponent("b1/c0/s0.md"),
                                             to: scene.content.url.appendingPathComponent("b1/c0/s7.md"))
        })
        #expect(renamed == "full build: content files were added, removed or renamed")
    }

    /// An empty directory is a context without an index: the build must see it (an error).
    @Test func anEmptyDirectoryAddedIsAFullBuild() throws {
        let scene = try Scene(Self.files())
        defer { scene.remove() }
        _ = try scene.build()
        try FileManager.default.createDirectory(at: scene.content.url.appendingPathComponent("b0/c9"), withIntermediateDirectories: false)
        let result = try scene.build()
        #expect(result.route == "full build: content files were added, removed or renamed")
        #expect(!result.wrote && result.diagnostics.items.map(\.rule) == ["directory-index"])
        try Self.replaceBody(scene, "b0/c1/s0.md", "Other text.\n")
        let edited = try scene.build()
        #expect(edited.route == "full build: content files were added, removed or renamed")
        #expect(!edited.wrote && edited.diagnostics.items.map(\.rule) == ["directory-index"])
    }

    @Test func otherFilesAreFullBuilds() throws {
        let catalog = try route(after: { try $0.content.write("catalog.yml", TempContent.sitemapCatalog + "\n") })
        #expect(catalog == "full build: catalog.yml changed, and the last build saved no body state for it "
                + "(not the body of a context page, or edited while that build ran)")
        let medium = try route(after: { try $0.content.write("notes.txt", "Other notes") })
        #expect(medium == "full build: notes.txt changed, and the last build saved no body state for it "
                + "(not the body of a context page, or edited while that build ran)")
        let home = try route(after: { try $0.content.write("index.md", "---\nsummary: Home\n---\nWelcome.\n") },
                             files: Self.files().merging(["index.md": "---\nsummary: Home\n---\nHello.\n"]) { $1 })
        #expect(home == "full build: index.md changed, and the last build saved no body state for it "
                + "(not the body of a context page, or edited while that build ran)")
    }

    @Test func otherLinksAreAFullBuild() throws {
        let added = try route(after: { try Self.replaceBody($0, "b0/c0/s0.md", "See [one](s1.md).\n") })
        #expect(added == "full build: b0/c0/s0.md links to other files than before")
        let dropped = try route(after: { try Self.replaceBody($0, "b0/c0/s1.md", "No links now.\n") })
        #expect(dropped == "full build: b0/c0/s1.md links to other files than before")
    }

    /// A page other pages link into by an id (`s1.md#start`): an edit of its body may take
    /// the id away, and only a whole build checks the links into it again (`OtherPageAnchors`),
    /// also through a translation or a folder; an edit of the page that holds the link is not.
    @Test func aPageLinkedIntoByAnIDIsAFullBuild() throws {
        var files = Self.files()
        files["b0/c0/s0.md"] = Self.section("Section 0.0.0", body: "See [the start](s1.md#start).\n")
        files["b0/c0/s1.md"] = Self.section("Section 0.0.1", body: Self.linked("## Start\n\nStart."))
        files["b0/c0/s1.es-us.md"] = "---\ntitle: \"Sección 0.0.1\"\n---\n" + Self.linked("## Inicio {#start}\n\nInicio.")
        let linked = try route(after: { try Self.replaceBody($0, "b0/c0/s1.md", Self.linked("## Start\n\nStarted.")) }, files: files)
        #expect(linked == "full build: other pages link to places in b0/c0/s1.md (`#…`), which only a whole build checks again")
        let translated = try route(after: { try Self.replaceBody($0, "b0/c0/s1.es-us.md", Self.linked("Comienzo.")) }, files: files)
        #expect(translated == "full build: other pages link to places in b0/c0/s1.es-us.md (`#…`), which only a whole build checks again")
        let linking = try route(after: { try Self.replaceBody($0, "b0/c0/s0.md", "Read [the start](s1.md#start) first.\n") }, files: files)
        #expect(linking.hasPrefix("body edit: 1 changed file, "))
        files["b0/c0/s0.md"] = Self.section("Section 0.0.0", body: "See [the chapter](index.md#top).\n")
        let folder = try route(after: { try Self.replaceBody($0, "b0/c0/index.md", "Chapter text.\n") }, files: files)
        #expect(folder.hasPrefix("full build: other pages link to places in b0/c0/index.md"))
        #expect(BodyState.context(of: "b0/c0/index.md", locales: [.init(rawValue: "es-us")]) == "b0/c0")
        #expect(BodyState.context(of: "b0/c0/s1.es-us.md", locales: [.init(rawValue: "es-us")]) == "b0/c0/s1")
        #expect(BodyState.context(of: "index.md", locales: []) == "")
    }

    @Test func aBodyWithADiagnosticIsAFullBuild() throws {
        let route = try route(after: { try Self.replaceBody($0, "b0/c0/s0.md", "[x](javascript:alert(1))\n") })
        #expect(route == "full build: b0/c0/s0.md has a diagnostic to report")
    }

    @Test func aBuildAfterDiagnosticsIsAFullBuild() throws {
        var files = Self.files()
        files["b0/c0/s0.md"] = Self.section("Section 0.0.0", body: "[x](javascript:alert(1))")
        let route = try route(after: { try Self.replaceBody($0, "b0/c1/s0.md", "Other text.\n") }, files: files)
        #expect(route == "full build: the last build reported diagnostics")
    }

    /// A warning found before the site stage means the build is not clean: nothing is
    /// recorded for a later body edit, and a state saved by an earlier clean build is removed.
    @Test func aWarningBeforeTheSiteStageLeavesNoBodyState() throws {
        let scene = try Scene(Self.files())
        defer { scene.remove() }
        let state = scene.state.appendingPathComponent(BodyState.fileName).path
        #expect(try scene.build().diagnostics.items.isEmpty)
        #expect(FileManager.default.fileExists(atPath: state))
        try scene.content.write("b0/c0/s0.md", Self.section("Section <b>0.0.0</b>", body: "Text."))
        let warned = try scene.build()
        #expect(warned.wrote && warned.diagnostics.items.map(\.rule) == ["text-markup", "text-markup"])  // title and summary
        #expect(!FileManager.default.fileExists(atPath: state))
    }

    @Test func anOutputChangedIsAFullBuild() throws {
        let route = try route(after: { scene in
            try Self.replaceBody(scene, "b0/c1/s0.md", "Other text.\n")
            try Data("changed".utf8).write(to: scene.output.appendingPathComponent(SiteAssets.stylesheetPath))
        })
        #expect(route == "full build: the output changed since the last build")
    }

    /// A state file cut short, garbage, of another version, or left by an older build (its
    /// `build-state.tsv` replaced since): a full build, never a wrong output or a crash.
    @Test(arguments: ["truncated", "garbage", "version", "flipped", "stale", "missing"])
    func aBadStateIsAFullBuild(damage: String) throws {
        let route = try route(after: { scene in
            let url = scene.state.appendingPathComponent(BodyState.fileName)
            var bytes = [UInt8](try Data(contentsOf: url))
            switch damage {
            case "truncated": bytes.removeLast(bytes.count / 3)
            case "garbage": bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }
            case "version": bytes.replaceSubrange(0..<BodyState.formatLine.utf8.count, with: Array("catalog-body-state 0\n".utf8))
            case "flipped": bytes[bytes.count / 2] ^= 0x20
            case "stale":
                let state = scene.state.appendingPathComponent(BuildState.fileName)
                try Data(contentsOf: state).write(to: state)
            default: bytes = []
            }
            if damage == "missing" { try FileManager.default.removeItem(at: url) } else if damage != "stale" {
                try Data(bytes).write(to: url)
            }
            try Self.replaceBody(scene, "b0/c1/s0.md", "Other text.\n")
        })
        #expect(route == "full build: no body state saved with the last build's state (or it is stale, damaged or of another version)")
    }

    @Test func theStateReadsBackAsSaved() throws {
        let page = BodyState.Page(path: "en-us/a/index.html", locale: LocaleID(rawValue: "en-us"), document: 3, bodyStart: 100,
                                  bodyEnd: 250, links: [LinkRecord(url: "b.md", isImage: false, result: "../b/"),
                                                        LinkRecord(url: "c.png", isImage: true, result: nil)],
                                  strongTexts: ["Títle", "key"], summary: "Sum\tmary\n", customTypeName: "")
        let state = BodyState(buildState: FileStamp(size: 12, modified: -1, inode: 1 << 63), locales: [LocaleID(rawValue: "en-us")],
                              contextCount: 7, documentCounts: [LocaleID(rawValue: "en-us"): 9],
                              files: ["a.md": BodyState.File(isTranslation: false, frontMatterBytes: 40, frontMatterHash: "00ff",
                                                             pages: [page])])
        let bytes = state.serialized(identity: ["content\t/c", "output\t/o"])
        #expect(BodyState(bytes: bytes, identity: ["content\t/c", "output\t/o"]) == state)
        #expect(BodyState(bytes: bytes, identity: ["content\t/c", "output\t/other"]) == nil)
        for length in 0..<bytes.count {
            #expect(BodyState(bytes: Array(bytes[..<length]), identity: ["content\t/c", "output\t/o"]) == nil)
        }
    }

    /// The front matter is recorded as the site stage reads each body (no file is read again
    /// after the swap): its length and hash are those of the bytes before the body, and a
    /// file whose stamp changed while the build ran (here: touched as the site stage
    /// starts, its bytes the same) is left out, so that an edit of it is a full build.
    @Test func theFrontMatterIsRecordedAsTheBodyIsRead() throws {
        let scene = try Scene(Self.files())
        defer { scene.remove() }
        var options = BuildOptions(content: scene.content.root, output: scene.output, cacheDirectory: scene.cache)
        let touched = scene.content.url.appendingPathComponent("b1/c0/s1.md")
        options.stageStarted = { stage in
            if stage == "site" { try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: touched.path) }
        }
        #expect(try Build.run(options).wrote)
        let identity = BuildState.identity(content: scene.content.url, output: scene.output)
        let state = try #require(BodyState.read(from: scene.state, identity: identity))
        #expect(state.files["b1/c0/s1.md"] == nil)
        let text = try String(contentsOf: scene.content.url.appendingPathComponent("b0/c1/s2.md"), encoding: .utf8)
        let end = try #require(text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex))
        let frontMatter = Data(text[..<end.upperBound].utf8)
        let file = try #require(state.files["b0/c1/s2.md"])
        #expect(file.frontMatterBytes == frontMatter.count)
        #expect(file.frontMatterHash == IncrementalSink.hash(frontMatter))
        try Self.replaceBody(scene, "b1/c0/s1.md", "Other text.\n")
        #expect(try scene.build().route == "full build: b1/c0/s1.md changed, and the last build saved no body state for it "
                + "(not the body of a context page, or edited while that build ran)")
    }

    /// A file that starts with a byte order mark: the front matter is counted in the text
    /// the build reads (the mark dropped), so an edit of its body is a body edit.
    @Test func aBodyAfterAByteOrderMarkIsABodyEdit() throws {
        var files = Self.files()
        files["b0/c0/s3.md"] = "\u{FEFF}" + Self.section("Section 0.0.3", body: "Marked.")
        let route = try route(after: { try Self.replaceBody($0, "b0/c0/s3.md", "Marked again.\n") }, files: files)
        #expect(route.hasPrefix("body edit: 1 changed file, "))
    }
}
