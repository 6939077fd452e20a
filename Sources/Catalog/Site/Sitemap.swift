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
        var files: [(path: String, data: Data)] = []
        write(entries, url: \.url, entry: { $0 }, limits: limits, fileURL: fileURL) { files.append(($0, $1)) }
        return files
    }

    /// Writes the files of `files(_:)` one by one through `emit`, each once it is full, so
    /// that at most one file is in memory (the first waits until it is known whether a
    /// second follows, which decides its name). Entries are made from pages only as they
    /// are written: a page's alternates are many strings, and a site has many pages. A file
    /// is cut before the entry that would take it past a limit (an entry larger than a whole
    /// file still gets a file of its own).
    static func write<Page, Failure: Error>(
        _ pages: [Page], url: (Page) -> String, entry: (Page) -> Entry, limits: Limits = .standard,
        fileURL: (String) -> String, to emit: (String, Data) throws(Failure) -> Void
    ) throws(Failure) {
        let sorted = pages.map { (url: url($0), page: $0) }.sorted { $0.url < $1.url }
        let fixed = header.utf8.count + footer.utf8.count
        let file = HTMLBuilder(capacity: min(limits.bytes, 256 * sorted.count + fixed))
        let item = HTMLBuilder(capacity: 4096)
        var urls = 0, count = 0
        var first: Data?
        func finish() throws(Failure) {
            file.raw(string: footer)
            let data = file.takeData()
            urls = 0
            count += 1
            guard count > 1 else {
                first = data
                return
            }
            if let held = first {
                try emit("sitemap-1.xml", held)
                first = nil
            }
            try emit("sitemap-\(count).xml", data)
        }
        for page in sorted {
            item.removeAll()
            write(entry(page.page), into: item)
            if urls > 0, urls == limits.urls || file.count + item.count + footer.utf8.count > limits.bytes { try finish() }
            if urls == 0 { file.raw(string: header) }
            file.append(item)
            urls += 1
        }
        if urls > 0 { try finish() }
        guard count > 1 else { return try emit(indexPath, first ?? Data((header + footer).utf8)) }
        try emit(indexPath, index((1...count).map { fileURL("sitemap-\($0).xml") }))
    }

    private static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
    private static let footer = "</urlset>\n"

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
