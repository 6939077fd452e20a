import Testing
@testable import Catalog

private let english = InterfaceStrings(locale: LocaleID(rawValue: "en-us"), settings: SiteSettings())

@Test func agesAndTimesReadNaturally() {
    let open = ClosedIntRange.unboundedUpper
    #expect(Formatting.age(ClosedIntRange(lower: 9, upper: 11), english) == "9–11 years")
    #expect(Formatting.age(ClosedIntRange(lower: 9, upper: open), english) == "9+ years")
    #expect(Formatting.age(ClosedIntRange(lower: 9, upper: 9), english) == "9 years")
    #expect(Formatting.completionTime(ClosedIntRange(lower: 15, upper: 20), english) == "15–20 min")
    #expect(Formatting.completionTime(ClosedIntRange(lower: 60, upper: 120), english) == "1–2 h")
    #expect(Formatting.completionTime(ClosedIntRange(lower: 30, upper: open), english) == "30+ min")
    #expect(Formatting.completionTime(ClosedIntRange(lower: 90, upper: 90), english) == "90 min")
    #expect(Formatting.isoDuration(minutes: 20) == "PT20M")
    #expect(Formatting.isoDuration(minutes: 90) == "PT1H30M")
    #expect(Formatting.isoDuration(minutes: 120) == "PT2H")
    #expect(Formatting.typicalAgeRange(ClosedIntRange(lower: 9, upper: open)) == "9-")
}

@Test func interfaceStringsMatchFullLocaleThenLanguageThenEnglish() {
    func label(_ locale: String, _ overrides: [String: String] = [:]) -> String {
        let id = LocaleID(rawValue: locale)
        return InterfaceStrings(locale: id, settings: SiteSettings(strings: [id: overrides]))["suggestedAge"]
    }
    #expect(label("es-us") == "Edad sugerida")
    #expect(label("zh-hans") == "建议年龄")
    #expect(label("ja-jp") == "対象年齢")
    #expect(label("ar") == "العمر المقترح")
    #expect(label("fr-fr") == "Âge conseillé")
    #expect(label("sw-ke") == "Suggested age")
    #expect(label("es-us", ["suggestedAge": "Edad"]) == "Edad")
}
