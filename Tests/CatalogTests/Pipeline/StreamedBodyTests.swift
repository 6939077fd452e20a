import Foundation
import Testing
@testable import Catalog

/// `build` keeps only where each body is and reads it again when it renders the page
/// (`MarkdownBody(streamed:)`), so memory does not grow with the bodies. Its output must be
/// what a build that kept every body writes, byte for byte.
@Suite struct StreamedBodyTests {
    /// Bodies that exercise the front-matter split and the decoding: a byte-order mark,
    /// CRLF and lone CRs, no front matter, an empty body, a body with `---` lines, text in
    /// several scripts, links between pages, and the home page's body in two locales.
    static func files() -> [String: String] {
        var files = GeneratedContent.files(books: 2, chapters: 3, sections: 4)
        files["index.md"] = "---\nsummary: Home\n---\nWelcome **home**.\n"
        files["index.es-us.md"] = "---\nsummary: Inicio\n---\nBienvenidos.\n"
        files["b0/c0/s0.md"] = "\u{FEFF}---\r\ntitle: \"BOM and CRLF\"\r\ntype: section\r\n---\r\n# Héllo\r\n\r\nLine one\r\nline two\r\n"
        files["b0/c0/s1.md"] = "---\ntitle: \"Lone CR\"\ntype: section\n---\nFirst\rSecond\r\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
        files["b0/c0/s2.md"] = "---\ntitle: \"Rules\"\ntype: section\n---\nAbove\n\n---\n\nBelow, see [the next](s3.md) and ~~old~~ ünïcödé 日本語 العربية.\n"
        files["b0/c0/s3.md"] = "---\ntitle: \"Empty body\"\ntype: section\n---\n"
        files["b0/c0/s3.es-us.md"] = "---\ntitle: \"Cuerpo traducido\"\n---\n# Traducido\n\nTexto [enlace](s2.md).\n"
        files["b0/c1/s0.md"] = "---\ntitle: \"Long\"\ntype: section\n---\n" + String(repeating: "A paragraph of words. ", count: 4000) + "\n"
        return files
    }

    @Test func streamedBuildWritesWhatAKeptBuildWrites() throws {
        let content = try TempContent(Self.files())
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let streamed = scratch.appendingPathComponent("streamed"), kept = scratch.appendingPathComponent("kept")
        let first = try Build.run(BuildOptions(content: content.root, output: streamed, cacheDirectory: nil))
        // A parse cache (as `serve` has) makes the build keep every body's text.
        var options = BuildOptions(content: content.root, output: kept, cacheDirectory: nil)
        options.parseCache = IncrementalParseCache()
        let second = try Build.run(options)
        #expect(first.wrote && second.wrote)
        let streamedFiles = treeContents(streamed), keptFiles = treeContents(kept)
        #expect(streamedFiles.count > 60)
        #expect(streamedFiles.keys.sorted() == keptFiles.keys.sorted())
        for (path, data) in keptFiles { #expect(streamedFiles[path] == data, "\(path) differs") }
        #expect(first.diagnostics.items == second.diagnostics.items)
    }

    @Test func loadingForABuildKeepsWhereEachBodyIsAndReadsTheSameText() throws {
        let content = try TempContent(Self.files())
        defer { content.remove() }
        var timer = StageTimer()
        let streamed = CatalogLoader.load(content.root, timer: &timer, streamsBodies: true)
        let kept = CatalogLoader.load(content.root, timer: &timer)
        let streamedModel = try #require(streamed.model), keptModel = try #require(kept.model)
        var compared = 0
        for (node, keptNode) in zip(streamedModel.contexts, keptModel.contexts) {
            for (locale, version) in keptNode.versions {
                let keptBody = version.body, streamedBody = node.versions[locale]?.body
                #expect(streamedBody?.byteCount == keptBody?.byteCount)
                #expect(try streamedBody?.read() == keptBody?.text)
                #expect(streamedBody?.firstLine == keptBody?.firstLine)
                compared += keptBody == nil ? 0 : 1
            }
        }
        #expect(compared >= 32)
        #expect(try streamedModel.app.body[LocaleID(rawValue: "es-us")]?.read() == "Bienvenidos.\n")
        // The streamed body is not the kept one: it holds no text of its own.
        let path = "b0/c0/s0.md"
        let node = try #require(streamedModel.contexts.first { $0.versions.values.contains { $0.body?.source.relativePath == path } })
        let body = try #require(node.versions.values.compactMap(\.body).first)
        #expect(body != (try body.loaded()))
        #expect(try body.read() == "# Héllo\r\n\r\nLine one\r\nline two\r\n")
    }

    /// The English body of `path`, as a build that streams bodies loads it.
    static func streamedBody(_ content: TempContent, at path: String) throws -> MarkdownBody {
        var timer = StageTimer()
        let model = try #require(CatalogLoader.load(content.root, timer: &timer, streamsBodies: true).model)
        return try #require(model.englishBody(at: path))
    }

    @Test func aBodyEditedAfterLoadingIsAnErrorNotAMixedPage() throws {
        let content = try TempContent(Self.files())
        defer { content.remove() }
        let body = try Self.streamedBody(content, at: "b0/c0/s2.md")
        try content.write("b0/c0/s2.md", "---\ntitle: \"Rules\"\ntype: section\n---\nA longer body than before.\n\nAnd more.\n")
        #expect(throws: BodyChanged(file: body.source.displayPath)) { try body.read() }
        try content.write("b0/c0/s2.md", "---\ntitle: \"Rules, renamed with a longer title\"\ntype: section\n---\nAbove\n\n---\n\nBelow.\n")
        #expect(throws: BodyChanged(file: body.source.displayPath)) { try body.read() }
        try FileManager.default.removeItem(at: content.url.appendingPathComponent("b0/c0/s2.md"))
        #expect(throws: BodyChanged(file: body.source.displayPath)) { try body.read() }
        #expect(body.text == "")
    }

    /// The content built once, without a cache, into `scratch/site`, and that output's files.
    static func builtOnce() throws -> (content: TempContent, scratch: URL, output: URL, before: [String: Data]) {
        let content = try TempContent(files())
        let scratch = try scratchDirectory()
        let output = scratch.appendingPathComponent("site")
        do {
            #expect(try Build.run(BuildOptions(content: content.root, output: output, cacheDirectory: nil)).wrote)
        } catch {
            content.remove()
            try? FileManager.default.removeItem(at: scratch)
            throw error
        }
        return (content, scratch, output, treeContents(output))
    }

    /// A body edited while the build runs (here: as the site stage starts) stops the build
    /// with the file named, and the output is left as it was.
    @Test func aBuildWhoseBodyChangesMidwayWritesNothing() throws {
        let (content, scratch, output, before) = try Self.builtOnce()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        var options = BuildOptions(content: content.root, output: output, cacheDirectory: nil)
        let file = content.url.appendingPathComponent("b1/c2/s3.md")
        options.stageStarted = { stage in
            if stage == "site" { try? Data("---\ntitle: \"Edited\"\n---\nA new body.\n".utf8).write(to: file) }
        }
        #expect(throws: BodyChanged(file: content.prefix + "b1/c2/s3.md")) { try Build.run(options) }
        #expect(treeContents(output) == before)
        #expect(BodyChanged(file: "content/a.md").description
                == "content/a.md changed while the build was reading it; build again once the content is saved")
    }

