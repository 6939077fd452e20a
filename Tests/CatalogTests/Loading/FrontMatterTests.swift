import Testing
@testable import Catalog

@Test func splitsFrontMatterAndBody() {
    let parts = FrontMatter.split("---\ntitle: A\n---\n# Body\ntext\n")
    #expect(parts.yaml == "title: A")
    #expect(parts.yamlFirstLine == 2)
    #expect(parts.body == "# Body\ntext\n")
    #expect(parts.bodyFirstLine == 4)
    #expect(!parts.isUnclosed)
}

@Test func crlfFrontMatter() {
    let parts = FrontMatter.split("---\r\ntitle: A\r\n---\r\nBody\r\n")
    #expect(parts.yaml == "title: A\r")
    #expect(parts.body == "Body\r\n")
    #expect(parts.bodyFirstLine == 4)
}

@Test func noFrontMatter() {
    let parts = FrontMatter.split("Just text\n---\n")
    #expect(parts.yaml == nil)
    #expect(parts.body == "Just text\n---\n")
}

@Test func unclosedFrontMatter() {
    #expect(FrontMatter.split("---\ntitle: A\n# no end\n").isUnclosed)
}

@Test func orderingPrefixes() {
    #expect(OrderingPrefix.split("01-intro") == (1, "intro"))
    #expect(OrderingPrefix.split("2_x") == (2, "x"))
    #expect(OrderingPrefix.split("01-") == (nil, "01-"))
    #expect(OrderingPrefix.split("2024") == (nil, "2024"))
    #expect(OrderingPrefix.split("intro") == (nil, "intro"))
}

@Test func localeNormalization() {
    #expect(LocaleID(normalizing: "en_US")?.rawValue == "en-us")
    #expect(LocaleID(normalizing: "es-419")?.rawValue == "es-419")
    #expect(LocaleID(normalizing: "zh-Hans")?.rawValue == "zh-hans")
    #expect(LocaleID(normalizing: "english") == nil)
    #expect(LocaleID(rawValue: "ar").isRightToLeft)
    #expect(!LocaleID(rawValue: "en-us").isRightToLeft)
    #expect(LocaleID(normalizing: " pt_BR ")?.rawValue == "pt-br")
    #expect(LocaleID(normalizing: "e1") == nil)
    #expect(LocaleID(normalizing: "en-") == nil)
    #expect(LocaleID(normalizing: "en-abcdefghi") == nil)
    #expect(LocaleID(normalizing: "é-fr") == nil)
}

/// Normalization reads bytes; it accepts and spells exactly what the string functions
/// it replaced did (trim, `_` → `-`, lowercase, then the shape by `Character`).
@Test func localeNormalizationMatchesTheStringFunctions() {
    func reference(_ text: String) -> String? {
        let normalized = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-").lowercased()
        let parts = normalized.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let rest = parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        return rest ? normalized : nil
    }
    let pieces = ["a", "Z", "z", "0", "9", "-", "_", " ", "\t", "é", "İ", "ß", "١", "\u{301}", "@", "`", "[", "{"]
    var generator = SeededGenerator(state: 19)
    for _ in 0..<20_000 {
        let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        #expect(LocaleID(normalizing: text)?.rawValue == reference(text), "\(text.debugDescription)")
    }
    for text in ["en", "en-us", "EN-us", "zh-Hant-TW", "es-419", "ar_SA", "sr-latn-rs", "x1", "en-u-ca"] {
        #expect(LocaleID(normalizing: text)?.rawValue == reference(text), "\(text)")
    }
}

@Test func percentEncoding() {
    #expect(PercentEncoding.encode("Fun Math Quiz") == "Fun%20Math%20Quiz")
    #expect(PercentEncoding.encode("a-b.c_d~e") == "a-b.c_d~e")
    #expect(PercentEncoding.encode("é/") == "%C3%A9%2F")
}
