import Foundation
import Testing
@testable import Catalog

/// `site:` values that pages are made from. `site.baseURL` starts every page's canonical
/// link and structured data: the site's address or a path, never a value that is no URL.
/// The logo and stylesheet are files inside content/, reported at their values.
@Suite struct SiteSettingsTests {
    @Test("Addresses and paths are taken", arguments: [
        "https://books.example.com/books/", "http://localhost:8000", "/", "/books/", "", "books/",
        "https://example.com/a&b'c/", "https://例え.jp/本/", "/path?x=1#top",
    ])
    func taken(_ value: String) {
        #expect(SiteSettingsReader.baseURLProblem(value) == nil)
    }

    @Test("Values that are no URL are refused", arguments: [
        ("https://x.example/a\"><script>", "holds '\"', which a URL cannot"),
        ("https://x.example/my books/", "holds U+0020, which a URL cannot"),
        ("/a<b", "holds '<', which a URL cannot"),
        ("C:\\site\\", "holds '\\', which a URL cannot"),
        ("/tab\there", "holds U+0009, which a URL cannot"),
        ("https://x.example/\u{A0}", "holds U+00A0, which a URL cannot"),
        ("javascript:alert(1)", "is not an http or https address"),
        ("ftp://x.example/", "is not an http or https address"),
        ("https:///nohost", "is not an http or https address"),
    ])
    func refused(_ value: String, _ problem: String) {
        #expect(SiteSettingsReader.baseURLProblem(value) == problem)
    }

    /// A catalog of one context whose `site:` map holds `lines` (indented two spaces).
    private static func content(site lines: String...) throws -> TempContent {
        let catalog = "bundleIdentifier: com.example.test\ntitle: Books\ndefaultLocale: en-us\nlocales: [en-us]\nsite:\n"
            + lines.map { "  \($0)\n" }.joined()
        return try TempContent(["a.md": "---\ntitle: A\n---\nBody.\n"], catalog: catalog)
    }

    @Test func reportedAtTheValueAndTheBuildHasAnError() throws {
        let content = try Self.content(site: #"baseURL: "https://x.example/a\"><script>alert(1)</script>""#)
        defer { content.remove() }
        let loaded = content.load()
        #expect(loaded.summaries(prefix: content.prefix).filter { $0.contains("catalog.yml") } == ["error value-type catalog.yml:6:12"])
        let found = loaded.diagnostics.sorted.filter { $0.location.file.hasSuffix("catalog.yml") }
        #expect(found.first?.message == "site.baseURL 'https://x.example/a\"><script>alert(1)</script>' holds '\"', which a URL cannot; "
            + "write the site's address, such as \"https://books.example.com/books/\", or a path such as \"/books/\"")
    }

    @Test func brandingFilesOutsideTheContentAreReportedAtTheirValues() throws {
        let content = try Self.content(site: "logo: missing.png", "stylesheet: outside.css")
        defer { content.remove() }
        // A symbolic link inside content/ to a file outside it is not followed.
        try FileManager.default.createSymbolicLink(atPath: content.url.appendingPathComponent("outside.css").path,
                                                   withDestinationPath: "/etc/hostname")
        let loaded = content.load()
        #expect(loaded.summaries(prefix: content.prefix).filter { $0.contains("catalog.yml") }
            == ["error link-broken catalog.yml:6:9", "error link-broken catalog.yml:7:15"])
        #expect(loaded.diagnostics.sorted.first { $0.rule == "link-broken" }?.message
            == "site.logo `missing.png` is not a readable file inside content/; correct the path (relative to content/)")
    }
}