    /// A body swapped, as the site stage starts, for a symbolic link to a file outside the
    /// content with bytes of the same length and the same front matter (so that only the
    /// file's identity tells them apart) stops the build with the file named; nothing of the
    /// outside file reaches the output, which is left as it was.
    @Test func aBodySwappedForALinkOutsideTheContentIsNotRead() throws {
        let (content, scratch, output, before) = try Self.builtOnce()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let body = content.url.appendingPathComponent("b0/c0/s2.md")
        let original = try String(contentsOf: body, encoding: .utf8)
        let secret = original.replacingOccurrences(of: "Below", with: "SECRT")
        #expect(secret.utf8.count == original.utf8.count && secret != original)
        let sentinel = scratch.appendingPathComponent("sentinel.md")
        try Data(secret.utf8).write(to: sentinel)
        var options = BuildOptions(content: content.root, output: output, cacheDirectory: nil)
        options.stageStarted = { stage in
            guard stage == "site" else { return }
            try? FileManager.default.removeItem(at: body)
            try? FileManager.default.createSymbolicLink(atPath: body.path, withDestinationPath: sentinel.path)
        }
        #expect(throws: BodyChanged(file: content.prefix + "b0/c0/s2.md", replacedByLink: true)) { try Build.run(options) }
        #expect(treeContents(output) == before)
        #expect(!treeContents(output).values.contains { String(decoding: $0, as: UTF8.self).contains("SECRT") })
        #expect(BodyChanged(file: "content/a.md", replacedByLink: true).description
                == "content/a.md was replaced by a symbolic link while the build was reading it, and nothing was read "
                + "through the link; build again once the content is saved")
    }

    /// The same bytes in another file (a copy renamed over the body) are another file too:
    /// the body is read only from the file loading read.
    @Test func aStreamedBodyIsReadOnlyFromTheFileLoaded() throws {
        let content = try TempContent(Self.files())
        defer { content.remove() }
        let body = try Self.streamedBody(content, at: "b0/c0/s2.md")
        let file = content.url.appendingPathComponent("b0/c0/s2.md")
        let copy = content.url.appendingPathComponent("b0/c0/copy.tmp")
        try FileManager.default.copyItem(at: file, to: copy)
        #expect(rename(copy.path, file.path) == 0)
        #expect(throws: BodyChanged(file: body.source.displayPath)) { try body.read() }
    }
}

extension CatalogModel {
    /// The en-us body of the context whose file is `path` (relative to the content).
    func englishBody(at path: String) -> MarkdownBody? {
        contexts.lazy.compactMap { $0.versions[LocaleID(rawValue: "en-us")]?.body }.first { $0.source.relativePath == path }
    }
}
