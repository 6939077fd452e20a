extension PageRenderer {
    /// A context's page in one locale: what Schoolwork's activity picker shows (thumbnail,
    /// title, type, age, time, progress) and then the body, keywords, standards,
    /// children and the way to the previous and next sibling.
    /// `body` writes the body's HTML in place.
    func contextPage(_ page: PageRef, into html: inout HTMLBuilder, body: (inout String) -> Void) {
        guard let context = page.context, let version = version(context, page.locale) else { return }
        let node = index.model.contexts[context]
        let strings = strings(page.locale)
        let lang = language(version, page: page.locale)
        html.raw("<main id=\"main\">\n<article class=\"context\">\n<div class=\"hero\">")
        thumbnail(context, title: version.title, root: SitePaths.rootPrefix(depth: index.depth(page)), size: 160, into: &html)
        html.raw("<div class=\"hero-text\">")
        html.element("p", ["class": "eyebrow"], text: [typeName(node.type, version, strings), node.topic.map(strings.topicName)]
            .compactMap { $0 }.joined(separator: " · "))
        html.element("h1", ["lang": lang.lang, "dir": lang.dir], text: version.title)
        if let summary = version.summary {
            html.element("p", ["class": "summary", "lang": lang.lang, "dir": lang.dir], text: summary)
        }
        if let link = node.universalLinkURL {
            html.raw("<p>")
            html.element("a", ["class": "button", "href": link], text: strings["openInApp"])
            html.raw("</p>")
        }
        html.raw("</div></div>\n")
        if lang.lang != nil {
            let language = index.defaultLocaleNames[page.locale] ?? index.defaultLocale.rawValue
            html.element("p", ["class": "note", "role": "note"], text: strings.format("notTranslated", ["language": language]))
            html.newline()
        }
        facts(context, version, lang, strings, into: &html)
        html.open("div", ["class": "body", "lang": lang.lang, "dir": lang.dir])
        html.raw(writing: body)
        html.raw("</div>\n")
        lists(node, version, lang, strings, into: &html)
        let children = index.children(of: page)
        if !children.isEmpty {
            html.element("h2", text: strings["contents"])
            html.newline()
            cards(children, on: page, into: &html)
        }
        pager(page, strings, into: &html)
        html.raw("</article>\n</main>\n")
    }

    private func facts(_ context: Int, _ version: ContextVersion, _ lang: TextLanguage, _ strings: InterfaceStrings,
                       into html: inout HTMLBuilder) {
        let node = index.model.contexts[context]
        html.raw("<section class=\"facts\" aria-labelledby=\"facts\">")
        html.element("h2", ["id": "facts", "class": "visually-hidden"], text: strings["details"])
        html.raw("<dl>")
        func fact(_ label: String, _ value: String) {
            html.raw("<div>")
            html.element("dt", text: label)
            html.element("dd", text: value)
            html.raw("</div>")
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
                    html.raw(" — ")
                    html.element("span", ["lang": lang.lang, "dir": lang.dir], text: capability.details)
                }
                html.raw("</li>")
            }
            html.raw("</ul>\n")
        }
        html.raw("</section>\n")
    }

    private func lists(_ node: ContextNode, _ version: ContextVersion, _ lang: TextLanguage, _ strings: InterfaceStrings,
                       into html: inout HTMLBuilder) {
        for (label, items, itemLang) in [(strings["keywords"], version.keywords, lang), (strings["standards"], node.standardsAlignments, .inherit)]
        where !items.isEmpty {
            html.element("h2", text: label)
            html.open("ul", ["class": "chips", "lang": itemLang.lang, "dir": itemLang.dir])
            for item in items { html.element("li", text: item) }
            html.raw("</ul>\n")
        }
    }

    private func pager(_ page: PageRef, _ strings: InterfaceStrings, into html: inout HTMLBuilder) {
        let (previous, next) = index.neighbours(of: page)
        guard previous != nil || next != nil else { return }
        html.open("nav", ["class": "pager", "aria-label": strings["pager"]])
        for (sibling, rel, label) in [(previous, "prev", strings["previous"]), (next, "next", strings["next"])] {
            guard let sibling, let version = version(sibling, page.locale) else { continue }
            let lang = language(version, page: page.locale)
            html.open("a", ["class": rel, "rel": rel, "href": index.link(from: page, to: PageRef(locale: page.locale, context: sibling))])
            html.element("small", text: label)
            html.element("span", ["lang": lang.lang, "dir": lang.dir], text: version.title)
            html.close("a")
        }
        html.raw("</nav>\n")
    }
}
