import Foundation
import Testing
@testable import Catalog

/// Which sites get a sitemap: the protocol takes whole URLs only, so a `site.baseURL`
/// that is only a path gives none, unless a preview server's address stands in for it.
@Test(arguments: [
    ("https://example.org/books/", nil, "https://example.org/books/"),
    ("HTTP://example.org", nil, "HTTP://example.org/"),
    ("https://example.org/books/", "http://127.0.0.1:8000", "https://example.org/books/"),
    ("/", nil, nil),
    ("/books/", nil, nil),
    ("example.org/books/", nil, nil),
    ("ftp://example.org/", nil, nil),
    ("https:///books/", nil, nil),
    ("/", "http://127.0.0.1:8000", "http://127.0.0.1:8000/"),
    ("/books/", "http://[::1]:8000", "http://[::1]:8000/"),
] as [(String, String?, String?)])
func sitemapBase(siteBaseURL: String, origin: String?, expected: String?) {
    #expect(Sitemap.base(siteBaseURL: siteBaseURL, origin: origin) == expected)
}

@Test func aPathBaseURLIsNotedOnceAndAnAbsoluteOneIsNot() {
    #expect(Sitemap.omission(siteBaseURL: "/books/") == "No sitemap.xml: site.baseURL \"/books/\" is no http(s) URL, "
        + "and a sitemap lists whole URLs only; set it to the site's address (https://example.org/books/) to get one")
    #expect(Sitemap.omission(siteBaseURL: "https://example.org/books/") == nil)
}

@Test func aPreviewServersAddressIsWhatServePrints() {
    #expect(PreviewServer.origin(host: "127.0.0.1", port: 8000) == "http://127.0.0.1:8000")
    #expect(PreviewServer.origin(host: "::1", port: 8000) == "http://[::1]:8000")
}

/// A wildcard bind listens everywhere; the sitemap and the printed address say
/// `localhost`, which a browser on the machine can open (not `http://0.0.0.0:8000`).
@Test func aWildcardHostIsServedAsLocalhost() {
    #expect(PreviewServer.origin(host: "0.0.0.0", port: 8000) == "http://localhost:8000")
    #expect(PreviewServer.origin(host: "::", port: 8000) == "http://localhost:8000")
    #expect(PreviewServer.origin(host: "192.168.1.4", port: 8000) == "http://192.168.1.4:8000")
    #expect(!PreviewServer.isWildcard("127.0.0.1"))
}

private func fixture(baseURL: String) -> CatalogModel {
    var model = SiteFixture.model()
    model.app.site.baseURL = baseURL
    return model
}

/// A site served under a path: no sitemap file at all; its pages' canonical links and
/// structured data keep the path (a page's own address resolves them).
@Test func aPathBaseURLWritesNoSitemap() throws {
    let (sink, _) = try SiteFixture.build(fixture(baseURL: "/books/"))
    #expect(sink.files.keys.filter { $0.hasPrefix("sitemap") }.isEmpty)
    let page = try #require(sink.text("en-us/fun-with-science/index.html"))
    #expect(page.contains("<link rel=\"canonical\" href=\"/books/en-us/fun-with-science/\">"))
    #expect(page.contains("\"url\":\"/books/en-us/fun-with-science/\""))
}

/// Under `serve`, the server's address stands in for the path, for the sitemap alone:
/// the pages are as `build` writes them.
@Test func aPreviewOriginCompletesAPathBaseURLInTheSitemapOnly() throws {
    var stage = SiteStage(contentRoot: SiteFixture.contentRoot)
    stage.previewOrigin = "http://127.0.0.1:8123"
    let sink = MemorySink()
    _ = try stage.run(model: fixture(baseURL: "/books/"), thumbnails: SiteFixture.thumbnails(), sink: sink)
    let (built, _) = try SiteFixture.build(fixture(baseURL: "/books/"))
    #expect(Set(sink.files.keys) == Set(built.files.keys).union(["sitemap.xml"]))
    #expect(sink.files.filter { $0.key != "sitemap.xml" } == built.files)
    try assertSnapshot(try #require(sink.text("sitemap.xml")), named: "site/sitemap-preview.xml")
}

/// An absolute base URL is the sitemap's whatever the preview's address: the split
/// files and their index name it.
@Test func anAbsoluteBaseURLWinsOverThePreviewOriginInEveryFile() throws {
    var stage = SiteStage(contentRoot: SiteFixture.contentRoot)
    stage.previewOrigin = "http://127.0.0.1:8123"
    stage.sitemapLimits = .init(urls: 4, bytes: 1_500)
    let sink = MemorySink()
    _ = try stage.run(model: SiteFixture.model(), thumbnails: SiteFixture.thumbnails(), sink: sink)
    let files = sink.files.keys.filter { $0.hasPrefix("sitemap") }
    #expect(files.count == 8)
    for file in files {
        let text = try #require(sink.text(file))
        #expect(!text.contains("127.0.0.1"), "\(file)")
        #expect(text.contains("https://books.example.com/catalog/"), "\(file)")
    }
}

/// A preview origin and the protocol's split: the index names each part at the origin.
@Test func aPreviewSitemapSplitsUnderAnIndexAtTheOrigin() throws {
    var stage = SiteStage(contentRoot: SiteFixture.contentRoot)
    stage.previewOrigin = "http://127.0.0.1:8123"
    stage.sitemapLimits = .init(urls: 4, bytes: 1_500)
    let sink = MemorySink()
    _ = try stage.run(model: fixture(baseURL: "/"), thumbnails: SiteFixture.thumbnails(), sink: sink)
    let index = try #require(sink.text("sitemap.xml"))
    #expect(index == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        + (1...6).map { "<sitemap><loc>http://127.0.0.1:8123/sitemap-\($0).xml</loc></sitemap>\n" }.joined()
        + "</sitemapindex>\n")
    let first = try #require(sink.text("sitemap-1.xml"))
    #expect(first.contains("<url><loc>http://127.0.0.1:8123/ar/</loc><xhtml:link rel=\"alternate\" hreflang=\"en-us\" "
        + "href=\"http://127.0.0.1:8123/en-us/\"/>"))
}
