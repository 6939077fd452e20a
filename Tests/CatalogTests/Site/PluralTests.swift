import Foundation
import Testing
@testable import Catalog

/// CLDR's plural categories for whole numbers, and the labels they pick.
@Test(arguments: [
    ("en", [0: "other", 1: "one", 2: "other", 21: "other"]),
    ("fr", [0: "one", 1: "one", 2: "other", 1_000_000: "many"]),
    ("pt", [0: "one", 1: "one", 2: "other"]),
    ("pt-pt", [0: "other", 1: "one", 2: "other"]),
    ("ru", [1: "one", 2: "few", 4: "few", 5: "many", 11: "many", 12: "many", 21: "one", 22: "few", 111: "many"]),
    ("uk", [1: "one", 3: "few", 14: "many", 31: "one", 104: "few"]),
    ("pl", [1: "one", 2: "few", 5: "many", 12: "many", 21: "many", 22: "few", 0: "many"]),
    ("cs", [1: "one", 2: "few", 4: "few", 5: "other", 22: "other"]),
    ("hr", [1: "one", 2: "few", 5: "other", 11: "other", 21: "one", 23: "few"]),
    ("sl", [1: "one", 2: "two", 3: "few", 5: "other", 101: "one", 102: "two", 104: "few"]),
    ("lt", [1: "one", 2: "few", 9: "few", 10: "other", 11: "other", 21: "one"]),
    ("ro", [0: "few", 1: "one", 2: "few", 19: "few", 20: "other", 101: "few"]),
    ("ar", [0: "zero", 1: "one", 2: "two", 3: "few", 10: "few", 11: "many", 99: "many", 100: "other", 103: "few"]),
    ("he", [1: "one", 2: "two", 3: "other", 20: "other"]),
    ("hi", [0: "one", 1: "one", 2: "other"]),
    ("ja", [0: "other", 1: "other", 2: "other"]),
])
func pluralCategoriesFollowCLDR(language: String, expected: [Int64: String]) {
    for (n, category) in expected {
        #expect(PluralRules.category(n, language: language).rawValue == category, "\(language) \(n)")
    }
}

@Test func rangesTakeTheirEndsCategoryButWhereCLDRSaysOtherwise() {
    func range(_ a: Int64, _ b: Int64, _ language: String) -> String { PluralRules.rangeCategory(a, b, language: language).rawValue }
    #expect(range(2, 4, "ru") == "few")
    #expect(range(9, 11, "ru") == "many")
    #expect(range(5, 21, "ru") == "one")
    #expect(range(0, 1, "en") == "other")
    #expect(range(0, 1, "de") == "one")
    #expect(range(1, 2, "ar") == "other")
    #expect(range(0, 2, "ar") == "zero")
    #expect(range(3, 10, "ar") == "few")
    #expect(range(1, 2, "he") == "other")
    #expect(range(5, 101, "sl") == "few")
    #expect(range(0, 1, "ro") == "few")
    #expect(range(2, 4, "pt-pt") == "other")
}

private func strings(_ locale: String, _ overrides: [String: String] = [:]) -> InterfaceStrings {
    let id = LocaleID(rawValue: locale)
    return InterfaceStrings(locale: id, settings: SiteSettings(strings: overrides.isEmpty ? [:] : [id: overrides]))
}

private func age(_ lower: Int64, _ upper: Int64, _ strings: InterfaceStrings) -> String {
    Formatting.age(ClosedIntRange(lower: lower, upper: upper), strings)
}

@Test func agesTakeThePluralFormOfTheirNumber() {
    let open = ClosedIntRange.unboundedUpper
    let russian = strings("ru")
    #expect([1, 2, 5, 21, 22, 25].map { age($0, $0, russian) } == ["1 год", "2 года", "5 лет", "21 год", "22 года", "25 лет"])
    #expect(age(2, 4, russian) == "2–4 года")
    #expect(age(9, 11, russian) == "9–11 лет")
    #expect(age(1, open, russian) == "от 1 года")
    #expect(age(9, open, russian) == "от 9 лет")
    let polish = strings("pl")
    #expect([1, 3, 12, 22].map { age($0, $0, polish) } == ["1 rok", "3 lata", "12 lat", "22 lata"])
    let arabic = strings("ar")
    #expect([1, 2, 3, 11, 100].map { age($0, $0, arabic) } == ["سنة واحدة", "سنتان", "3 سنوات", "11 سنة", "100 سنة"])
    #expect(age(9, open, arabic) == "9+ سنوات")
    #expect(age(9, 11, arabic) == "9–11 سنة")
    #expect(age(1, 1, strings("en-us")) == "1 year")
    #expect(age(0, 1, strings("en-us")) == "0–1 years")
    #expect(age(1, 1, strings("de")) == "1 Jahr")
    #expect(age(6, 8, strings("he")) == "גילאי 6–8")
}

@Test func timesTakeThePluralFormOfTheirNumber() {
    func time(_ lower: Int64, _ upper: Int64, _ locale: String) -> String {
        Formatting.completionTime(ClosedIntRange(lower: lower, upper: upper), strings(locale))
    }
    #expect(time(5, 5, "ar") == "5 دقائق")
    #expect(time(15, 20, "ar") == "15–20 دقيقة")
    #expect(time(60, 120, "ar") == "1–2 ساعة")
    #expect(time(1, 1, "el") == "1 λεπτό")
    #expect(time(120, 120, "el") == "2 ώρες")
    #expect(time(60, 60, "te") == "1 గంట")
    let greek = strings("el")
    #expect(FilterBuckets.times.map { FilterBuckets.timeLabel($0, greek) }
        == ["Έως 15 λεπτά", "15–30 λεπτά", "30–60 λεπτά", "Πάνω από 1 ώρα"])
}

@Test func aSitesOwnStringReplacesEveryPluralFormOfIt() {
    let russian = strings("ru", ["ageExact": "возраст {age}"])
    #expect(age(1, 1, russian) == "возраст 1")
    #expect(age(2, 2, russian) == "возраст 2")
    #expect(age(2, 4, russian) == "2–4 года")
    let withForms = strings("ru", ["ageExact": "{age} лет", "ageExact.one": "{age} годик"])
    #expect(age(21, 21, withForms) == "21 годик")
    #expect(age(3, 3, withForms) == "3 лет")
}

@Test func theSearchPanelCarriesTheCountsPluralForms() {
    let russian = strings("ru")
    #expect(russian.variants("results").map(\.category) == [.one, .few, .many])
    #expect(strings("en").variants("results").isEmpty)
}

/// ICU's answers (Tests/Fixtures/plurals/cldr.json, written by generate.js beside it):
/// every number 0…200 and every range within 0…40 in every language with rules here.
@Test func pluralRulesAgreeWithICU() throws {
    struct Expected: Decodable { var numbers: String; var ranges: String }
    struct File: Decodable { var languages: [String: Expected] }
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/plurals/cldr.json")
    let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
    let letter: [PluralCategory: Character] = [.zero: "z", .one: "o", .two: "t", .few: "f", .many: "m", .other: "x"]
    #expect(file.languages.count == 47)
    for (language, expected) in file.languages {
        let numbers = String((Int64(0)...200).map { letter[PluralRules.category($0, language: language)]! })
        #expect(numbers == expected.numbers, "\(language)")
        var ranges = ""
        for a in Int64(0)..<40 {
            for b in (a + 1)...40 { ranges.append(letter[PluralRules.rangeCategory(a, b, language: language)]!) }
        }
        #expect(ranges == expected.ranges, "\(language) ranges")
    }
}
