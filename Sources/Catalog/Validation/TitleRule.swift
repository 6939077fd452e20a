import Foundation

/// title-required and title-length: every context has a title of 1–256 UTF-16 code
/// units with visible text, in every locale where one is given.
enum TitleRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        checkApp(tree.config, into: &bag)
        for (_, context) in tree.published where !context.fields.isBroken && !context.isMissingIndex
            && !context.fields.unreadableKeys.contains("title") {
            guard let title = context.fields.title, title.defaultValue(tree.config.defaultLocale) != nil else {
                let location = context.fields.title?.location ?? context.source.location()
                bag.error("title-required", at: location,
                          "the context has no title\(context.fields.title == nil ? "" : " in the default locale \(tree.config.defaultLocale)"); add title: to the front matter")
                continue
            }
            checkLength(title, into: &bag)
            for translation in context.translations.values {
                if let own = translation.title { checkLength(own, into: &bag) }
            }
        }
    }

    private static func checkApp(_ config: CatalogConfig, into bag: inout DiagnosticBag) {
        guard let title = config.title else { return }
        if title.defaultValue(config.defaultLocale) == nil {
            bag.error("catalog-required", at: title.location,
                      "the app's title has no entry for the default locale \(config.defaultLocale); add one")
        }
        checkLength(title, into: &bag)
    }

    static func checkLength(_ title: Localized<String>, into bag: inout DiagnosticBag) {
        for text in [title.plain].compactMap({ $0 }) + title.byLocale.values.sorted() {
            if isBlank(text) {
                bag.error("title-length", at: title.location, "the title is blank; write a title with visible text")
            } else if text.appleLength > 256 {
                bag.error("title-length", at: title.location,
                          "the title has \(text.appleLength) characters, more than Apple's 256; shorten it")
            }
        }
    }

    /// Nothing a reader sees: white space, as `CharacterSet.whitespacesAndNewlines` trims it
    /// (Unicode's White_Space and, in Foundation's set, the zero-width space), and format
    /// characters (Unicode's Cf: the zero-width space too, a byte order mark, zero-width
    /// joiners, direction marks, a soft hyphen), which shape the text around them and show
    /// nothing alone. Decided without trimming a copy: titles in most scripts fail at their
    /// first scalar.
    static func isBlank(_ text: String) -> Bool {
        !text.startsWithVisibleASCII && text.unicodeScalars.allSatisfy {
            $0.properties.isWhitespace || $0.properties.generalCategory == .format
        }
    }
}
