/// Renders the site's pages. The pieces every page shares (alternates, breadcrumbs,
/// cards) are here; each kind of page has its own extension.
struct PageRenderer {
    let index: SiteIndex
    let shell: PageShell
    let strings: [LocaleID: InterfaceStrings]
    /// Filter options per locale, for the search forms.
    var filterOptions: [LocaleID: SearchFilterOptions] = [:]
    private let rangeLabels: [LocaleID: RangeLabels]
    /// The labels of every locale of the app (`labels(_:)`).
    let pageLabels: [PageLabels]
    /// Every context's title per locale of the app, for a whole site (`linkText(_:_:)`).
    private let titles: [LocaleTitles]

    /// - Parameter labelsEveryRange: format every age and time range of the catalog once,
    ///   up front, and read every context's title (for a whole site); a live patch that
    ///   renders a few pages formats and reads them as it meets them instead, to the same
    ///   text, without walking every context.
    init(index: SiteIndex, branding: Branding, labelsEveryRange: Bool = true) {
        self.index = index
        shell = PageShell(index: index, branding: branding)
        let strings = Dictionary(uniqueKeysWithValues: index.locales.map {
            ($0, InterfaceStrings(locale: $0, settings: index.app.site))
        })
        self.strings = strings
        pageLabels = index.locales.map { PageLabels(strings[$0] ?? InterfaceStrings(locale: $0, settings: index.app.site)) }
        rangeLabels = labelsEveryRange ? strings.mapValues { RangeLabels(contexts: index.model.contexts, strings: $0) } : [:]
        titles = labelsEveryRange
            ? index.locales.map { LocaleTitles(locale: $0, contexts: index.model.contexts, defaultLocale: index.defaultLocale) }
            : []
    }

    /// "9–11 years" in the language of `strings`.
    func ageLabel(_ range: ClosedIntRange, _ strings: InterfaceStrings) -> String {
        rangeLabels[strings.locale]?.age(range, strings) ?? Formatting.age(range, strings)
    }

    /// "15–20 min" in the language of `strings`.
    func completionTimeLabel(_ range: ClosedIntRange, _ strings: InterfaceStrings) -> String {
        rangeLabels[strings.locale]?.completionTime(range, strings) ?? Formatting.completionTime(range, strings)
    }

    func strings(_ locale: LocaleID) -> InterfaceStrings {
        strings[locale] ?? InterfaceStrings(locale: locale, settings: index.app.site)
    }

    func version(_ context: Int, _ locale: LocaleID) -> ContextVersion? {
        index.model.contexts[context].versions[locale]
    }

    func language(_ version: ContextVersion, page: LocaleID) -> TextLanguage {
        TextLanguage.of(version, page: page, defaultLocale: index.defaultLocale)
    }

    /// A context's title in `locale` and its language there, for a link to it.
    func linkText(_ context: Int, _ locale: LocaleID) -> (title: String, language: TextLanguage)? {
        for table in titles where table.locale == locale { return table.link(context) }
        return version(context, locale).map { ($0.title, language($0, page: locale)) }
    }

    func breadcrumbs(for page: PageRef) -> [PageFrame.Crumb] {
        guard let context = page.context else { return [] }
        let up = SitePaths.rootPrefix(depth: index.depth(page))
        var crumbs = [PageFrame.Crumb(text: labels(page.locale).home, href: index.href(PageRef(locale: page.locale, context: nil)),
                                      up: up)]
        crumbs.reserveCapacity(index.depth(page) + 1)
        // The ancestors from the parent up, then turned round: outermost first.
        var ancestor = index.model.contexts[context].parent
        while let current = ancestor {
            if let link = linkText(current, page.locale) {
                crumbs.append(.init(text: link.title, href: index.href(PageRef(locale: page.locale, context: current)),
                                    language: link.language, up: up))
            }
            ancestor = index.model.contexts[current].parent
        }
        var (first, last) = (1, crumbs.count - 1)
        while first < last {
            crumbs.swapAt(first, last)
            (first, last) = (first + 1, last - 1)
        }
        if let link = linkText(context, page.locale) {
            crumbs.append(.init(text: link.title, href: nil, language: link.language))
        }
        return crumbs
    }

