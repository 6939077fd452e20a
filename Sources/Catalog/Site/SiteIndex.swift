import Foundation

/// What every page of the site needs to know about the catalog: each context's
/// directory, which locales it appears in, and which context a content file is.
/// Computed once per build, so that pages only look things up.
struct SiteIndex: Sendable {
    /// Settable so that a long-lived build (`serve`) can keep the index when only the
    /// bodies of its model changed (nothing else here depends on them).
    var model: CatalogModel
    let thumbnails: ThumbnailSet
    /// Per context: its directory below the locale (`fun-with-science/inquiry`), as on disk.
    let directories: [String]
    /// The same directories as they are written in links (`%` escaped once more).
    let directoryHrefs: [String]
    /// Content path (`book/index.md`, `book`, `book/quiz.md`) → context index; the app is -1.
    let contextSources: ContextSources
    /// Each locale's name in its own language, for the language switcher.
    let localeNames: [LocaleID: String]
    /// The default locale's name in each locale, for "shown in English".
    let defaultLocaleNames: [LocaleID: String]
    /// Per locale of the app: which contexts it shows and where their pages are, made once
    /// so that a page looks its links up instead of building them.
    private let localePages: [LocalePages]
    /// Per context: how many directories its page is below the site root.
    private let depths: [Int]
    /// Every page's href and URL in pieces, written without a string (`writeHref`).
    private let linkBytes: PageLinkBytes

    static let appIndex = ContextSources.appIndex

    init(model: CatalogModel, thumbnails: ThumbnailSet) {
        self.model = model
        self.thumbnails = thumbnails
        // The nodes are read by index throughout: a closure over each node, or a loop
        // binding it, copies it (and retains every field it holds) before the site starts.
        let contexts = model.contexts
        directories = PageDirectories.directories(contexts)
        directoryHrefs = directories.map(SitePaths.href)
        contextSources = ContextSources(contexts)
        localeNames = Dictionary(uniqueKeysWithValues: model.app.locales.map { ($0, Formatting.localeName($0)) })
        defaultLocaleNames = Dictionary(uniqueKeysWithValues: model.app.locales.map {
            ($0, Formatting.localeName(model.app.defaultLocale, in: $0))
        })
        depths = contexts.indices.map { 1 + contexts[$0].depth }
        let directories = directories, hrefs = directoryHrefs, baseURL = Self.baseURL(model.app.site.baseURL)
        linkBytes = PageLinkBytes(locales: model.app.locales, directoryHrefs: hrefs, baseURL: baseURL)
        localePages = model.app.locales.map { locale in
            LocalePages(locale: locale, contexts: model.contexts, directories: directories, directoryHrefs: hrefs,
                        baseURL: baseURL)
        }
    }

    var app: AppContext { model.app }
    var locales: [LocaleID] { model.app.locales }
    var defaultLocale: LocaleID { model.app.defaultLocale }

    func isPresent(_ context: Int, in locale: LocaleID) -> Bool {
        if let pages = pages(locale) { return pages.present[context] }
        return model.contexts[context].versions.contains(locale)
    }

    /// The contexts with a page in `locale`, in the model's order.
    func presentContexts(in locale: LocaleID) -> [Int] {
        model.contexts.indices.filter { isPresent($0, in: locale) }
    }

    /// The page's file, relative to the site root.
    func diskPath(_ page: PageRef) -> String {
        if let pages = pages(page.locale) { return page.context.map { pages.diskPaths[$0] } ?? pages.home.diskPath }
        return LocalePages.diskPath(page.locale, directory: page.context.map { directories[$0] })
    }

    /// The page's absolute URL: `absoluteURL(diskPath(page))`.
    func url(_ page: PageRef) -> String {
        if let pages = pages(page.locale) { return page.context.map { pages.urls[$0] } ?? pages.home.url }
        return absoluteURL(diskPath(page))
    }

    /// How many directories a page is below the site root.
    func depth(_ page: PageRef) -> Int {
        guard let context = page.context else { return 1 }
        return depths[context]
    }

    /// The locale's table when it is one of the app's (a handful: a scan beats hashing).
    private func pages(_ locale: LocaleID) -> LocalePages? {
        for pages in localePages where pages.locale == locale { return pages }
        return nil
    }

    /// A link from `from` to `to`, relative, ending in `index.html` so that it also
    /// works from the file system, where directories do not open their index.
    func link(from: PageRef, to: PageRef) -> String {
        SitePaths.rootPrefix(depth: depth(from)) + href(to)
    }

    /// The same link written into a page (a page's cards and pager). An href holds only
    /// unreserved bytes, `/` and `%` escapes, which HTML leaves as they are.
    func writeLink(from: PageRef, to: PageRef, into html: HTMLBuilder) {
        html.raw(string: SitePaths.rootPrefix(depth: depth(from)))
        html.raw(string: href(to))
    }

    /// The page as written in a link from the site root: `en-us/book/index.html` (a link
    /// from a page is `SitePaths.rootPrefix` of its depth, then this).
    func href(_ page: PageRef) -> String {
        if let pages = pages(page.locale) { return page.context.map { pages.hrefs[$0] } ?? pages.home.href }
        return LocalePages.href(page.locale, directoryHref: page.context.map { directoryHrefs[$0] })
    }

    /// `href(nearestPage(context, in: locales[locale]))`, written into `html` escaped.
    func writeNearestHref(_ context: Int?, locale: Int, into html: HTMLBuilder) {
        linkBytes.writeHref(locale: locale, context: nearestContext(context, locale: locale), into: html)
    }

