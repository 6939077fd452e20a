/// Everything around a page's main content: the head, the header with the site's
/// name and the language switcher, the breadcrumbs and the footer.
struct PageFrame {
    /// A link's `href` is written as `up` followed by `href`: a page's links are the way up
    /// to the site root and the target's path from there (`SiteIndex.href(_:)`), both
    /// strings made once per build, so no string is made for a link of every page.
    struct Crumb {
        var text: String
        var href: String?
        var language: TextLanguage = .inherit
        var up = ""
    }

    struct Alternate {
        var locale: LocaleID
        var href: String
        /// Absolute URL of the alternate page, for `<link rel="alternate">`.
        var url: String
        var up = ""
    }

    /// The page in every locale of the site, for `<link rel="alternate">` and the
    /// language switcher.
    enum Alternates {
        /// The same context (nil: the home) in every locale of the app, in order, or where
        /// it is left out its nearest page there (`SiteIndex.nearestPage`); each link goes
        /// up `depth` directories first. Written from the index's bytes (`PageLinkBytes`).
        case context(Int?)
        /// Links of their own (the search pages).
        case links([Alternate])
    }

    var locale: LocaleID
    var depth: Int
    /// The page's absolute URL, for `<link rel="canonical">`.
    var url: String
    var title: String
    var description: String?
    var alternates: Alternates
    var breadcrumbs: [Crumb]
    var usesSearch = false
    /// Where a page that only leads elsewhere sends the browser (the root `index.html`).
    var refresh: String?
}

struct PageShell {
    let index: SiteIndex
    let branding: Branding
    /// Per locale of the app, in order: its language switcher item after the href
    /// (`languageItem`), as another locale's page shows it, then as its own page does.
    private let languageItems: PackedBytes

    init(index: SiteIndex, branding: Branding) {
        self.index = index
        self.branding = branding
        languageItems = PackedBytes(index.locales.flatMap { locale in
            [false, true].map { isCurrent in
                let html = HTMLBuilder(capacity: 128)
                Self.languageItem(locale, name: index.localeNames[locale], isCurrent: isCurrent, into: html)
                return html.withBytes { Array($0) }
            }
        })
    }

    func render(_ frame: PageFrame, strings: InterfaceStrings, main: String) -> String {
        let html = HTMLBuilder(capacity: main.utf8.count + 6144)
        render(frame, strings: strings, into: html) { $0.raw(string: main) }
        return html.string
    }

    /// The page with its main content written in place by `main`, into `html`;
    /// `structuredData` writes the page's JSON-LD elements at the end of the head.
    func render(_ frame: PageFrame, strings: InterfaceStrings, into html: HTMLBuilder,
                structuredData: (HTMLBuilder) -> Void = { _ in }, main: (HTMLBuilder) -> Void) {
        let siteTitle = siteTitle(frame.locale)
        writeHead(frame, siteTitle: siteTitle, into: html)
        structuredData(html)
        writeTop(frame, siteTitle: siteTitle, strings: strings, into: html)
        main(html)
        writeFooter(siteTitle: siteTitle, strings: strings, into: html)
    }

    /// The same page written in three pieces, for a caller that writes what goes between
    /// them itself (a context page, for every page of the site): the document and its
    /// head up to where the JSON-LD goes,
    func writeHead(_ frame: PageFrame, siteTitle: String, into html: HTMLBuilder) {
        html.raw("<!DOCTYPE html>\n<html lang=\"")
        html.text(frame.locale.rawValue)
        html.raw(frame.locale.isRightToLeft ? "\" dir=\"rtl\">\n" : "\" dir=\"ltr\">\n")
        head(frame, root: SitePaths.rootPrefix(depth: frame.depth), siteTitle: siteTitle, into: html)
    }

    /// then the end of the head and the top of the body, up to the main content,
    func writeTop(_ frame: PageFrame, siteTitle: String, strings: InterfaceStrings, into html: HTMLBuilder) {
        html.raw("</head>\n")
        html.raw("<body>\n<a class=\"skip-link\" href=\"#main\">")
        html.text(strings["skipToContent"])
        html.raw("</a>\n")
        header(frame, root: SitePaths.rootPrefix(depth: frame.depth), siteTitle: siteTitle, strings: strings, into: html)
        breadcrumbs(frame.breadcrumbs, strings: strings, into: html)
    }

    /// and the footer after it.
    func writeFooter(siteTitle: String, strings: InterfaceStrings, into html: HTMLBuilder) {
        html.raw("<footer class=\"site-footer\"><p>")
        html.text(siteTitle)
        html.raw(" · ")
        html.text(strings["madeWith"])
        html.raw("</p></footer>\n</body>\n</html>\n")
    }

    func siteTitle(_ locale: LocaleID) -> String {
        let app = index.model.app
        // The locale's own words first: the app's translated name beats the site title
        // in another language.
        return app.site.title[locale] ?? app.title[locale] ?? app.site.title[app.defaultLocale]
            ?? app.title[app.defaultLocale] ?? app.bundleIdentifier
    }

