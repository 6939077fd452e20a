import Testing
@testable import Catalog

/// The header's language switcher: up to six languages are listed as they are; more fold
/// behind the page's own language (a `details` disclosure, no script), which a catalog in
/// 31 languages needed: the list took eight rows of every page's header on a phone.
@Suite struct LanguageSwitcherTests {
    private static let extra = ["de", "fr", "ja", "ko"].map { LocaleID(rawValue: $0) }

    /// The switcher of the book's English page in a catalog with these locales.
    private func switcher(_ locales: [LocaleID]) throws -> String {
        var model = SiteFixture.model()
        model.app.locales = locales
        let (sink, _) = try SiteFixture.build(model)
        let page = try #require(sink.text("en-us/fun-with-science/index.html"))
        let start = try #require(page.range(of: "<nav class=\"languages\""))
        let end = try #require(page.range(of: "</nav>", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound])
    }

    @Test func sixLanguagesAreListedAsTheyAre() throws {
        let nav = try switcher([SiteFixture.en, SiteFixture.es, SiteFixture.ar] + Self.extra.prefix(3))
        #expect(nav.hasPrefix("<nav class=\"languages\" aria-label=\"Language\"><ul><li><a href=\"../../en-us/fun-with-science/index.html\""))
        #expect(!nav.contains("<details"))
        #expect(nav.components(separatedBy: "<li>").count - 1 == 6)
    }

    @Test func sevenFoldBehindThePagesOwnLanguage() throws {
        let nav = try switcher([SiteFixture.en, SiteFixture.es, SiteFixture.ar] + Self.extra)
        #expect(nav == """
            <nav class="languages" aria-label="Language"><details><summary lang="en-us">English (United States)</summary>\
            <ul><li><a href="../../en-us/fun-with-science/index.html" hreflang="en-us" lang="en-us" aria-current="page">English (United States)</a></li>\
            <li><a href="../../es-us/fun-with-science/index.html" hreflang="es-us" lang="es-us">Español (Estados Unidos)</a></li>\
            <li><a href="../../ar/fun-with-science/index.html" hreflang="ar" lang="ar">العربية</a></li>\
            <li><a href="../../de/index.html" hreflang="de" lang="de">Deutsch</a></li>\
            <li><a href="../../fr/index.html" hreflang="fr" lang="fr">Français</a></li>\
            <li><a href="../../ja/index.html" hreflang="ja" lang="ja">日本語</a></li>\
            <li><a href="../../ko/index.html" hreflang="ko" lang="ko">한국어</a></li></ul></details></nav>
            """)
    }
}
