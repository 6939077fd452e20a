/// container-assignable: books, courses and chapters with children are not assignable.
enum ContainerAssignableRule: ContentRule {
    static let containerTypes: Set<ContextType> = [.book, .course]

    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        for (_, context) in tree.published {
            guard let assignable = context.fields.assignable, assignable.value else { continue }
            let type = context.fields.type?.value ?? (context.isDirectory ? (context.parent == nil ? .book : .chapter) : .section)
            let hasChildren = context.children.contains { !tree.contexts[$0].isDraft }
            guard containerTypes.contains(type) || (type == .chapter && hasChildren) else { continue }
            bag.warning("container-assignable", at: assignable.location,
                        "this \(type.rawValue) holds other activities; Apple advises that containers are not assignable, so teachers assign the activities inside")
        }
    }
}

/// assignable-summary: an assignable activity has a summary teachers can read.
enum AssignableSummaryRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        for (_, context) in tree.published where !context.fields.isBroken && !context.isMissingIndex
            && !context.fields.unreadableKeys.contains("summary") {
            let assignable = context.fields.assignable?.value ?? !context.isDirectory
            guard assignable, context.fields.summary?.defaultValue(tree.config.defaultLocale) == nil else { continue }
            bag.warning("assignable-summary", at: context.fields.title?.location ?? context.source.location(),
                        "this assignable activity has no summary; teachers choose activities by their summary, so add one or two sentences")
        }
    }
}

/// progress-details-untranslated: a translation translates progress details.
enum ProgressDetailsRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        let defaultLocale = tree.config.defaultLocale
        // Thousands of files get one of a few texts: each text is kept once.
        var messages = Set<String>()
        for (_, context) in tree.published {
            guard let original = context.fields.progressReporting, !original.value.isEmpty else { continue }
            // The locales sorted, not the pairs (whose copy copied every translation).
            for locale in context.translations.keys.sorted() {
                let translated = context.translations[locale]?.progressReporting?.value ?? []
                let untranslated = original.value.filter { field in
                    guard let details = field.details?.defaultValue(defaultLocale), !details.isEmpty else { return false }
                    let own = translated.first { $0.kind == field.kind }?.details?.plain
                    return own == nil && field.details?.byLocale[locale] == nil
                }
                guard !untranslated.isEmpty else { continue }
                let message = messages.insert("the \(locale) translation does not translate the details of \(untranslated.map(\.kind.rawValue).joined(separator: ", ")); add progressReporting with translated details").memberAfterInsert
                bag.warning("progress-details-untranslated", at: context.translations[locale]?.title?.location ?? original.location, message)
            }
        }
    }
}

/// title-untranslated: a title identical in every locale of a translated context.
enum TitleUntranslatedRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        guard tree.config.locales.count > 1 else { return }
        let locales = ContextLocales(config: tree.config)
        for (_, context) in tree.published {
            guard let title = context.fields.title, let original = title.defaultValue(tree.config.defaultLocale) else { continue }
            let others = tree.config.locales.filter { $0 != tree.config.defaultLocale && locales.has(context, $0) }
            guard !others.isEmpty else { continue }
            let texts = others.map { context.translations[$0]?.title?.plain ?? title.byLocale[$0] ?? original }
            guard texts.allSatisfy({ $0 == original }), tree.config.locales.count == others.count + 1 else { continue }
            bag.warning("title-untranslated", at: title.location,
                        "the title '\(original)' is the same in every locale; translate it (or ignore this for a proper name)")
        }
    }
}
