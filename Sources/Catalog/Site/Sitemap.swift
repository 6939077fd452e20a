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

    /// Where the sitemap's URLs start, or nil when the site gets no sitemap. The protocol
    /// takes whole URLs only ("must begin with the protocol"), as do search engines, so
    /// a `site.baseURL` that is only a path (`/`, `/books/`) gives none (Zola requires an
    /// absolute `base_url`; Hugo's sitemap lists permalinks, whole only with an absolute
    /// `baseURL`). A preview server's `origin`
    /// (`http://127.0.0.1:8000`) stands in for such a path, as `hugo server` and `zola
    /// serve` put their own address in the base URL; it serves the site at its root.
    static func base(siteBaseURL: String, origin: String?) -> String? {
        if isAbsolute(siteBaseURL) { return SiteIndex.baseURL(siteBaseURL) }
        return origin.map { SiteIndex.baseURL($0) }
    }

    /// Why a build writes no sitemap, for `build --verbose`; nil when it writes one.
    static func omission(siteBaseURL: String) -> String? {
        guard base(siteBaseURL: siteBaseURL, origin: nil) == nil else { return nil }
        return "No sitemap.xml: site.baseURL \"\(siteBaseURL)\" is no http(s) URL, and a sitemap lists whole URLs "
            + "only; set it to the site's address (https://example.org/books/) to get one"
    }

    /// An `http` or `https` URL with a host.
    static func isAbsolute(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https" else { return false }
        return !(components.host ?? "").isEmpty
    }

    /// Site-relative path → bytes: one `sitemap.xml`, or the numbered files and their index.
    /// - Parameter fileURL: the absolute URL of a file of the site, for the index's `<loc>`.
    static func files(_ entries: [Entry], limits: Limits = .standard,
                      fileURL: (String) -> String) -> [(path: String, data: Data)] {
        var files: [(path: String, data: Data)] = []
        let item = HTMLBuilder(capacity: 4096)
        write(entries, url: \.url, size: { entry in
            item.removeAll()
            write(entry, into: item)
            return item.count
        }, entry: { write($0, into: $1) }, limits: limits, fileURL: fileURL) { files.append(($0, $1)) }
        return files
    }

    /// Writes the files of `files(_:)` one by one through `emit`, so that at most one file
    /// is in memory, in a buffer of its exact size. Pages are sorted by `url`; `size` is
    /// the bytes `entry` writes for a page, which decides where each file ends and so how
    /// many files there are (and the first file's name). A file is cut before the entry
    /// that would take it past a limit (an entry larger than a whole file still gets a
    /// file of its own).
    static func write<Page, Failure: Error>(
        _ pages: [Page], url: (Page) -> String, size: (Page) -> Int, entry: (Page, HTMLBuilder) -> Void,
        limits: Limits = .standard, fileURL: (String) -> String, to emit: (String, Data) throws(Failure) -> Void
    ) throws(Failure) {
        let sorted = pages.map { (url: url($0), page: $0) }.sorted { $0.url < $1.url }
        let files = cuts(sorted.map { size($0.page) }, limits: limits)
        guard !files.isEmpty else { return try emit(indexPath, Data((header + footer).utf8)) }
        var next = 0
        for (number, extent) in files.enumerated() {
            let file = HTMLBuilder(capacity: extent.bytes)
            file.raw(string: header)
            for page in sorted[next..<next + extent.urls] { entry(page.page, file) }
            file.raw(string: footer)
            next += extent.urls
            try emit(files.count == 1 ? indexPath : "sitemap-\(number + 1).xml", file.takeData())
        }
        guard files.count > 1 else { return }
        try emit(indexPath, index((1...files.count).map { fileURL("sitemap-\($0).xml") }))
    }

    /// How many entries each file holds and its size in bytes, from each entry's size in
    /// order: a file is cut before the entry that would take it past a limit.
    static func cuts(_ sizes: [Int], limits: Limits) -> [(urls: Int, bytes: Int)] {
        var files: [(urls: Int, bytes: Int)] = []
        var urls = 0, bytes = fixedBytes
        for size in sizes {
            if urls > 0, urls == limits.urls || bytes + size > limits.bytes {
                files.append((urls, bytes))
                (urls, bytes) = (0, fixedBytes)
            }
            urls += 1
            bytes += size
        }
        if urls > 0 { files.append((urls, bytes)) }
        return files
    }

    /// The bytes of a file's declaration, opening and closing tags.
    private static var fixedBytes: Int { header.utf8.count + footer.utf8.count }

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