    private func head(_ frame: PageFrame, root: String, siteTitle: String, into html: HTMLBuilder) {
        html.raw("<head>\n<meta charset=\"utf-8\">\n")
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        html.text(frame.title)
        if frame.title != siteTitle {
            html.raw(" – ")
            html.text(siteTitle)
        }
        html.raw("</title>\n")
        if let description = frame.description {
            html.raw("<meta name=\"description\" content=\"")
            html.text(description)
            html.raw("\">\n")
        }
        if let refresh = frame.refresh {
            html.raw("<meta http-equiv=\"refresh\" content=\"0; url=")
            html.text(refresh)
            html.raw("\">\n")
        }
        // An empty icon keeps browsers from asking the server for /favicon.ico.
        html.raw("<link rel=\"icon\" href=\"data:,\">\n<link rel=\"canonical\" href=\"")
        html.text(frame.url)
        html.raw("\">\n")
        switch frame.alternates {
        case .context(let context):
            for (number, locale) in index.locales.enumerated() {
                alternateLink(locale, into: html) { index.writeNearestURL(context, locale: number, into: $0) }
            }
        case .links(let alternates):
            for alternate in alternates { alternateLink(alternate.locale, into: html) { $0.text(alternate.url) } }
        }
        for stylesheet in branding.stylesheets {
            html.raw("<link rel=\"stylesheet\" href=\"")
            html.text(root)
            html.text(stylesheet)
            html.raw("\">\n")
        }
        if frame.usesSearch {
            html.raw("<script src=\"")
            html.text(root)
            html.text(SiteAssets.scriptPath)
            html.raw("\" defer></script>\n")
        }
    }

    private func alternateLink(_ locale: LocaleID, into html: HTMLBuilder, url: (HTMLBuilder) -> Void) {
        html.raw("<link rel=\"alternate\" hreflang=\"")
        html.text(locale.rawValue)
        html.raw("\" href=\"")
        url(html)
        html.raw("\">\n")
    }

    private func header(_ frame: PageFrame, root: String, siteTitle: String, strings: InterfaceStrings, into html: HTMLBuilder) {
        html.raw("<header class=\"site-header\">\n<a class=\"brand\" href=\"")
        html.text(root)
        html.text(SitePaths.href(frame.locale.rawValue))
        html.raw("/index.html\">")
        if let logo = branding.logoPath {
            html.raw("<img src=\"")
            html.text(root)
            html.text(logo)
            html.raw("\" alt width=\"40\" height=\"40\">")
        }
        html.element("span", text: siteTitle)
        html.raw("</a>\n")
        languages(frame, root: root, strings: strings, into: html)
        html.raw("</header>\n")
    }

    private func languages(_ frame: PageFrame, root: String, strings: InterfaceStrings, into html: HTMLBuilder) {
        let count = switch frame.alternates {
        case .context: index.locales.count
        case .links(let alternates): alternates.count
        }
        guard count > 1 else { return }
        html.raw("<nav class=\"languages\" aria-label=\"")
        html.text(strings["languages"])
        // A long list folds behind the page's own language (a disclosure, no script), as
        // Docusaurus folds its own: 31 languages took eight rows, about 250 px, of every
        // page's header on a phone 390 px wide.
        let folds = count > Self.unfoldedLanguages
        if folds {
            html.raw("\"><details><summary lang=\"")
            html.text(frame.locale.rawValue)
            html.raw("\">")
            html.text(index.localeNames[frame.locale] ?? frame.locale.rawValue)
            html.raw("</summary><ul>")
        } else {
            html.raw("\"><ul>")
        }
        switch frame.alternates {
        case .context(let context):
            for (number, locale) in index.locales.enumerated() {
                html.raw("<li><a href=\"")
                html.text(root)
                index.writeNearestHref(context, locale: number, into: html)
                html.append(languageItems[2 * number + (locale == frame.locale ? 1 : 0)])
            }
        case .links(let alternates):
            for alternate in alternates {
                html.raw("<li><a href=\"")
                html.text(alternate.up)
                html.text(alternate.href)
                Self.languageItem(alternate.locale, name: index.localeNames[alternate.locale],
                                  isCurrent: alternate.locale == frame.locale, into: html)
            }
        }
        html.raw(folds ? "</ul></details></nav>\n" : "</ul></nav>\n")
    }

    /// Up to this many languages are listed in the header as they are; more fold.
    static let unfoldedLanguages = 6

    /// A language switcher's item after its href: `" hreflang=… lang=…>Name</a></li>`.
    private static func languageItem(_ locale: LocaleID, name: String?, isCurrent: Bool, into html: HTMLBuilder) {
        html.raw("\" hreflang=\"")
        html.text(locale.rawValue)
        html.raw("\" lang=\"")
        html.text(locale.rawValue)
        html.raw(isCurrent ? "\" aria-current=\"page\">" : "\">")
        html.text(name ?? locale.rawValue)
        html.raw("</a></li>")
    }

    private func breadcrumbs(_ crumbs: [PageFrame.Crumb], strings: InterfaceStrings, into html: HTMLBuilder) {
        guard crumbs.count > 1 else { return }
        html.raw("<nav class=\"breadcrumbs\" aria-label=\"")
        html.text(strings["breadcrumbs"])
        html.raw("\"><ol>")
        for crumb in crumbs {
            html.raw("<li>")
            if let href = crumb.href {
                html.raw("<a href=\"")
                html.text(crumb.up)
                html.text(href)
                html.raw("\"")
                html.language(crumb.language)
                html.end()
                html.text(crumb.text)
                html.raw("</a>")
            } else {
                html.raw("<span aria-current=\"page\"")
                html.language(crumb.language)
                html.end()
                html.text(crumb.text)
                html.raw("</span>")
            }
            html.raw("</li>")
        }
        html.raw("</ol></nav>\n")
    }
}
