/// The `lang` and `dir` a piece of text needs inside a page of another locale: set only
/// when the text is a fallback in the default locale.
struct TextLanguage: Sendable {
    var lang: String?
    var dir: String?

    static let inherit = TextLanguage(lang: nil, dir: nil)

    static func of(_ version: ContextVersion, page: LocaleID, defaultLocale: LocaleID) -> TextLanguage {
        guard version.isFallback, page != defaultLocale else { return .inherit }
        let direction = defaultLocale.isRightToLeft == page.isRightToLeft ? nil : (defaultLocale.isRightToLeft ? "rtl" : "ltr")
        return TextLanguage(lang: defaultLocale.rawValue, dir: direction)
    }
}

extension HTMLBuilder {
    /// ` lang="…" dir="…"`, each only when set.
    func language(_ language: TextLanguage) {
        attribute("lang", language.lang)
        attribute("dir", language.dir)
    }
}
