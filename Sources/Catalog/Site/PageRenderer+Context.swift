extension PageRenderer {
    /// A context's page in one locale: what Schoolwork's activity picker shows (thumbnail,
    /// title, type, age, time, progress) and then the body, keywords, standards,
    /// children and the way to the previous and next sibling.
    /// `body` writes the body's HTML in place.
    /// The node's fields are read in place (`index.model.contexts[context]`) throughout:
    /// a copy of the node retains every field it holds, for every page.
    func contextPage(_ page: PageRef, into html: HTMLBuilder, body: (HTMLBuilder) -> Void) {
        guard let context = page.context, let version = version(context, page.locale) else { return }
        let labels = labels(page.locale)
        let lang = language(version, page: page.locale)
        html.raw("<main id=\"main\">\n<article class=\"context\">\n<div class=\"hero\">")
        thumbnail(context, title: version.title, root: SitePaths.rootPrefix(depth: index.depth(page)), size: 160, into: html)
        html.raw("<div class=\"hero-text\"><p class=\"eyebrow\">")
        html.text(typeName(index.model.contexts[context].type, version, labels))
        if let topic = index.model.contexts[context].topic {
            html.raw(" · ")
            html.text(labels.topicName(topic))
        }
        if index.model.contexts[context].isAssessment {
            html.raw(" · <strong>")
            html.text(labels.assessment)
            html.raw("</strong>")
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
        if let link = index.model.contexts[context].universalLinkURL {
            html.raw("<p><a class=\"button\" href=\"")
            html.text(link)
            html.raw("\">")
            html.text(labels.openInApp)
            html.raw("</a></p>")
        }
        html.raw("</div></div>\n")
        if lang.lang != nil {
            let language = index.defaultLocaleNames[page.locale] ?? index.defaultLocale.rawValue
            html.raw("<p class=\"note\" role=\"note\">")
            html.text(labels.strings.format("notTranslated", ["language": language]))
            html.raw("</p>\n")
        }
        facts(context, version, lang, labels, into: html)
        html.raw("<div class=\"body\"")
        html.language(lang)
        html.end()
        body(html)
        html.raw("</div>\n")
        lists(context, version, lang, labels, into: html)
        let children = index.children(of: page)
        if !children.isEmpty {
            html.element("h2", text: labels.contents)
            html.newline()
            cards(children, on: page, labels: labels, into: html)
        }
        pager(page, labels, into: html)
        html.raw("</article>\n</main>\n")
    }

    private func facts(_ context: Int, _ version: ContextVersion, _ lang: TextLanguage, _ labels: PageLabels,
                       into html: HTMLBuilder) {
        let contexts = index.model.contexts
        let strings = labels.strings
        html.raw("<section class=\"facts\" aria-labelledby=\"facts\"><h2 id=\"facts\" class=\"visually-hidden\">")
        html.text(labels.details)
        html.raw("</h2><dl>")
        func fact(_ label: String, _ value: String) {
            html.raw("<div><dt>")
            html.text(label)
            html.raw("</dt><dd>")
            html.text(value)
            html.raw("</dd></div>")
        }
        fact(labels.type, typeName(contexts[context].type, version, labels))
        if let topic = contexts[context].topic { fact(labels.topic, labels.topicName(topic)) }
        if let age = contexts[context].suggestedAge { fact(labels.suggestedAge, ageLabel(age, strings)) }
        if let time = contexts[context].suggestedCompletionTime {
            fact(labels.completionTime, completionTimeLabel(time, strings))
        }
        fact(labels.assignable, contexts[context].isAssignable ? labels.assignableYes : labels.assignableNo)
        if contexts[context].isAssessment { fact(labels.assessment, labels.assessmentYes) }
        html.raw("</dl>\n")
        if !version.progressReporting.isEmpty {
            html.element("h3", text: labels.progress)
            html.raw("<ul class=\"progress\">")
            for capability in version.progressReporting {
                html.raw("<li>")
                html.element("strong", text: labels.progressName(capability.kind))
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

    private func lists(_ context: Int, _ version: ContextVersion, _ lang: TextLanguage, _ labels: PageLabels,
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
        list(labels.keywords, version.keywords, lang)
        list(labels.standards, index.model.contexts[context].standardsAlignments, .inherit)
    }

    private func pager(_ page: PageRef, _ labels: PageLabels, into html: HTMLBuilder) {
        let (previous, next) = index.neighbours(of: page)
        guard previous != nil || next != nil else { return }
        html.raw("<nav class=\"pager\" aria-label=\"")
        html.text(labels.pager)
        html.raw("\">")
        func link(_ sibling: Int?, _ start: StaticString, _ label: String) {
            guard let sibling, let link = linkText(sibling, page.locale) else { return }
            html.raw(start)
            index.writeLink(from: page, to: PageRef(locale: page.locale, context: sibling), into: html)
            html.raw("\">")
            html.element("small", text: label)
            html.raw("<span")
            html.language(link.language)
            html.end()
            html.text(link.title)
            html.raw("</span></a>")
        }
        link(previous, "<a class=\"prev\" rel=\"prev\" href=\"", labels.previous)
        link(next, "<a class=\"next\" rel=\"next\" href=\"", labels.next)
        html.raw("</nav>\n")
    }
}
