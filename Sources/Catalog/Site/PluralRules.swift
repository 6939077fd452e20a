/// CLDR's plural categories. A label whose words change with a number ("1 year",
/// "2 years"; Russian "1 год", "2 года", "5 лет") has a variant per category in its
/// table: `ageExact.one`, `ageExact.few`…, and `ageExact` itself for `other`.
enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

/// CLDR's plural rules for whole numbers (operands with `v = 0`, `e = 0`), the only
/// numbers the site shows: ages, minutes, hours and result counts. Each rule is the
/// CLDR rule of its language written out; a language not listed here is read with
/// English's rule, because its labels fall back to English.
enum PluralRules {
    typealias Rule = @Sendable (Int64) -> PluralCategory

    /// `language` is a built-in table's name (`pt-pt`) or a language (`ru`).
    static func category(_ n: Int64, language: String) -> PluralCategory {
        rule(language)(n)
    }

    private static func rule(_ language: String) -> Rule {
        rules[language] ?? rules[String(language.prefix { $0 != "-" })] ?? oneForOne
    }

    /// The category of a range such as "2–4", as CLDR's `pluralRanges` give it: the
    /// end's category, but for the pairs listed in `rangeExceptions` (in English "0–1
    /// years" is plural; in Slovenian a range ending in 1 takes `few`).
    static func rangeCategory(_ start: Int64, _ end: Int64, language: String) -> PluralCategory {
        let first = category(start, language: language), last = category(end, language: language)
        let exceptions = rangeExceptions[language] ?? rangeExceptions[String(language.prefix { $0 != "-" })] ?? [:]
        return exceptions["\(first.rawValue)+\(last.rawValue)"] ?? last
    }

    /// CLDR's `pluralRanges` pairs whose result is not the end's category, for the
    /// languages the site has rules for (`pt-pt` before `pt`, whose Brazilian rule has none).
    static let rangeExceptions: [String: [String: PluralCategory]] = {
        var exceptions: [String: [String: PluralCategory]] = [
            "pt": [:],
            "sl": ["other+one": .few, "one+one": .few, "two+one": .few, "few+one": .few],
            "ro": ["few+one": .few],
            "ar": ["zero+one": .zero, "zero+two": .zero, "one+two": .other],
            "he": ["other+one": .other, "other+two": .other, "one+two": .other],
        ]
        for language in ["en", "sv", "fi", "nb", "bg", "ur", "mr", "pt-pt", "es", "ca"] {
            exceptions[language] = ["other+one": .other]
        }
        exceptions["iw"] = exceptions["he"]
        exceptions["no"] = exceptions["nb"]
        return exceptions
    }()

    /// Whether a language has a rule of its own here (the rest use English's).
    static func knows(_ language: String) -> Bool { rules[String(language.prefix { $0 != "-" })] != nil }

    // MARK: The rules

    private static let onlyOther: Rule = { _ in .other }
    /// one: n = 1 (and i = 1, v = 0, the same for whole numbers).
    private static let oneForOne: Rule = { $0 == 1 ? .one : .other }
    /// one: i = 0 or n = 1.
    private static let oneForZeroAndOne: Rule = { $0 == 0 || $0 == 1 ? .one : .other }
    /// Romance languages: one as `one`, and `many` for whole millions (e = 0, i % 1000000 = 0).
    private static func romance(_ one: @escaping @Sendable (Int64) -> Bool) -> Rule {
        { n in one(n) ? .one : (n != 0 && n % 1_000_000 == 0 ? .many : .other) }
    }

    /// ru, uk: one ends in 1 but not 11; few ends in 2–4 but not 12–14; the rest many.
    private static let eastSlavic: Rule = { n in
        let (d, h) = (n % 10, n % 100)
        if d == 1 && h != 11 { return .one }
        return (2...4).contains(d) && !(12...14).contains(h) ? .few : .many
    }
    /// hr, sr, bs: as East Slavic, with `other` for the rest (many is not used).
    private static let southSlavic: Rule = { n in
        let category = eastSlavic(n)
        return category == .many ? .other : category
    }
    private static let polish: Rule = { n in
        let (d, h) = (n % 10, n % 100)
        if n == 1 { return .one }
        return (2...4).contains(d) && !(12...14).contains(h) ? .few : .many
    }
    /// cs, sk: one 1, few 2–4 (many is for fractions).
    private static let westSlavic: Rule = { n in n == 1 ? .one : ((2...4).contains(n) ? .few : .other) }
    private static let slovenian: Rule = { n in
        switch n % 100 {
        case 1: .one
        case 2: .two
        case 3, 4: .few
        default: .other
        }
    }
    private static let lithuanian: Rule = { n in
        let (d, h) = (n % 10, n % 100)
        if (11...19).contains(h) { return .other }
        return d == 1 ? .one : (d >= 2 ? .few : .other)
    }
    private static let romanian: Rule = { n in
        if n == 1 { return .one }
        return n == 0 || (1...19).contains(n % 100) ? .few : .other
    }
    private static let arabic: Rule = { n in
        switch n {
        case 0: return .zero
        case 1: return .one
        case 2: return .two
        default:
            let h = n % 100
            return (3...10).contains(h) ? .few : ((11...99).contains(h) ? .many : .other)
        }
    }
    private static let hebrew: Rule = { n in n == 1 ? .one : (n == 2 ? .two : .other) }

    private static let rules: [String: Rule] = {
        var rules: [String: Rule] = [
            "ar": arabic, "he": hebrew, "iw": hebrew, "ru": eastSlavic, "uk": eastSlavic, "pl": polish,
            "cs": westSlavic, "sk": westSlavic, "hr": southSlavic, "sr": southSlavic, "bs": southSlavic,
            "sl": slovenian, "lt": lithuanian, "ro": romanian,
            "fr": romance { $0 == 0 || $0 == 1 }, "pt": romance { $0 == 0 || $0 == 1 },
            "pt-pt": romance { $0 == 1 }, "es": romance { $0 == 1 }, "it": romance { $0 == 1 }, "ca": romance { $0 == 1 },
        ]
        for language in ["ja", "ko", "zh", "th", "vi", "id", "ms"] { rules[language] = onlyOther }
        for language in ["en", "de", "nl", "sv", "da", "fi", "nb", "no", "el", "hu", "tr", "bg", "kk", "ur",
                         "mr", "ml", "or", "ta", "te"] {
            rules[language] = oneForOne
        }
        for language in ["hi", "bn", "gu", "kn", "pa"] { rules[language] = oneForZeroAndOne }
        return rules
    }()
}
