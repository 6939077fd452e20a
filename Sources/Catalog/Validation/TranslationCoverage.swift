/// How many published contexts have each locale (content-format.md §5), for `validate`.
public struct TranslationCoverage: Sendable {
    public struct Entry: Sendable {
        public var locale: LocaleID
        public var translated: Int
        public var total: Int
        /// The defining files of the contexts that do not have the locale.
        public var missing: [String]
    }

    public var entries: [Entry]

    init(tree: ContentTree) {
        let locales = ContextLocales(config: tree.config)
        let published = tree.published.map(\.context)
        entries = tree.config.locales.map { locale in
            let missing = published.filter { !locales.has($0, locale) }.map(\.source.displayPath)
            return Entry(locale: locale, translated: published.count - missing.count, total: published.count, missing: missing)
        }
    }

    public var json: JSON {
        .object(entries.map { entry in
            (entry.locale.rawValue, .fields([
                "translated": .int(Int64(entry.translated)),
                "total": .int(Int64(entry.total)),
                "missing": .strings(entry.missing),
            ]))
        })
    }
}
