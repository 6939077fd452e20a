import Testing
@testable import Catalog

/// The built-in tables: every key in every table, nothing else, nothing empty, the
/// placeholders of English kept, and each label with a number in every plural form
/// its language uses.
private let baseKeys = Set(InterfaceStrings.english.keys.filter { !isVariant($0) })

private func isVariant(_ key: String) -> Bool {
    guard let dot = key.lastIndex(of: ".") else { return false }
    return InterfaceStrings.pluralKeys.contains(String(key[..<dot]))
        && PluralCategory(rawValue: String(key[key.index(after: dot)...])) != nil
}

private func placeholders(_ text: String) -> Set<String> {
    var names: Set<String> = [], rest = Substring(text)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
        names.insert(String(rest[rest.index(after: open)..<close]))
        rest = rest[rest.index(after: close)...]
    }
    return names
}

/// The categories a language gives the numbers the site shows (0…9999), and those that
/// hold one number only (Arabic's `two` is 2; Russian's `one` is 1, 21, 31…).
private func categories(_ language: String) -> (all: Set<PluralCategory>, singleNumber: Set<PluralCategory>) {
    var counts: [PluralCategory: Int] = [:]
    for n in Int64(0)...9999 { counts[PluralRules.category(n, language: language), default: 0] += 1 }
    return (Set(counts.keys), Set(counts.filter { $0.value == 1 }.keys))
}

@Test(arguments: InterfaceStrings.builtIn.keys.sorted())
func everyTableHasEveryKeyAndNothingElse(table name: String) throws {
    let table = try #require(InterfaceStrings.builtIn[name])
    let (used, singleNumber) = categories(name)
    #expect(PluralRules.knows(name), "\(name) has no plural rules")
    #expect(Set(table.keys.filter { !isVariant($0) }) == baseKeys, "\(name): missing \(baseKeys.subtracting(table.keys).sorted())")
    for (key, value) in table {
        #expect(!value.trimmingCharacters(in: .whitespaces).isEmpty, "\(name).\(key) is empty")
        guard let dot = key.lastIndex(of: "."), isVariant(key) else {
            #expect(placeholders(value) == placeholders(InterfaceStrings.english[key] ?? ""), "\(name).\(key)")
            continue
        }
        let base = String(key[..<dot]), category = try #require(PluralCategory(rawValue: String(key[key.index(after: dot)...])))
        #expect(category != .other && used.contains(category), "\(name).\(key): \(name) has no \(category) numbers")
        let expected = placeholders(InterfaceStrings.english[base] ?? "")
        let mayDropNumber = singleNumber.contains(category) && ["ageExact", "results"].contains(base)
        #expect(placeholders(value) == expected || (mayDropNumber && placeholders(value).isEmpty), "\(name).\(key)")
    }
    for key in InterfaceStrings.pluralKeys {
        let given = Set(used.filter { table["\(key).\($0.rawValue)"] != nil })
        let needed = used.subtracting([.other])
        #expect(given.isEmpty || given == needed, "\(name).\(key) has forms \(given) of \(needed)")
    }
}

@Test func theBuiltInLanguagesAreIPadOSsSystemLanguages() {
    #expect(InterfaceStrings.builtIn.keys.sorted() == [
        "ar", "bg", "bn", "ca", "cs", "da", "de", "el", "en", "en-gb", "es", "fi", "fr", "gu", "he", "hi", "hr", "hu", "id",
        "it", "ja", "kk", "kn", "ko", "lt", "ml", "mr", "ms", "nb", "nl", "or", "pa", "pl", "pt", "pt-pt", "ro",
        "ru", "sk", "sl", "sv", "ta", "te", "th", "tr", "uk", "ur", "vi", "zh-hans", "zh-hant",
    ])
    for language in ["ar", "he", "ur"] { #expect(LocaleID(rawValue: language).isRightToLeft) }
}

@Test(arguments: [
    ("zh", "zh-hans"), ("zh-cn", "zh-hans"), ("zh-sg", "zh-hans"), ("zh-hans-hk", "zh-hans"),
    ("zh-tw", "zh-hant"), ("zh-hk", "zh-hant"), ("zh-mo", "zh-hant"), ("zh-hant-hk", "zh-hant"),
    ("pt", "pt"), ("pt-br", "pt"), ("pt-pt", "pt-pt"), ("pt-ao", "pt-pt"), ("pt-mz", "pt-pt"),
    ("es-419", "es"), ("es-mx", "es"), ("es-es", "es"), ("fr-ca", "fr"), ("de-at", "de"),
    ("en-us", "en"), ("en-ca", "en"), ("en-gb", "en-gb"), ("en-au", "en-gb"), ("en-in", "en-gb"),
    ("no", "nb"), ("nb-no", "nb"), ("nn", "nb"), ("iw", "he"), ("in", "id"), ("ar-sa", "ar"), ("he-il", "he"),
])
func localesFallBackToTheirTable(locale: String, table: String) {
    #expect(InterfaceStrings.tableName(for: LocaleID(rawValue: locale)) == table)
    #expect(InterfaceStrings(locale: LocaleID(rawValue: locale), settings: SiteSettings()).tableName == table)
}

@Test func aScriptSubtagDecidesTheDirectionAndKeepsTablesOfTheOtherScriptAway() {
    for rtl in ["ar", "ar-sa", "he-il", "ur-pk", "fa", "ug", "pa-arab", "uz-arab-af", "ms-arab", "ks"] {
        #expect(LocaleID(rawValue: rtl).isRightToLeft, "\(rtl)")
    }
    for ltr in ["en", "en-us", "pa", "pa-guru", "sd-deva", "zh-hant-tw", "az-latn", "ar-latn", "es-419", "fil"] {
        #expect(!LocaleID(rawValue: ltr).isRightToLeft, "\(ltr)")
    }
    #expect(InterfaceStrings.tableName(for: LocaleID(rawValue: "pa-arab")) == nil)
    #expect(InterfaceStrings.tableName(for: LocaleID(rawValue: "pa-guru-in")) == "pa")
    #expect(InterfaceStrings.tableName(for: LocaleID(rawValue: "kk-arab")) == nil)
}

@Test func aLocaleWithoutATableReadsEnglish() {
    #expect(InterfaceStrings.tableName(for: LocaleID(rawValue: "sw-ke")) == nil)
    let strings = InterfaceStrings(locale: LocaleID(rawValue: "sw-ke"), settings: SiteSettings())
    #expect(strings["skipToContent"] == "Skip to content")
    #expect(Formatting.age(ClosedIntRange(lower: 1, upper: 1), strings) == "1 year")
}

@Test func everyTypeTopicAndProgressKindHasAName() {
    for type in ContextType.allCases { #expect(baseKeys.contains("type.\(type.rawValue)")) }
    for topic in Topic.allCases { #expect(baseKeys.contains("topic.\(topic.rawValue)")) }
    for kind in ProgressKind.allCases { #expect(baseKeys.contains("progress.\(kind.rawValue)")) }
}

@Test func britishEnglishSaysMathsAndNothingElseDiffers() throws {
    let british = try #require(InterfaceStrings.builtIn["en-gb"])
    #expect(british.filter { InterfaceStrings.english[$0.key] != $0.value } == ["topic.math": "Maths"])
    #expect(InterfaceStrings(locale: LocaleID(rawValue: "en-au"), settings: SiteSettings()).topicName(.math) == "Maths")
    #expect(InterfaceStrings(locale: LocaleID(rawValue: "en-us"), settings: SiteSettings()).topicName(.math) == "Math")
}
