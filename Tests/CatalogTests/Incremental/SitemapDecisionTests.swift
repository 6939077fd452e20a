import Foundation
import Testing
@testable import Catalog

/// Whether the site has a sitemap (`Sitemap.base`) decided the same way by every path
/// a build can take: a full build, a body edit from the saved state, and `serve`'s
/// rebuilds and patches.
@Suite struct SitemapDecisionTests {
    static let pathCatalog = TempContent.minimalCatalog + "\nsite:\n  baseURL: /books/\n"

    static func locs(_ output: URL) throws -> [String] {
        let text = try String(contentsOf: output.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        return text.components(separatedBy: "<loc>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    static var sitemapLocs: [String] {
        ["en-us", "es-us"].flatMap { locale in
            ["", "b0/", "b0/c0/", "b0/c0/s0/", "b0/c0/s1/"].map { "https://example.org/books/\(locale)/" + $0 }
        }
    }

    static func sitemap(_ output: URL) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent("sitemap.xml").path)
    }

    @Test func buildsAndBodyEditsFollowTheBaseURL() throws {
        let scene = try BodyEditBuildTests.Scene(GeneratedContent.files(books: 1, chapters: 1, sections: 2))
        defer { scene.remove() }
        let first = try scene.build()
        #expect(first.notes == [])
        #expect(try Self.locs(scene.output) == Self.sitemapLocs)
        let before = try Data(contentsOf: scene.output.appendingPathComponent("sitemap.xml"))
        try scene.content.write("b0/c0/s1.md", BodyEditBuildTests.section("Section 0.0.1", body: "Another body."))
        let edit = try scene.build()
        #expect(edit.route.hasPrefix("body edit: "), "\(edit.route)")
        #expect(try Data(contentsOf: scene.output.appendingPathComponent("sitemap.xml")) == before)
        try scene.content.write("catalog.yml", Self.pathCatalog)
        let path = try scene.build()
        #expect(path.wrote && path.route.hasPrefix("full build: "))
        #expect(path.notes == [Sitemap.omission(siteBaseURL: "/books/")!])
        #expect(!Self.sitemap(scene.output))
        try scene.expectSameAsCold("a path baseURL")
        ageFiles(scene.content.url)
        _ = try scene.build()
        try scene.content.write("b0/c0/s1.md", BodyEditBuildTests.section("Section 0.0.1", body: "A third body."))
        let pathEdit = try scene.build()
        #expect(pathEdit.route.hasPrefix("body edit: "), "\(pathEdit.route)")
        #expect(!Self.sitemap(scene.output))
        try scene.expectSameAsCold("a body edit with a path baseURL")
    }

    @Test func serveCompletesAPathBaseURLWithItsOriginAndNotAnAbsoluteOne() throws {
        let content = try TempContent(GeneratedContent.files(books: 1, chapters: 1, sections: 2), catalog: Self.pathCatalog)
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("site")
        let live = LiveBuild(content: content.root, output: output, cacheDirectory: nil)
        live.previewOrigin.withLock { $0 = "http://127.0.0.1:8123" }
        #expect(try live.rebuild().result.wrote)
        let origin = Self.sitemapLocs.map { $0.replacingOccurrences(of: "https://example.org/books/", with: "http://127.0.0.1:8123/") }
        #expect(try Self.locs(output) == origin)
        try content.write("b0/c0/s1.md", BodyEditBuildTests.section("Section 0.0.1", body: "Another body."))
        let edit = try live.rebuild()
        #expect(edit.result.wrote)
        #expect(try Self.locs(output) == origin)
        try content.write("catalog.yml", TempContent.sitemapCatalog)
        #expect(try live.rebuild().result.wrote)
        #expect(try Self.locs(output) == Self.sitemapLocs)
    }
}
