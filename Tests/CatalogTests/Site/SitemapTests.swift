import Foundation
import Testing
@testable import Catalog

/// The sitemap within the protocol's limits per file (injected small here), under an index.
private func entry(_ path: String, alternates: [String] = []) -> Sitemap.Entry {
    Sitemap.Entry(url: "https://x.example/" + path,
                  alternates: alternates.map { (LocaleID(rawValue: $0), "https://x.example/\($0)/" + path) })
}

private func text(_ files: [(path: String, data: Data)]) -> [String: String] {
    Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.data, as: UTF8.self)) })
}

private let urlset = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"

@Test func aSitemapWithinTheLimitsIsOneFile() {
    let files = Sitemap.files([entry("b"), entry("a")], limits: .init(urls: 2, bytes: 10_000)) { "https://x.example/" + $0 }
    #expect(files.map(\.path) == ["sitemap.xml"])
    #expect(text(files)["sitemap.xml"] == urlset + "<url><loc>https://x.example/a</loc></url>\n"
        + "<url><loc>https://x.example/b</loc></url>\n</urlset>\n")
}

@Test func theURLLimitStartsANewFileUnderAnIndex() {
    let files = Sitemap.files(["c", "a", "b"].map { entry($0) }, limits: .init(urls: 2, bytes: 10_000)) { "https://x.example/" + $0 }
    #expect(files.map(\.path) == ["sitemap-1.xml", "sitemap-2.xml", "sitemap.xml"])
    let texts = text(files)
    #expect(texts["sitemap-1.xml"] == urlset + "<url><loc>https://x.example/a</loc></url>\n"
        + "<url><loc>https://x.example/b</loc></url>\n</urlset>\n")
    #expect(texts["sitemap-2.xml"] == urlset + "<url><loc>https://x.example/c</loc></url>\n</urlset>\n")
    #expect(texts["sitemap.xml"] == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        + "<sitemap><loc>https://x.example/sitemap-1.xml</loc></sitemap>\n"
        + "<sitemap><loc>https://x.example/sitemap-2.xml</loc></sitemap>\n</sitemapindex>\n")
}

@Test func theByteLimitCountsTheAlternatesAndTheClosingTag() {
    let one = "<url><loc>https://x.example/a</loc><xhtml:link rel=\"alternate\" hreflang=\"fr\" href=\"https://x.example/fr/a\"/></url>\n"
    let fixed = urlset.utf8.count + "</urlset>\n".utf8.count
    let entries = ["a", "b", "c"].map { entry($0, alternates: ["fr"]) }
    // Exactly two entries fit; one byte less and only one does.
    for (limit, perFile) in [(fixed + 2 * one.utf8.count, [2, 1]), (fixed + 2 * one.utf8.count - 1, [1, 1, 1])] {
        let files = Sitemap.files(entries, limits: .init(urls: 100, bytes: limit)) { "https://x.example/" + $0 }
        let parts = files.filter { $0.path != "sitemap.xml" }
        #expect(parts.map { String(decoding: $0.data, as: UTF8.self).components(separatedBy: "<url>").count - 1 } == perFile)
        #expect(parts.allSatisfy { $0.data.count <= limit })
    }
}

@Test func anEntryLargerThanAFileGetsAFileOfItsOwn() {
    let files = Sitemap.files([entry("a", alternates: ["fr", "de"]), entry("b")], limits: .init(urls: 100, bytes: 200)) {
        "https://x.example/" + $0
    }
    let texts = text(files)
    #expect(files.map(\.path) == ["sitemap-1.xml", "sitemap-2.xml", "sitemap.xml"])
    #expect(texts["sitemap-1.xml"]?.contains("hreflang=\"de\"") == true)
    #expect(texts["sitemap-2.xml"] == urlset + "<url><loc>https://x.example/b</loc></url>\n</urlset>\n")
}

/// The fixture site's pages split four to a file: every page once, with its alternates.
@Test func everyPageIsInExactlyOneSitemapFile() throws {
    let sink = MemorySink()
    var stage = SiteStage(contentRoot: SiteFixture.contentRoot)
    stage.sitemapLimits = .init(urls: 4, bytes: 1_500)
    _ = try stage.run(model: SiteFixture.model(), thumbnails: SiteFixture.thumbnails(), sink: sink)
    let parts = sink.files.keys.filter { $0.hasPrefix("sitemap-") }.sorted()
    #expect(parts.count >= 5)
    var urls: [String] = []
    for part in parts {
        let text = try #require(sink.text(part))
        #expect(text.utf8.count <= 1_500)
        let locs = text.components(separatedBy: "<url><loc>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(locs.count <= 4)
        urls += locs
    }
    let pages = sink.files.keys.filter { $0.hasSuffix("index.html") && $0 != "index.html" && !$0.hasPrefix("search/") }
    let expected = pages.map { "https://books.example.com/catalog/" + $0.dropLast("index.html".count) }
    #expect(urls.sorted() == expected.sorted())
    #expect(Set(urls).count == urls.count)
    let index = try #require(sink.text("sitemap.xml"))
    #expect(index.components(separatedBy: "<sitemap><loc>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        == parts.map { "https://books.example.com/catalog/" + $0 })
    try assertSnapshot(index, named: "site/sitemap-index.xml")
    try assertSnapshot(try #require(sink.text("sitemap-1.xml")), named: "site/sitemap-1.xml")
}
