import Foundation

/// The site's pages as sitemap entries, written from bytes: each page's URL is rebased
/// and escaped once, into one buffer, and every entry that names it (its own and those
/// of its other locales, as an alternate) copies those bytes. Made per entry, the URLs
/// were a `String` per alternate, twice (to measure the files, then to write them):
/// about 4 million at freeCodeCamp's 172,000 pages in 12 locales.
struct SitemapPages {
    private let index: SiteIndex
    private let locales: [LocaleID]
    /// The URLs' escaped bytes, one after another.
    private let urls: HTMLBuilder
    /// Per locale (in `locales`' order), per context and then the home: where its page's
    /// URL is in `urls` (empty when the context is absent from that locale; a URL of the
    /// sitemap is absolute, never empty).
    private let ranges: [[Range<Int>]]
    /// Per context and then the home: the bytes of its alternates, the same in every
    /// entry that shows it.
    private let alternateBytes: [Int]
    /// Per locale: `<xhtml:link rel="alternate" hreflang="…" href="`.
    private let alternateStarts: [[UInt8]]

    /// - Parameters:
    ///   - pageBase: where the index's URLs start (`SiteIndex.baseURL` of the site's).
    ///   - base: where the sitemap's URLs start instead (`Sitemap.base`).
    init(index: SiteIndex, pageBase: String, base: String) {
        self.index = index
        locales = index.locales
        let contexts = index.model.contexts.count
        let buffer = HTMLBuilder(capacity: 64 * (contexts + 1) * max(locales.count, 1))
        var ranges: [[Range<Int>]] = []
        for locale in locales {
            var localeRanges: [Range<Int>] = []
            localeRanges.reserveCapacity(contexts + 1)
            for context in Array(0..<contexts) + [nil] {
                let start = buffer.count
                if context.map({ index.isPresent($0, in: locale) }) ?? true {
                    buffer.text(Self.rebased(index.url(PageRef(locale: locale, context: context)), from: pageBase, to: base))
                }
                localeRanges.append(start..<buffer.count)
            }
            ranges.append(localeRanges)
        }
        urls = buffer
        self.ranges = ranges
        let starts = locales.map { Array("<xhtml:link rel=\"alternate\" hreflang=\"\($0.rawValue)\" href=\"".utf8) }
        alternateStarts = starts
        let closing = "\"/>".utf8.count
        alternateBytes = (0...contexts).map { slot in
            starts.indices.reduce(0) { total, locale in
                total + (Self.isPresent(slot, locale, ranges: ranges, contexts: contexts)
                    ? starts[locale].count + ranges[locale][slot].count + closing : 0)
            }
        }
    }

    /// The URL with its start `from` (the pages' base) replaced by `to`.
    static func rebased(_ url: String, from: String, to: String) -> String {
        guard from != to, url.hasPrefix(from) else { return url }
        return to + url.dropFirst(from.count)
    }

    /// Every page with its alternates, in files of at most `limits` (`Sitemap.write`).
    func write<Failure: Error>(_ pages: [PageRef], limits: Sitemap.Limits, fileURL: (String) -> String,
                               to emit: (String, Data) throws(Failure) -> Void) throws(Failure) {
        try Sitemap.write(pages, url: index.url, size: size, entry: write, limits: limits, fileURL: fileURL, to: emit)
    }

    /// `<url><loc>…</loc>` and `</url>\n` around the alternates, as `write` makes them.
    private func size(_ page: PageRef) -> Int {
        let slot = page.context ?? ranges[0].count - 1
        return "<url><loc></loc></url>\n".utf8.count + ranges[localeIndex(page.locale)][slot].count + alternateBytes[slot]
    }

    private func write(_ page: PageRef, into out: HTMLBuilder) {
        let slot = page.context ?? ranges[0].count - 1
        out.raw("<url><loc>")
        out.append(urls, ranges[localeIndex(page.locale)][slot])
        out.raw("</loc>")
        for locale in locales.indices where Self.isPresent(slot, locale, ranges: ranges, contexts: ranges[0].count - 1) {
            alternateStarts[locale].withUnsafeBufferPointer { out.append($0) }
            out.append(urls, ranges[locale][slot])
            out.raw("\"/>")
        }
        out.raw("</url>\n")
    }

    /// The home is in every locale; a context where the index says so.
    private static func isPresent(_ slot: Int, _ locale: Int, ranges: [[Range<Int>]], contexts: Int) -> Bool {
        slot == contexts || !ranges[locale][slot].isEmpty
    }

    /// The locale's place in `locales` (a handful: a scan beats hashing).
    private func localeIndex(_ locale: LocaleID) -> Int {
        locales.firstIndex(of: locale) ?? 0
    }
}
