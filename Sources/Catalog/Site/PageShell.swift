/// Everything around a page's main content: the head, the header with the site's
/// name and the language switcher, the breadcrumbs and the footer.
struct PageFrame {
    struct Crumb {
        var text: String
        var href: String?
        var language: TextLanguage = .inherit
    }

    struct Alternate {
        var locale: LocaleID
        var href: String
        /// Absolute URL of the alternate page, for `<link rel="alternate">`.
        var url: String
    }

    var locale: LocaleID
    var depth: Int
    var diskPath: String
    var title: String
    var description: String?
    var alternates: [Alternate]
    var breadcrumbs: [Crumb]
    var jsonLD: String?
    var usesSearch = false
    /// Where a page that only leads elsewhere sends the browser (the root `index.html`).
    var refresh: String?
}

struct PageShell {
    let index: SiteIndex
    let branding: Branding

    /// Ids that the page around a body uses; body headings never take them.
    static let reservedIDs: Set<String> = ["main", "facts", "search-title", "search-q"]

    func render(_ frame: PageFrame, strings: InterfaceStrings, main: String) -> String {
        render(frame, strings: strings, mainCapacity: main.utf8.count) { $0.raw(main) }
    }

    /// The page with its main content written in place by `main`, into one buffer of
    /// about `mainCapacity` bytes more than the frame needs.
    func render(_ frame: PageFrame, strings: InterfaceStrings, mainCapacity: Int,
                main: (inout HTMLBuilder) -> Void) -> String {
        var html = HTMLBuilder(capacity: mainCapacity + 6144)
        let root = SitePaths.rootPrefix(depth: frame.depth)
        html.raw("<!DOCTYPE html>\n")
        html.open("html", ["lang": frame.locale.rawValue, "dir": frame.locale.isRightToLeft ? "rtl" : "ltr"])
        html.newline()
        head(frame, root: root, strings: strings, into: &html)
        html.raw("<body>\n")
        html.open("a", ["class": "skip-link", "href": "#main"])
        html.text(strings["skipToContent"])
        html.close("a")
        html.newline()
        header(frame, root: root, strings: strings, into: &html)
        breadcrumbs(frame.breadcrumbs, strings: strings, into: &html)
        main(&html)
        html.raw("<footer class=\"site-footer\"><p>")
        html.text(siteTitle(frame.locale))
        html.raw(" · ")
        html.text(strings["madeWith"])
        html.raw("</p></footer>\n</body>\n</html>\n")
        return html.out
    }

    func siteTitle(_ locale: LocaleID) -> String {
        let app = index.app
        // The locale's own words first: the app's translated name beats the site title
        // in another language.
        return app.site.title[locale] ?? app.title[locale] ?? app.site.title[app.defaultLocale]
            ?? app.title[app.defaultLocale] ?? app.bundleIdentifier
    }

    private func head(_ frame: PageFrame, root: String, strings: InterfaceStrings, into html: inout HTMLBuilder) {
        html.raw("<head>\n<meta charset=\"utf-8\">\n")
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        html.element("title", text: frame.title == siteTitle(frame.locale) ? frame.title : "\(frame.title) – \(siteTitle(frame.locale))")
        html.newline()
        if let description = frame.description {
            html.open("meta", ["name": "description", "content": description])
            html.newline()
        }
        if let refresh = frame.refresh {
            html.open("meta", ["http-equiv": "refresh", "content": "0; url=\(refresh)"])
            html.newline()
        }
        // An empty icon keeps browsers from asking the server for /favicon.ico.
        html.raw("<link rel=\"icon\" href=\"data:,\">\n")
        html.open("link", ["rel": "canonical", "href": index.absoluteURL(frame.diskPath)])
        html.newline()
        for alternate in frame.alternates {
            html.open("link", ["rel": "alternate", "hreflang": alternate.locale.rawValue, "href": alternate.url])
            html.newline()
        }
        for stylesheet in branding.stylesheets {
            html.open("link", ["rel": "stylesheet", "href": root + stylesheet])
            html.newline()
        }
        if frame.usesSearch {
            html.open("script", ["src": root + SiteAssets.scriptPath, "defer": ""])
            html.close("script")
            html.newline()
        }
        if let jsonLD = frame.jsonLD {
            html.raw("<script type=\"application/ld+json\">")
            html.raw(jsonLD)
            html.raw("</script>\n")
        }
        html.raw("</head>\n")
    }

    private func header(_ frame: PageFrame, root: String, strings: InterfaceStrings, into html: inout HTMLBuilder) {
        html.raw("<header class=\"site-header\">\n")
        html.open("a", ["class": "brand", "href": root + SitePaths.href("\(frame.locale.rawValue)/index.html")])
        if let logo = branding.logoPath {
            html.open("img", ["src": root + logo, "alt": "", "width": "40", "height": "40"])
        }
        html.element("span", text: siteTitle(frame.locale))
        html.close("a")
        html.newline()
        languages(frame, strings: strings, into: &html)
        html.raw("</header>\n")
    }

    private func languages(_ frame: PageFrame, strings: InterfaceStrings, into html: inout HTMLBuilder) {
        guard frame.alternates.count > 1 else { return }
        html.open("nav", ["class": "languages", "aria-label": strings["languages"]])
        html.raw("<ul>")
        for alternate in frame.alternates {
            html.raw("<li>")
            let isCurrent = alternate.locale == frame.locale
            html.open("a", ["href": alternate.href, "hreflang": alternate.locale.rawValue, "lang": alternate.locale.rawValue,
                            "aria-current": isCurrent ? "page" : nil])
            html.text(index.localeNames[alternate.locale] ?? alternate.locale.rawValue)
            html.close("a")
            html.raw("</li>")
        }
        html.raw("</ul></nav>\n")
    }

    private func breadcrumbs(_ crumbs: [PageFrame.Crumb], strings: InterfaceStrings, into html: inout HTMLBuilder) {
        guard crumbs.count > 1 else { return }
        html.open("nav", ["class": "breadcrumbs", "aria-label": strings["breadcrumbs"]])
        html.raw("<ol>")
        for crumb in crumbs {
            html.raw("<li>")
            if let href = crumb.href {
                html.open("a", ["href": href, "lang": crumb.language.lang, "dir": crumb.language.dir])
                html.text(crumb.text)
                html.close("a")
            } else {
                html.open("span", ["aria-current": "page", "lang": crumb.language.lang, "dir": crumb.language.dir])
                html.text(crumb.text)
                html.close("span")
            }
            html.raw("</li>")
        }
        html.raw("</ol></nav>\n")
    }
}
