/// Which built-in table a locale reads. The tables live in one file per group of
/// languages (`InterfaceStrings+Western.swift`…); adding a language is adding its table
/// to its group.
extension InterfaceStrings {
    /// Every built-in table by name: a language (`de`), or a language with its script
    /// or region where those read differently (`zh-hans`, `zh-hant`, `pt-pt`).
    static let builtIn: [String: [String: String]] = [
        western, nordic, central, southeastAndBaltic, cyrillic, greekAndTurkish, rightToLeft,
        indoAryan, marathiOdiaPunjabi, dravidian, eastAsian, southeastAsian,
    ].reduce(into: ["en": english, "en-gb": britishEnglish]) { all, group in all.merge(group) { first, _ in first } }

    /// Parents that dropping the last subtag does not find, as CLDR's `parentLocales`
    /// and Apple's system languages have them: Chinese by script (Taiwan, Hong Kong and
    /// Macau write Traditional), European Portuguese for the other countries that write
    /// it, British English for the countries whose schools teach "Maths" (CLDR's
    /// `en-001` group), and old or sister codes of a built-in language.
    static let parents: [String: String] = [
        "zh": "zh-hans", "zh-tw": "zh-hant", "zh-hk": "zh-hant", "zh-mo": "zh-hant",
        "pt-ao": "pt-pt", "pt-mz": "pt-pt", "pt-cv": "pt-pt", "pt-gw": "pt-pt", "pt-st": "pt-pt",
        "pt-tl": "pt-pt", "pt-ch": "pt-pt", "pt-lu": "pt-pt", "pt-gq": "pt-pt", "pt-mo": "pt-pt",
        "iw": "he", "in": "id", "no": "nb", "nn": "nb",
        "en-au": "en-gb", "en-nz": "en-gb", "en-ie": "en-gb", "en-in": "en-gb", "en-za": "en-gb",
        "en-sg": "en-gb", "en-hk": "en-gb", "en-my": "en-gb",
    ]

    /// The built-in table for `locale`: its own name, else its parent's, dropping one
    /// subtag at a time (`zh-hant-tw` → `zh-hant`, `es-419` → `es`); nil when none has one,
    /// or when the one found is written in the other direction (`pa-arab`, Punjabi in
    /// Arabic script, does not read the Gurmukhi table).
    static func tableName(for locale: LocaleID) -> String? {
        var candidate: Substring? = Substring(locale.rawValue)
        while let name = candidate {
            if builtIn[String(name)] != nil {
                return LocaleID(rawValue: String(name)).isRightToLeft == locale.isRightToLeft ? String(name) : nil
            }
            if let parent = parents[String(name)] {
                candidate = Substring(parent)
            } else {
                candidate = name.lastIndex(of: "-").map { name[..<$0] }
            }
        }
        return nil
    }
}
