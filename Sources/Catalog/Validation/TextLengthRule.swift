/// summary-length: summaries (of contexts, translations and the home page) have at most
/// 4000 UTF-16 code units.
enum TextLengthRule: ContentRule {
    static let limit = 4000

    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        // In the same order as before, without collecting copies of every ContextFields.
        if let home = tree.home { check(home.summary, into: &bag) }
        for fields in tree.homeTranslations.values { check(fields.summary, into: &bag) }
        for (_, context) in tree.published {
            check(context.fields.summary, into: &bag)
            for fields in context.translations.values { check(fields.summary, into: &bag) }
        }
    }

    private static func check(_ summary: Localized<String>?, into bag: inout DiagnosticBag) {
        guard let summary else { return }
        for text in [summary.plain].compactMap({ $0 }) + summary.byLocale.values.sorted() where text.appleLength > limit {
            bag.error("summary-length", at: summary.location,
                      "the summary has \(text.appleLength) characters, more than Apple's \(limit); shorten it and move the rest into the body")
        }
    }
}
