extension PageRenderer {
    /// A locale's home: the app's title and summary, search, the home body, the books.
    func homePage(_ locale: LocaleID, bodyHTML: String) -> String {
        let page = PageRef(locale: locale, context: nil)
        let strings = strings(locale)
        let title = appTitle(locale)
        let html = HTMLBuilder(capacity: bodyHTML.utf8.count + 4096)
        html.raw("<main id=\"main\">\n<div class=\"hero-text\">")
        html.element("h1", text: title)
        if let summary = index.app.summary[locale] ?? index.app.summary[index.defaultLocale] {
            html.raw("<p class=\"summary\">")
            html.text(summary)
            html.raw("</p>")
        }
        html.raw("</div>\n")
        searchPanel(locale, depth: 1, isSearchPage: false, into: html)
        if !bodyHTML.isEmpty {
            let lang = homeBodyLanguage(locale)
            html.raw("<div class=\"body\"")
            html.language(lang)
            html.raw(">\n")
            html.raw(string: bodyHTML)
            html.raw("</div>\n")
        }
        let books = index.children(of: page)
        if !books.isEmpty {
            html.element("h2", text: strings["books"])
            html.newline()
            cards(books, on: page, into: html)
        }
        html.raw("</main>\n")
        let frame = PageFrame(locale: locale, depth: 1, url: index.url(page), title: title,
                              description: index.app.summary[locale], alternates: .context(nil),
                              breadcrumbs: [], usesSearch: true)
        return shell.render(frame, strings: strings, main: html.string)
    }

    /// `search/LOCALE/index.html`: the search form, reading its query from the URL.
    func searchPage(_ locale: LocaleID) -> String {
        let strings = strings(locale)
        let html = HTMLBuilder()
        html.raw("<main id=\"main\">\n")
        html.element("h1", text: strings["search"])
        html.raw("\n<noscript><p class=\"note\">")
        html.text(strings["searchNeedsScript"])
        html.raw("</p></noscript>\n")
        searchPanel(locale, depth: 2, isSearchPage: true, into: html)
        html.raw("</main>\n")
        let alternates = index.locales.map { other in
            PageFrame.Alternate(locale: other, href: "../" + SitePaths.href(other.rawValue) + "/index.html",
                                url: index.absoluteURL("search/\(other.rawValue)/index.html"))
        }
        let home = PageFrame.Crumb(text: strings["home"], href: "../../" + SitePaths.href(locale.rawValue) + "/index.html")
        let frame = PageFrame(locale: locale, depth: 2, url: index.absoluteURL("search/\(locale.rawValue)/index.html"),
                              title: strings["search"], description: nil, alternates: .links(alternates),
                              breadcrumbs: [home, .init(text: strings["search"], href: nil)], usesSearch: true)
        return shell.render(frame, strings: strings, main: html.string)
    }

    /// `index.html` at the site's root: a page of its own that links every locale's
    /// home, and moves on to the default locale's home at once.
    func rootPage() -> String {
        let locale = index.defaultLocale
        let target = SitePaths.href(locale.rawValue) + "/index.html"
        let html = HTMLBuilder()
        html.raw("<main id=\"main\">\n")
        html.element("h1", text: appTitle(locale))
        html.raw("<ul class=\"locale-list\">\n")
        for other in index.locales {
            html.raw("<li>")
            html.start("a")
            html.attribute("href", SitePaths.href(other.rawValue) + "/index.html")
            html.attribute("hreflang", other.rawValue)
            html.attribute("lang", other.rawValue)
            html.end()
            html.text(index.localeNames[other] ?? other.rawValue)
            html.close("a")
            html.raw("</li>\n")
        }
        html.raw("</ul>\n</main>\n")
        var frame = PageFrame(locale: locale, depth: 0, url: index.absoluteURL("index.html"), title: appTitle(locale),
                              description: index.app.summary[locale], alternates: .links([]), breadcrumbs: [])
        frame.refresh = target
        return shell.render(frame, strings: strings(locale), main: html.string)
    }

    /// The loader gives every locale a home body, the default locale's file where there
    /// is no translation; that text is marked as the default locale's language.
    private func homeBodyLanguage(_ locale: LocaleID) -> TextLanguage {
        let app = index.app
        guard locale != app.defaultLocale, let body = app.body[locale],
              body.source == app.body[app.defaultLocale]?.source else { return .inherit }
        let direction = app.defaultLocale.isRightToLeft == locale.isRightToLeft ? nil : (app.defaultLocale.isRightToLeft ? "rtl" : "ltr")
        return TextLanguage(lang: app.defaultLocale.rawValue, dir: direction)
    }

    func appTitle(_ locale: LocaleID) -> String {
        index.app.title[locale] ?? index.app.title[index.defaultLocale] ?? index.app.bundleIdentifier
    }
}
