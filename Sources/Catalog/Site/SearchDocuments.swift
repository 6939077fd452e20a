/// Turns pages into search documents and the filter options a locale offers.
enum SearchDocuments {
    /// - Parameter body: the page's body, whose plain text is searched (weakly).
    /// - Parameter bodyBytes: the length of the body's Markdown.
    static func document(_ page: PageRef, body: MarkdownDocument?, bodyBytes: Int, renderer: PageRenderer) -> SearchDocument {
        let index = renderer.index
        guard let context = page.context, let version = renderer.version(context, page.locale) else {
            preconditionFailure("search documents are made for pages of present contexts")
        }
        // Fields read where they are: `let node = contexts[context]` copied the whole node,
        // retaining every list and string it holds, for four small fields.
        let contexts = index.model.contexts
        let strings = renderer.strings(page.locale)
        var facets: [String: [String]] = [
            "type": [contexts[context].type.rawValue],
            "age": FilterBuckets.matching(contexts[context].suggestedAge, in: FilterBuckets.ages),
            "time": FilterBuckets.matching(contexts[context].suggestedCompletionTime, in: FilterBuckets.times),
            "progress": version.progressReporting.map(\.kind.rawValue),
        ]
        if let topic = contexts[context].topic { facets["topic"] = [topic.rawValue] }
        return SearchDocument(
            title: version.title, path: SitePaths.href(index.diskPath(page)), summary: version.summary ?? "",
            thumbnail: index.thumbnailPath(context) ?? "", meta: renderer.metaLine(context, version, strings),
            lang: version.isFallback && page.locale != index.defaultLocale ? index.defaultLocale.rawValue : "",
            terms: SearchTerms(strong: [version.title] + version.keywords,
                               weak: [.string(version.summary ?? ""), .body(body, byteCount: bodyBytes),
                                      .string(version.customTypeName ?? "")]),
            facets: facets)
    }

    /// Types, topics and progress kinds that some document of the locale has, by label.
    static func filterOptions(_ documents: [SearchDocument], strings: InterfaceStrings) -> SearchFilterOptions {
        var types = Set<String>(), topics = Set<String>(), progress = Set<String>()
        for document in documents {
            for (name, values) in document.facets {
                switch name {
                case "type": types.formUnion(values)
                case "topic": topics.formUnion(values)
                case "progress": progress.formUnion(values)
                default: break
                }
            }
        }
        func sorted(_ options: [(value: String, label: String)]) -> [(value: String, label: String)] {
            options.sorted { ($0.label, $0.value) < ($1.label, $1.value) }
        }
        return SearchFilterOptions(
            types: sorted(ContextType.allCases.filter { types.contains($0.rawValue) }.map { ($0.rawValue, strings.typeName($0)) }),
            topics: sorted(Topic.allCases.filter { topics.contains($0.rawValue) }.map { ($0.rawValue, strings.topicName($0)) }),
            progress: sorted(ProgressKind.allCases.filter { progress.contains($0.rawValue) }.map { ($0.rawValue, strings.progressName($0)) }))
    }
}
