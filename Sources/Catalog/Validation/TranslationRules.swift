/// translation-progress: a translation lists the original's progress kinds in order.
enum TranslationProgressRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        for (_, context) in tree.published {
            let original = context.fields.progressReporting?.value.map(\.kind) ?? []
            // The locales sorted, not the pairs: a sorted copy of the pairs copied every
            // field of every translation.
            for locale in context.translations.keys.sorted() {
                guard let own = context.translations[locale]?.progressReporting, own.value.map(\.kind) != original else { continue }
                let expected = original.isEmpty ? "none (the original has no progressReporting)"
                    : original.map(\.rawValue).joined(separator: ", ")
                bag.error("translation-progress", at: own.location,
                          "the translation lists \(own.value.map(\.kind.rawValue).joined(separator: ", ")); it must list the original's kinds in the same order: \(expected)")
            }
        }
    }
}

/// missing-translation: with `missingTranslation: error`, every context has every locale.
enum MissingTranslationRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        guard tree.config.missingTranslation == .error else { return }
        let locales = ContextLocales(config: tree.config)
        for (_, context) in tree.published where !context.isMissingIndex {
            let missing = tree.config.locales.filter { !locales.has(context, $0) }
            guard !missing.isEmpty else { continue }
            let names = missing.map(\.rawValue).joined(separator: ", ")
            bag.error("missing-translation", at: context.source.location(),
                      "this context has no translation in \(names), and catalog.yml sets missingTranslation: error; add \(missing.map { translationName(context, $0) }.joined(separator: ", "))")
        }
    }

    private static func translationName(_ context: LoadedContext, _ locale: LocaleID) -> String {
        context.isDirectory ? "index.\(locale).md" : "\(context.name).\(locale).md"
    }
}
