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
}

@Test func percentEncoding() {
    #expect(PercentEncoding.encode("Fun Math Quiz") == "Fun%20Math%20Quiz")
    #expect(PercentEncoding.encode("a-b.c_d~e") == "a-b.c_d~e")
    #expect(PercentEncoding.encode("é/") == "%C3%A9%2F")
}
