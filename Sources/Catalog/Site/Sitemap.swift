import Foundation

/// The sitemap: every page with its alternates in the other locales (Google's `hreflang`
/// links). The protocol allows at most 50,000 URLs and 50 MB a file: a site within both
/// writes one `sitemap.xml`; a larger one writes `sitemap-1.xml`, `sitemap-2.xml`… and
/// `sitemap.xml` becomes their index (sitemaps.org, "Using Sitemap index files").
enum Sitemap {
    struct Entry {
        var url: String
        var alternates: [(locale: LocaleID, url: String)]
    }

    /// How much one file may hold: the protocol's limits, smaller in tests.
    struct Limits: Sendable {
        var urls: Int
        /// Uncompressed bytes, the XML declaration and the closing tag included.
        var bytes: Int

        static let standard = Limits(urls: 50_000, bytes: 52_428_800)
    }

    static let indexPath = "sitemap.xml"

    /// Site-relative path → bytes: one `sitemap.xml`, or the numbered files and their index.
    /// - Parameter fileURL: the absolute URL of a file of the site, for the index's `<loc>`.
    static func files(_ entries: [Entry], limits: Limits = .standard,
                      fileURL: (String) -> String) -> [(path: String, data: Data)] {
        let parts = split(entries.sorted(by: { $0.url < $1.url }), limits: limits)
        guard parts.count > 1 else { return [(indexPath, parts.first ?? Data((header + footer).utf8))] }
        var files = parts.enumerated().map { (path: "sitemap-\($0.offset + 1).xml", data: $0.element) }
        files.append((indexPath, index(files.map { fileURL($0.path) })))
        return files
    }

    private static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
    private static let footer = "</urlset>\n"

    /// The sorted entries as `<urlset>` files, each cut before the entry that would take it
    /// past a limit (an entry larger than a whole file still gets a file of its own).
    private static func split(_ entries: [Entry], limits: Limits) -> [Data] {
        var files: [Data] = []
        let fixed = header.utf8.count + footer.utf8.count
        let file = HTMLBuilder(capacity: min(limits.bytes, 256 * entries.count + fixed))
        let entry = HTMLBuilder(capacity: 4096)
        var urls = 0
        func finish() {
            file.raw(string: footer)
            files.append(file.takeData())
            urls = 0
        }
        for item in entries {
            entry.removeAll()
            write(item, into: entry)
            if urls > 0, urls == limits.urls || file.count + entry.count + footer.utf8.count > limits.bytes { finish() }
            if urls == 0 { file.raw(string: header) }
            file.append(entry)
            urls += 1
        }
        if urls > 0 { finish() }
        return files
    }

    private static func write(_ entry: Entry, into out: HTMLBuilder) {
        out.raw("<url><loc>")
        out.text(entry.url)
        out.raw("</loc>")
        for alternate in entry.alternates {
            out.raw("<xhtml:link rel=\"alternate\" hreflang=\"")
            out.raw(string: alternate.locale.rawValue)
            out.raw("\" href=\"")
            out.text(alternate.url)
            out.raw("\"/>")
        }
        out.raw("</url>\n")
    }

    /// The sitemap index naming each file by its absolute URL.
    private static func index(_ urls: [String]) -> Data {
        let out = HTMLBuilder(capacity: 128 * urls.count + 256)
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.raw("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n")
        for url in urls {
            out.raw("<sitemap><loc>")
            out.text(url)
            out.raw("</loc></sitemap>\n")
        }
        out.raw("</sitemapindex>\n")
        return out.takeData()
    }
}
