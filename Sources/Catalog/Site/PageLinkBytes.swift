/// Pages' hrefs (`SiteIndex.href(_:)`) and absolute URLs (`SiteIndex.url(_:)`) written
/// straight into a page from their pieces: the base URL, a locale's start (`fr/`) and a
/// context's directory href. Every page links the same context in every locale (its
/// `<link rel="alternate">` elements and its language switcher); written from strings,
/// each of those links retained and released two strings.
///
/// `SitePaths.href` writes only unreserved bytes, `/` and `%XX`, so a start and a
/// directory href need no HTML escaping; the base URL, from the author, is escaped here.
struct PageLinkBytes: Sendable {
    /// Per context: its directory href (`SiteIndex.directoryHrefs`).
    private let directories: PackedBytes
    /// Per locale of the app, in order: `SitePaths.href(locale) + "/"`.
    private let starts: PackedBytes
    /// `site.baseURL` ending in `/` (`SiteIndex.baseURL`), escaped: the only piece.
    private let base: PackedBytes

    init(locales: [LocaleID], directoryHrefs: [String], baseURL: String) {
        directories = PackedBytes(directoryHrefs.map(\.utf8))
        starts = PackedBytes(locales.map { (SitePaths.href($0.rawValue) + "/").utf8 })
        base = PackedBytes([HTMLEscaping.escape(baseURL).utf8])
    }

    /// The href of `context`'s page (nil: the home) in locale number `locale`.
    func writeHref(locale: Int, context: Int?, into html: HTMLBuilder) {
        html.append(starts[locale])
        if let context {
            html.append(directories[context])
            html.raw("/index.html")
        } else {
            html.raw("index.html")
        }
    }

    /// The absolute URL of the same page.
    func writeURL(locale: Int, context: Int?, into html: HTMLBuilder) {
        html.append(base[0])
        html.append(starts[locale])
        if let context {
            html.append(directories[context])
            html.byte(UInt8(ascii: "/"))
        }
    }
}