    /// `url(nearestPage(context, in: locales[locale]))`, written into `html` escaped.
    func writeNearestURL(_ context: Int?, locale: Int, into html: HTMLBuilder) {
        linkBytes.writeURL(locale: locale, context: nearestContext(context, locale: locale), into: html)
    }

    /// `nearestPage(context, in: locales[locale]).context`, by the locale's number.
    private func nearestContext(_ context: Int?, locale: Int) -> Int? {
        let present = localePages[locale].present
        return nearest(context) { present[$0] }
    }

    /// The page that stands for `context` in `locale`: itself when present, else its
    /// nearest present ancestor, else the locale's home.
    func nearestPage(_ context: Int?, in locale: LocaleID) -> PageRef {
        PageRef(locale: locale, context: nearest(context) { isPresent($0, in: locale) })
    }

    /// `context` or its nearest ancestor that `shows` holds for; nil (the home) when none does.
    private func nearest(_ context: Int?, where shows: (Int) -> Bool) -> Int? {
        var current = context
        while let index = current, !shows(index) { current = model.contexts[index].parent }
        return current
    }

    /// The children of a page that appear in its locale, in display order.
    func children(of page: PageRef) -> [Int] {
        let all = page.context.map { model.contexts[$0].children } ?? model.app.children
        return all.filter { isPresent($0, in: page.locale) }
    }

    /// The previous and next sibling of a context that appear in the same locale. Scans
    /// outwards from the context, so a page costs O(1) however many siblings it has.
    func neighbours(of page: PageRef) -> (previous: Int?, next: Int?) {
        guard let context = page.context else { return (nil, nil) }
        let parent = model.contexts[context].parent
        let siblings = parent.map { model.contexts[$0].children } ?? model.app.children
        guard let position = siblings.firstIndex(of: context) else { return (nil, nil) }
        let previous = siblings[..<position].last { isPresent($0, in: page.locale) }
        let next = siblings[(position + 1)...].first { isPresent($0, in: page.locale) }
        return (previous, next)
    }

    /// The ancestors of a context, outermost first (the app not included).
    func ancestors(of context: Int) -> [Int] {
        var chain: [Int] = []
        var current = model.contexts[context].parent
        while let index = current {
            chain.append(index)
            current = model.contexts[index].parent
        }
        return chain.reversed()
    }

    /// The absolute URL of a file of the site (`site.baseURL` + its path); a page's URL
    /// is its directory's, without `index.html`.
    func absoluteURL(_ diskPath: String) -> String {
        Self.absoluteURL(diskPath, baseURL: Self.baseURL(model.app.site.baseURL))
    }

    /// `site.baseURL` ending in `/`.
    static func baseURL(_ base: String) -> String { base.hasSuffix("/") ? base : base + "/" }

    static func absoluteURL(_ diskPath: String, baseURL: String) -> String {
        let path = diskPath.hasSuffix("index.html") ? String(diskPath.dropLast("index.html".count)) : diskPath
        return baseURL + SitePaths.href(path)
    }

    func thumbnailPath(_ context: Int) -> String? {
        thumbnails.byContext[context].map { "thumbnails/\($0.thumbnailId)" }
    }
}

/// One locale's pages: which contexts it shows and, per context, its page's file, its
/// path as written in links from the site root and its absolute URL. Built once per
/// index; what it holds depends only on identifiers and on which locales a context is
/// in, which a model that replaces the index's keeps (`SiteIndex.model`).
final class LocalePages: Sendable {
    struct Page: Sendable {
        var diskPath: String
        var href: String
        var url: String
    }

    let locale: LocaleID
    let present: [Bool]
    let diskPaths: [String]
    let hrefs: [String]
    let urls: [String]
    /// The locale's home.
    let home: Page

    init(locale: LocaleID, contexts: [ContextNode], directories: [String], directoryHrefs: [String], baseURL: String) {
        self.locale = locale
        // By index and by key: a closure over each node, or a lookup of each version,
        // would copy it.
        present = contexts.indices.map { contexts[$0].versions.index(forKey: locale) != nil }
        let diskPaths = directories.map { Self.diskPath(locale, directory: $0) }
        self.diskPaths = diskPaths
        // `absoluteURL(diskPath)` without taking the path apart again: `SitePaths.href`
        // escapes byte by byte, so the href of the parts joined is the parts' hrefs joined.
        // Most paths need no escaping: their href shares the disk path's string.
        let start = SitePaths.href(locale.rawValue) + "/", urlStart = baseURL + start
        let sameStart = start == locale.rawValue + "/"
        hrefs = directoryHrefs.indices.map { context in
            sameStart && directoryHrefs[context] == directories[context]
                ? diskPaths[context] : start + directoryHrefs[context] + "/index.html"
        }
        urls = directoryHrefs.map { urlStart + $0 + "/" }
        let homePath = Self.diskPath(locale, directory: nil)
        home = Page(diskPath: homePath, href: Self.href(locale, directoryHref: nil),
                    url: SiteIndex.absoluteURL(homePath, baseURL: baseURL))
    }

    /// `LOCALE/DIRECTORY/index.html`, or the locale's home without a directory.
    static func diskPath(_ locale: LocaleID, directory: String?) -> String {
        guard let directory else { return locale.rawValue + "/index.html" }
        return locale.rawValue + "/" + directory + "/index.html"
    }

    static func href(_ locale: LocaleID, directoryHref: String?) -> String {
        let start = SitePaths.href(locale.rawValue) + "/"
        guard let directoryHref else { return start + "index.html" }
        return start + directoryHref + "/index.html"
    }
}