    /// "Quiz · 9–11 years · 15–20 min".
    func metaLine(_ context: Int, _ version: ContextVersion, _ strings: InterfaceStrings) -> String {
        var parts: [String] = []
        metaParts(context, version, strings) { parts.append($0) }
        return parts.joined(separator: " · ")
    }

    /// The same line written into a page, escaped (a card's).
    func writeMetaLine(_ context: Int, _ version: ContextVersion, _ labels: PageLabels, into html: HTMLBuilder) {
        // The fields read in place: copying the whole node retains every field it holds.
        let contexts = index.model.contexts
        html.text(typeName(contexts[context].type, version, labels))
        if let age = contexts[context].suggestedAge {
            html.raw(" · ")
            html.text(ageLabel(age, labels.strings))
        }
        if let time = contexts[context].suggestedCompletionTime {
            html.raw(" · ")
            html.text(completionTimeLabel(time, labels.strings))
        }
    }

    private func metaParts(_ context: Int, _ version: ContextVersion, _ strings: InterfaceStrings, _ part: (String) -> Void) {
        // The fields read in place: copying the whole node retains every field it holds.
        let contexts = index.model.contexts
        part(typeName(contexts[context].type, version, strings))
        if let age = contexts[context].suggestedAge { part(ageLabel(age, strings)) }
        if let time = contexts[context].suggestedCompletionTime { part(completionTimeLabel(time, strings)) }
    }

    func typeName(_ type: ContextType, _ version: ContextVersion, _ strings: InterfaceStrings) -> String {
        type == .custom ? (version.customTypeName ?? strings.typeName(.custom)) : strings.typeName(type)
    }

    /// The same name, the locale's labels looked up once per build.
    func typeName(_ type: ContextType, _ version: ContextVersion, _ labels: PageLabels) -> String {
        type == .custom ? (version.customTypeName ?? labels.typeName(.custom)) : labels.typeName(type)
    }

    /// The children of a page as cards: thumbnail, title, type, age, time, summary.
    func cards(_ children: [Int], on page: PageRef, into html: HTMLBuilder) {
        cards(children, on: page, labels: labels(page.locale), into: html)
    }

    func cards(_ children: [Int], on page: PageRef, labels: PageLabels, into html: HTMLBuilder) {
        let root = SitePaths.rootPrefix(depth: index.depth(page))
        html.raw("<ul class=\"cards\">\n")
        for child in children {
            guard let version = version(child, page.locale) else { continue }
            let lang = language(version, page: page.locale)
            html.raw("<li class=\"card\">")
            thumbnail(child, title: version.title, root: root, size: 84, into: html)
            html.raw("<div class=\"card-text\"><h3 class=\"card-title\"><a href=\"")
            index.writeLink(from: page, to: PageRef(locale: page.locale, context: child), into: html)
            html.raw("\"")
            html.language(lang)
            html.end()
            html.text(version.title)
            html.raw("</a></h3><p class=\"card-meta\">")
            writeMetaLine(child, version, labels, into: html)
            html.raw("</p>")
            if let summary = version.summary {
                html.raw("<p class=\"card-summary\"")
                html.language(lang)
                html.end()
                html.text(summary)
                html.raw("</p>")
            }
            html.raw("</div></li>\n")
        }
        html.raw("</ul>\n")
    }

    /// The context's thumbnail with its title as alt text, or a lettered tile.
    func thumbnail(_ context: Int, title: String, root: String, size: Int, into html: HTMLBuilder) {
        if let path = index.thumbnailPath(context) {
            html.raw("<img class=\"thumb\" src=\"")
            html.text(root)
            html.text(path)
            html.raw("\" alt=\"")
            html.text(title)
            html.raw("\" width=\"")
            html.decimal(size)
            html.raw("\" height=\"")
            html.decimal(size)
            html.raw(size < 100 ? "\" loading=\"lazy\">" : "\">")
        } else {
            html.raw("<div class=\"thumb thumb-placeholder\" aria-hidden=\"true\">")
            html.text(title.first.map { String($0) } ?? "")
            html.raw("</div>")
        }
    }
}
