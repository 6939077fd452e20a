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
    let contextsBySource: [String: Int]
    /// Each locale's name in its own language, for the language switcher.
    let localeNames: [LocaleID: String]
    /// The default locale's name in each locale, for "shown in English".
    let defaultLocaleNames: [LocaleID: String]

    static let appIndex = -1

    init(model: CatalogModel, thumbnails: ThumbnailSet) {
        self.model = model
        self.thumbnails = thumbnails
        directories = model.contexts.map { node in
            node.pathBelowApp.map(SitePaths.encodeIdentifier).joined(separator: "/")
        }
        directoryHrefs = directories.map(SitePaths.href)
        var sources: [String: Int] = ["index.md": Self.appIndex, "": Self.appIndex]
        for (index, node) in model.contexts.enumerated() {
            sources[node.source.relativePath] = index
            if node.isDirectory, node.source.relativePath.hasSuffix("/index.md") {
                sources[String(node.source.relativePath.dropLast("/index.md".count))] = index
            }
        }
        contextsBySource = sources
        localeNames = Dictionary(uniqueKeysWithValues: model.app.locales.map { ($0, Formatting.localeName($0)) })
        defaultLocaleNames = Dictionary(uniqueKeysWithValues: model.app.locales.map {
            ($0, Formatting.localeName(model.app.defaultLocale, in: $0))
        })
    }

    var app: AppContext { model.app }
    var locales: [LocaleID] { model.app.locales }
    var defaultLocale: LocaleID { model.app.defaultLocale }

    func isPresent(_ context: Int, in locale: LocaleID) -> Bool {
        model.contexts[context].versions[locale] != nil
    }

    /// The page's file, relative to the site root.
    func diskPath(_ page: PageRef) -> String {
        guard let context = page.context else { return "\(page.locale.rawValue)/index.html" }
        return "\(page.locale.rawValue)/\(directories[context])/index.html"
    }

    /// How many directories a page is below the site root.
    func depth(_ page: PageRef) -> Int {
        guard let context = page.context else { return 1 }
        return 1 + model.contexts[context].depth
    }

    /// A link from `from` to `to`, relative, ending in `index.html` so that it also
    /// works from the file system, where directories do not open their index.
    func link(from: PageRef, to: PageRef) -> String {
        var out = ""
        linkParts(from: from, to: to) { out += $0 }
        return out
    }

    /// The same link written into a page, escaped (a page's cards and pager).
    func writeLink(from: PageRef, to: PageRef, into html: HTMLBuilder) {
        linkParts(from: from, to: to) { html.text($0) }
    }

    private func linkParts(from: PageRef, to: PageRef, _ part: (String) -> Void) {
        part(SitePaths.rootPrefix(depth: depth(from)))
        part(SitePaths.href(to.locale.rawValue))
        part("/")
        if let context = to.context {
            part(directoryHrefs[context])
            part("/")
        }
        part("index.html")
    }

    /// The page that stands for `context` in `locale`: itself when present, else its
    /// nearest present ancestor, else the locale's home.
    func nearestPage(_ context: Int?, in locale: LocaleID) -> PageRef {
        var current = context
        while let index = current, !isPresent(index, in: locale) {
            current = model.contexts[index].parent
        }
        return PageRef(locale: locale, context: current)
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
        var base = model.app.site.baseURL
        if !base.hasSuffix("/") { base += "/" }
        let path = diskPath.hasSuffix("index.html") ? String(diskPath.dropLast("index.html".count)) : diskPath
        return base + SitePaths.href(path)
    }

    func thumbnailPath(_ context: Int) -> String? {
        thumbnails.byContext[context].map { "thumbnails/\($0.thumbnailId)" }
    }
}
