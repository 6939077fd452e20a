/// The values the search filters offer in one locale: the fixed age and time buckets,
/// and the types, topics and progress kinds that the locale's contexts use.
struct SearchFilterOptions: Sendable {
    var types: [(value: String, label: String)] = []
    var topics: [(value: String, label: String)] = []
    var progress: [(value: String, label: String)] = []
}

extension PageRenderer {
    /// The search form with its filters and the (script-filled) result list. Without
    /// JavaScript the form submits to the search page, which says that search needs it.
    func searchPanel(_ locale: LocaleID, depth: Int, isSearchPage: Bool, into html: HTMLBuilder) {
        let strings = strings(locale)
        let root = SitePaths.rootPrefix(depth: depth)
        html.raw("<section class=\"search-panel\" aria-labelledby=\"search-title\" data-search")
        html.attribute("data-search-page", isSearchPage ? "" : nil)
        html.attribute("data-root", root)
        html.attribute("data-locale", locale.rawValue)
        html.attribute("data-many", strings["results"])
        html.attribute("data-one", strings["result"])
        // The other plural forms of the count, which the script picks with Intl.PluralRules.
        for (category, text) in strings.variants("results") { html.attribute(Self.pluralAttribute(category), text) }
        html.attribute("data-none", strings["noResults"])
        html.attribute("data-error", strings["searchUnavailable"])
        html.end()
        // The label says what the box is for; the heading is for screen-reader navigation.
        html.raw("<h2 id=\"search-title\" class=\"visually-hidden\">")
        html.text(strings["search"])
        html.raw("</h2><form role=\"search\"")
        html.attribute("action", root + "search/" + SitePaths.href(locale.rawValue) + "/index.html")
        html.raw(" method=\"get\"><label for=\"search-q\">")
        html.text(strings["searchLabel"])
        html.raw("</label><div class=\"search-row\">")
        html.raw("<input type=\"search\" id=\"search-q\" name=\"q\" autocomplete=\"off\"><button type=\"submit\">")
        html.text(strings["searchButton"])
        html.raw("</button></div>\n<fieldset class=\"filters\">")
        html.element("legend", text: strings["filters"])
        let options = filterOptions[locale] ?? SearchFilterOptions()
        select("age", strings["filterAge"], FilterBuckets.ages.map { ($0.id, FilterBuckets.ageLabel($0, strings)) }, strings, html)
        select("time", strings["filterTime"], FilterBuckets.times.map { ($0.id, FilterBuckets.timeLabel($0, strings)) }, strings, html)
        select("type", strings["filterType"], options.types, strings, html)
        select("topic", strings["filterTopic"], options.topics, strings, html)
        select("progress", strings["filterProgress"], options.progress, strings, html)
        html.raw("</fieldset>\n</form>\n")
        html.raw("<p class=\"search-status\" role=\"status\" data-search-status></p>\n")
        html.raw("<ul class=\"cards results\" data-search-results></ul>\n")
        html.raw("<button type=\"button\" class=\"more\" data-search-more hidden>")
        html.text(strings["showMore"])
        html.raw("</button>\n</section>\n")
    }

    private static func pluralAttribute(_ category: PluralCategory) -> StaticString {
        switch category {
        case .zero: "data-plural-zero"
        case .one: "data-plural-one"
        case .two: "data-plural-two"
        case .few: "data-plural-few"
        case .many: "data-plural-many"
        case .other: "data-plural-other"
        }
    }

    private func select(_ name: String, _ label: String, _ options: [(value: String, label: String)],
                        _ strings: InterfaceStrings, _ html: HTMLBuilder) {
        guard !options.isEmpty else { return }
        html.raw("<label>")
        html.text(label)
        html.start("select")
        html.attribute("name", name)
        html.raw("><option value>")
        html.text(strings["any"])
        html.raw("</option>")
        for option in options {
            html.start("option")
            html.attribute("value", option.value)
            html.end()
            html.text(option.label)
            html.close("option")
        }
        html.raw("</select></label>\n")
    }
}
