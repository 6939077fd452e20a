extension PageRenderer {
    /// A context's page in one locale: what Schoolwork's activity picker shows (thumbnail,
    /// title, type, age, time, progress) and then the body, keywords, standards,
    /// children and the way to the previous and next sibling.
    /// `body` writes the body's HTML in place.
    func contextPage(_ page: PageRef, into html: HTMLBuilder, body: (HTMLBuilder) -> Void) {
        guard let context = page.context, let version = version(context, page.locale) else { return }
        let node = index.model.contexts[context]
        let strings = strings(page.locale)
        let lang = language(version, page: page.locale)
        html.raw("<main id=\"main\">\n<article class=\"context\">\n<div class=\"hero\">")
        thumbnail(context, title: version.title, root: SitePaths.rootPrefix(depth: index.depth(page)), size: 160, into: html)
        html.raw("<div class=\"hero-text\"><p class=\"eyebrow\">")
        html.text(typeName(node.type, version, strings))
        if let topic = node.topic {
            html.raw(" · ")
            html.text(strings.topicName(topic))
        }
        html.raw("</p><h1")
        html.language(lang)
        html.end()
        html.text(version.title)
        html.raw("</h1>")
        if let summary = version.summary {
            html.raw("<p class=\"summary\"")
            html.language(lang)
            html.end()
            html.text(summary)
            html.raw("</p>")
        }
        if let link = node.universalLinkURL {
            html.raw("<p><a class=\"button\" href=\"")
            html.text(link)
            html.raw("\">")
            html.text(strings["openInApp"])
            html.raw("</a></p>")
        }
        html.raw("</div></div>\n")
        if lang.lang != nil {
            let language = index.defaultLocaleNames[page.locale] ?? index.defaultLocale.rawValue
            html.raw("<p class=\"note\" role=\"note\">")
            html.text(strings.format("notTranslated", ["language": language]))
            html.raw("</p>\n")
        }
        facts(context, version, lang, strings, into: html)
        html.raw("<div class=\"body\"")
        html.language(lang)
        html.end()
        body(html)
        html.raw("</div>\n")
        lists(node, version, lang, strings, into: html)
        let children = index.children(of: page)
        if !children.isEmpty {
            html.element("h2", text: strings["contents"])
            html.newline()
            cards(children, on: page, into: html)
        }
        pager(page, strings, into: html)
        html.raw("</article>\n</main>\n")
    }

    private func facts(_ context: Int, _ version: ContextVersion, _ lang: TextLanguage, _ strings: InterfaceStrings,
                       into html: HTMLBuilder) {
        let node = index.model.contexts[context]
        html.raw("<section class=\"facts\" aria-labelledby=\"facts\"><h2 id=\"facts\" class=\"visually-hidden\">")
        html.text(strings["details"])
        html.raw("</h2><dl>")
        func fact(_ label: String, _ value: String) {
            html.raw("<div><dt>")
            html.text(label)
            html.raw("</dt><dd>")
            html.text(value)
            html.raw("</dd></div>")
        }
        fact(strings["type"], typeName(node.type, version, strings))
        if let topic = node.topic { fact(strings["topic"], strings.topicName(topic)) }
        if let age = node.suggestedAge { fact(strings["suggestedAge"], ageLabel(age, strings)) }
        if let time = node.suggestedCompletionTime { fact(strings["completionTime"], completionTimeLabel(time, strings)) }
        fact(strings["assignable"], strings[node.isAssignable ? "assignableYes" : "assignableNo"])
        html.raw("</dl>\n")
        if !version.progressReporting.isEmpty {
            html.element("h3", text: strings["progress"])
            html.raw("<ul class=\"progress\">")
            for capability in version.progressReporting {
                html.raw("<li>")
                html.element("strong", text: strings.progressName(capability.kind))
                if !capability.details.isEmpty {
                    html.raw(" — <span")
                    html.language(lang)
                    html.end()
                    html.text(capability.details)
                    html.raw("</span>")
                }
                html.raw("</li>")
            }
            html.raw("</ul>\n")
        }
        html.raw("</section>\n")
    }

    private func lists(_ node: ContextNode, _ version: ContextVersion, _ lang: TextLanguage, _ strings: InterfaceStrings,
                       into html: HTMLBuilder) {
        func list(_ label: String, _ items: [String], _ itemLang: TextLanguage) {
            guard !items.isEmpty else { return }
            html.element("h2", text: label)
            html.raw("<ul class=\"chips\"")
            html.language(itemLang)
            html.end()
            for item in items { html.element("li", text: item) }
            html.raw("</ul>\n")
        }
        list(strings["keywords"], version.keywords, lang)
        list(strings["standards"], node.standardsAlignments, .inherit)
    }

    private func pager(_ page: PageRef, _ strings: InterfaceStrings, into html: HTMLBuilder) {
        let (previous, next) = index.neighbours(of: page)
        guard previous != nil || next != nil else { return }
        html.raw("<nav class=\"pager\" aria-label=\"")
        html.text(strings["pager"])
        html.raw("\">")
        func link(_ sibling: Int?, _ start: StaticString, _ label: String) {
            guard let sibling, let version = version(sibling, page.locale) else { return }
            let lang = language(version, page: page.locale)
            html.raw(start)
            index.writeLink(from: page, to: PageRef(locale: page.locale, context: sibling), into: html)
            html.raw("\">")
            html.element("small", text: label)
            html.raw("<span")
            html.language(lang)
            html.end()
            html.text(version.title)
            html.raw("</span></a>")
        }
        link(previous, "<a class=\"prev\" rel=\"prev\" href=\"", strings["previous"])
        link(next, "<a class=\"next\" rel=\"next\" href=\"", strings["next"])
        html.raw("</nav>\n")
    }
}
