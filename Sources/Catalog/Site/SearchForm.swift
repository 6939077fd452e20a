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
    func searchPanel(_ locale: LocaleID, depth: Int, isSearchPage: Bool, into html: inout HTMLBuilder) {
        let strings = strings(locale)
        let root = SitePaths.rootPrefix(depth: depth)
        html.open("section", ["class": "search-panel", "aria-labelledby": "search-title", "data-search": "",
                              "data-search-page": isSearchPage ? "" : nil, "data-root": root,
                              "data-locale": locale.rawValue, "data-many": strings["results"], "data-one": strings["result"],
                              "data-none": strings["noResults"], "data-error": strings["searchUnavailable"]])
        // The label says what the box is for; the heading is for screen-reader navigation.
        html.element("h2", ["id": "search-title", "class": "visually-hidden"], text: strings["search"])
        html.open("form", ["role": "search", "action": root + "search/" + SitePaths.href(locale.rawValue) + "/index.html",
                           "method": "get"])
        html.element("label", ["for": "search-q"], text: strings["searchLabel"])
        html.raw("<div class=\"search-row\">")
        html.open("input", ["type": "search", "id": "search-q", "name": "q", "autocomplete": "off"])
        html.element("button", ["type": "submit"], text: strings["searchButton"])
        html.raw("</div>\n<fieldset class=\"filters\">")
        html.element("legend", text: strings["filters"])
        let options = filterOptions[locale] ?? SearchFilterOptions()
        select("age", strings["filterAge"], FilterBuckets.ages.map { ($0.id, FilterBuckets.ageLabel($0, strings)) }, strings, &html)
        select("time", strings["filterTime"], FilterBuckets.times.map { ($0.id, FilterBuckets.timeLabel($0, strings)) }, strings, &html)
        select("type", strings["filterType"], options.types, strings, &html)
        select("topic", strings["filterTopic"], options.topics, strings, &html)
        select("progress", strings["filterProgress"], options.progress, strings, &html)
        html.raw("</fieldset>\n</form>\n")
        html.raw("<p class=\"search-status\" role=\"status\" data-search-status></p>\n")
        html.raw("<ul class=\"cards results\" data-search-results></ul>\n")
        html.open("button", ["type": "button", "class": "more", "data-search-more": "", "hidden": ""])
        html.text(strings["showMore"])
        html.raw("</button>\n</section>\n")
    }

    private func select(_ name: String, _ label: String, _ options: [(value: String, label: String)],
                        _ strings: InterfaceStrings, _ html: inout HTMLBuilder) {
        guard !options.isEmpty else { return }
        html.raw("<label>")
        html.text(label)
        html.open("select", ["name": name])
        html.element("option", ["value": ""], text: strings["any"])
        for option in options { html.element("option", ["value": option.value], text: option.label) }
        html.raw("</select></label>\n")
    }
}
