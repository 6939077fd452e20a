import Foundation
import Testing
@testable import Catalog

private func pages(_ sink: MemorySink) -> [String: String] {
    sink.files.filter { $0.key.hasSuffix(".html") }.mapValues { String(decoding: $0, as: UTF8.self) }
}

@Test func writesEveryPageOfEveryLocaleAndNoOmittedOne() throws {
    let (sink, diagnostics) = try SiteFixture.build()
    #expect(diagnostics.isEmpty)
    let written = Set(pages(sink).keys)
    for locale in ["en-us", "es-us", "ar"] {
        #expect(written.contains("\(locale)/index.html"))
        #expect(written.contains("\(locale)/fun-with-science/inquiry/measurements-quiz/index.html"))
        #expect(written.contains("search/\(locale)/index.html"))
    }
    #expect(written.contains("index.html"))
    #expect(!written.contains("ar/fun-with-science/inquiry/lab-safety/index.html"))
    #expect(written.count == 3 * 2 + 5 + 5 + 4 + 1)
}

@Test func everyPageHasLanguageTitleAndExactlyOneH1() throws {
    let (sink, _) = try SiteFixture.build()
    for (path, html) in pages(sink) {
        #expect(html.components(separatedBy: "<h1").count == 2, "\(path) has one h1")
        #expect(html.contains("<title>"), "\(path) has a title")
        let isArabic = path.hasPrefix("ar/") || path.hasPrefix("search/ar/")
        #expect(html.contains(isArabic ? "<html lang=\"ar\" dir=\"rtl\">" : "dir=\"ltr\">"), "\(path) direction")
        for landmark in ["<header", "<main id=\"main\">", "<footer"] { #expect(html.contains(landmark), "\(path) \(landmark)") }
    }
}

@Test func languageSwitcherLinksTheSameContextOrItsNearestAncestor() throws {
    let (sink, _) = try SiteFixture.build()
    let html = try #require(sink.text("en-us/fun-with-science/inquiry/lab-safety/index.html"))
    #expect(html.contains("<a href=\"../../../../es-us/fun-with-science/inquiry/lab-safety/index.html\" hreflang=\"es-us\" lang=\"es-us\">"))
    #expect(html.contains("<a href=\"../../../../ar/fun-with-science/inquiry/index.html\" hreflang=\"ar\" lang=\"ar\">"))
    #expect(html.contains("aria-current=\"page\">English"))
}

@Test func fallbackPagesSayNotTranslatedAndMarkTheDefaultLanguage() throws {
    let (sink, _) = try SiteFixture.build()
    let html = try #require(sink.text("es-us/fun-with-science/inquiry/measurements-quiz/index.html"))
    #expect(html.contains("<p class=\"note\" role=\"note\">Esta página aún no está traducida. Se muestra en inglés (Estados Unidos)."))
    #expect(html.contains("<h1 lang=\"en-us\">Measurements Quiz</h1>"))
    #expect(html.contains("<div class=\"body\" lang=\"en-us\">"))
    let translated = try #require(sink.text("es-us/fun-with-science/inquiry/science-investigation/index.html"))
    #expect(!translated.contains("class=\"note\""))
    #expect(translated.contains("Abrir en Libros de Ciencia"), "author's override of openInApp")
}

@Test func bodyLinksGoToPagesAndMediaIsCopied() throws {
    let (sink, _) = try SiteFixture.build()
    let html = try #require(sink.text("en-us/fun-with-science/inquiry/science-investigation/index.html"))
    #expect(html.contains("<a href=\"../../../../en-us/fun-with-science/inquiry/measurements-quiz/index.html#start\">"))
    #expect(html.contains("<img src=\"../../../../media/fun-with-science/diagram.png\" alt=\"A labelled diagram\" loading=\"lazy\">"))
    #expect(html.contains("<a href=\"../../../../media/_media/worksheet.pdf\">"))
    #expect(html.contains("<a href=\"https://example.com/more?a=1&amp;b=2\">"))
    #expect(sink.files["media/fun-with-science/diagram.png"] != nil)
    #expect(sink.files["media/_media/worksheet.pdf"] != nil)
    // lab-safety is omitted in Arabic, so the Arabic quiz's link would go to English; the
    // Spanish investigation links the quiz in Spanish (a fallback page, still Spanish).
    let spanish = try #require(sink.text("es-us/fun-with-science/inquiry/science-investigation/index.html"))
    #expect(spanish.contains("<a href=\"../../../../es-us/fun-with-science/inquiry/measurements-quiz/index.html\">prueba</a>"))
    let home = try #require(sink.text("en-us/index.html"))
    #expect(home.contains("<a href=\"../en-us/fun-with-science/index.html\">Fun with Science</a>"))
}

@Test func linksToContextsLeftOutOfALocaleGoToTheDefaultLocale() throws {
    var model = SiteFixture.model()
    let body = SiteFixture.body("See [safety](lab-safety.md).\n", "fun-with-science/inquiry/measurements-quiz.md")
    model.contexts[3].versions[SiteFixture.ar]?.body = body
    let (sink, _) = try SiteFixture.build(model)
    let html = try #require(sink.text("ar/fun-with-science/inquiry/measurements-quiz/index.html"))
    #expect(html.contains("<a href=\"../../../../en-us/fun-with-science/inquiry/lab-safety/index.html\">safety</a>"))
}

@Test func identifiersArePercentEncodedOnDiskAndEscapedAgainInLinks() throws {
    #expect(SitePaths.encodeIdentifier("café día~1") == "caf%C3%A9%20d%C3%ADa~1")
    #expect(SitePaths.href("en-us/caf%C3%A9/index.html") == "en-us/caf%25C3%25A9/index.html")
    var model = SiteFixture.model()
    model.contexts[4].identifier = "café día"
    model.contexts[4].identifierPath[3] = "café día"
    let (sink, _) = try SiteFixture.build(model)
    #expect(sink.files["en-us/fun-with-science/inquiry/caf%C3%A9%20d%C3%ADa/index.html"] != nil)
    let chapter = try #require(sink.text("en-us/fun-with-science/inquiry/index.html"))
    #expect(chapter.contains("href=\"../../../en-us/fun-with-science/inquiry/caf%25C3%25A9%2520d%25C3%25ADa/index.html\""))
}

@Test func buildsAreByteIdentical() throws {
    let (first, _) = try SiteFixture.build()
    let (second, _) = try SiteFixture.build()
    #expect(first.files == second.files)
}

@Test func structuredDataDescribesTheLearningResource() throws {
    let (sink, _) = try SiteFixture.build()
    let html = try #require(sink.text("en-us/fun-with-science/inquiry/science-investigation/index.html"))
    let start = try #require(html.range(of: "<script type=\"application/ld+json\">"))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let json = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
    #expect(json?["@type"] as? String == "LearningResource")
    #expect(json?["typicalAgeRange"] as? String == "9-11")
    #expect(json?["timeRequired"] as? String == "PT20M")
    #expect(json?["inLanguage"] as? String == "en-us")
    #expect(json?["learningResourceType"] as? String == "Exercise")
    #expect(json?["keywords"] as? String == "experiment, fair test")
    #expect(json?["url"] as? String == "https://books.example.com/catalog/en-us/fun-with-science/inquiry/science-investigation/")
}

@Test func sitemapListsEveryPageWithAlternates() throws {
    let (sink, _) = try SiteFixture.build()
    let sitemap = try #require(sink.text("sitemap.xml"))
    #expect(sitemap.components(separatedBy: "<url>").count - 1 == 3 + 5 + 5 + 4)
    #expect(sitemap.contains("<xhtml:link rel=\"alternate\" hreflang=\"ar\" href=\"https://books.example.com/catalog/ar/\"/>"))
}

@Test func brandingIsCopiedAndTheAccentStaysReadable() throws {
    var model = SiteFixture.model()
    model.app.site.logo = "fun-with-science/diagram.png"
    model.app.site.stylesheet = "missing.css"
    let (sink, diagnostics) = try SiteFixture.build(model)
    #expect(sink.files["assets/logo.png"] != nil)
    #expect(diagnostics.map(\.rule) == ["link-broken"])
    let css = try #require(sink.text("assets/site.css"))
    let accent = try #require(AccentColor.parse(String(css.dropFirst(":root{--accent:".count).prefix(7))))
    #expect(AccentColor.contrast(accent, AccentColor.surface) >= 4.5)
    #expect(AccentColor.readable("#123456") == "#123456")
}

/// The logo is copied under its own extension: a `logo.html` would be a page of the site,
/// which could run script there. Found in session 24 (published as `assets/logo.html`).
@Test func aLogoThatCouldRunScriptIsNotPublishedAndAnSVGLogoIsACopy() throws {
    let content = try TempContent([
        "_media/logo.html": "<script>alert(document.domain)</script>\n",
        "_media/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"x()\"><circle r=\"4\"/></svg>\n",
    ])
    defer { content.remove() }
    let source = SourceFile(relativePath: "catalog.yml", displayPath: "content/catalog.yml")
    var settings = SiteSettings()
    settings.logo = "_media/logo.html"
    let (html, htmlDiagnostics) = Branding.load(settings, contentRoot: content.root.url, source: source)
    #expect(html.logoPath == nil && html.files.isEmpty)
    #expect(htmlDiagnostics.map(\.rule) == ["link-active-file"])
    settings.logo = "_media/logo.svg"
    let (svg, svgDiagnostics) = Branding.load(settings, contentRoot: content.root.url, source: source)
    #expect(svgDiagnostics.map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.rule)" }
            == ["content/_media/logo.svg:1:41 svg-content-removed"])
    #expect(svg.files.map(\.path) == ["assets/logo.svg"])
    #expect(String(decoding: svg.files[0].data, as: UTF8.self)
            == "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><circle r=\"4\"/></svg>\n")
}

/// The author's style sheet is published at `assets/custom.css`, so each file it names is
/// published under `media/` and named there; what it names elsewhere stays as written.
@Test func theAuthorsStyleSheetNamesTheFilesItUsesWhereTheSitePublishesThem() throws {
    let content = try TempContent([
        "_theme/site.css": """
            @import "parts/colours.css" screen;
            @import url(https://fonts.example.com/css2?family=Inter);
            @font-face { font-family: Serif; src: url(fonts/Serif%20Text.woff2?v=2#x) format("woff2"), local("Serif") }
            body { background: url( '../cover art.png' ), url(data:image/png;base64,AAAA) }
            .a { background: image-set("../cover art.png" 1x); mask: url(#clip) }
            .b { background: url("javascript:alert(1)"); }
            .c { background: url(missing.png) }
            .d { src: url('{{ resource "fonts/a.woff2" }}') }

            """,
        "_theme/parts/colours.css": ":root { --paper: url(../../cover\\ art.png) }\n",
        "_theme/fonts/Serif Text.woff2": "wOF2",
        "cover art.png": "png",
    ])
    defer { content.remove() }
    let source = SourceFile(relativePath: "catalog.yml", displayPath: "content/catalog.yml")
    var settings = SiteSettings()
    settings.stylesheet = "_theme/site.css"
    let (branding, diagnostics) = Branding.load(settings, contentRoot: content.url, source: source)
    #expect(diagnostics.map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.severity) \($0.rule): \($0.message)" } == [
        "content/_theme/site.css:6:22 warning unsafe-link: style sheet reference `javascript:alert(1)` uses the javascript: scheme, which could run script, so it is published as `about:invalid`; remove it",
        "content/_theme/site.css:7:18 error link-broken: style sheet reference `missing.png` points at `_theme/missing.png`, which does not exist in content/; correct the path (it is relative to _theme/site.css)",
        "content/_theme/site.css:8:15 error link-broken: style sheet reference `{{ resource \"fonts/a.woff2\" }}` is a template expression, which another site engine fills in when it copies the sheet (mdBook, Hugo, Jekyll) and this site does not; write the file's path, relative to _theme/site.css",
    ])
    #expect(branding.stylesheets == ["assets/site.css", "assets/custom.css"])
    #expect(branding.files.map(\.path) == ["assets/custom.css", "media/_theme/parts/colours.css"])
    #expect(String(decoding: branding.files[0].data, as: UTF8.self) == """
        @import "../media/_theme/parts/colours.css" screen;
        @import url(https://fonts.example.com/css2?family=Inter);
        @font-face { font-family: Serif; src: url("../media/_theme/fonts/Serif%20Text.woff2?v=2#x") format("woff2"), local("Serif") }
        body { background: url( "../media/cover%20art.png" ), url(data:image/png;base64,AAAA) }
        .a { background: image-set("../media/cover%20art.png" 1x); mask: url(#clip) }
        .b { background: url("about:invalid"); }
        .c { background: url(missing.png) }
        .d { src: url('{{ resource "fonts/a.woff2" }}') }

        """)
    #expect(String(decoding: branding.files[1].data, as: UTF8.self) == ":root { --paper: url(\"../../../media/cover%20art.png\") }\n")
    #expect(branding.media == ["_theme/fonts/Serif Text.woff2", "cover art.png"])
    #expect(branding.styleSheets == ["_theme/site.css", "_theme/parts/colours.css"])
}

/// A sheet's diagnostics stop at 100; when they are warnings the rest is still read and
/// written (here every `javascript:` becomes `about:invalid`), the last saying how many more.
@Test func aStyleSheetsWarningsStopAtAHundredAndTheRestIsStillWritten() throws {
    let content = try TempContent(["site.css": String(repeating: "a { b: url('javascript:x') }\n", count: 150)])
    defer { content.remove() }
    var settings = SiteSettings()
    settings.stylesheet = "site.css"
    let (branding, diagnostics) = Branding.load(settings, contentRoot: content.url,
                                                source: SourceFile(relativePath: "catalog.yml", displayPath: "content/catalog.yml"))
    #expect(diagnostics.map { "\($0.location.line):\($0.location.column) \($0.rule)" } == (1...100).map { "\($0):12 unsafe-link" })
    #expect(diagnostics.last?.message.hasSuffix("; 50 more problems follow in this style sheet") == true)
    #expect(String(decoding: branding.files[0].data, as: UTF8.self) == String(repeating: "a { b: url(\"about:invalid\") }\n", count: 150))
}

@Test func aHomeBodyWithoutTranslationIsMarkedAsTheDefaultLanguage() throws {
    var model = SiteFixture.model()
    model.app.body[SiteFixture.ar] = model.app.body[SiteFixture.en]
    let (sink, _) = try SiteFixture.build(model)
    #expect(try #require(sink.text("ar/index.html")).contains("<div class=\"body\" lang=\"en-us\" dir=\"ltr\">"))
    #expect(try #require(sink.text("en-us/index.html")).contains("<div class=\"body\">"))
}

/// The sitemap and each locale's search index are written on threads of their own beside
/// the pages: a write that fails there fails the stage as one of a page does, and once the
/// stage has thrown nothing writes any more (the build discards its staging folder then).
@Test(arguments: ["sitemap.xml", "search/en-us/", "search/ar/"])
func aFailedWriteBesideThePagesFailsTheStage(refused prefix: String) throws {
    struct Refused: Error {}
    final class RefusingSink: OutputSink, @unchecked Sendable {
        let prefix: String
        private let lock = NSLock()
        private var failed = false
        private(set) var writesAfterFailure = 0
        init(_ prefix: String) { self.prefix = prefix }
        func write(_ relativePath: String, _ data: Data) throws {
            try lock.withLock {
                if failed { writesAfterFailure += 1 }
                guard !relativePath.hasPrefix(prefix) else {
                    failed = true
                    throw Refused()
                }
            }
        }
        var count: Int { lock.withLock { writesAfterFailure } }
    }
    let sink = RefusingSink(prefix)
    #expect(throws: Refused.self) {
        try SiteStage(contentRoot: SiteFixture.contentRoot).run(model: SiteFixture.model(), thumbnails: SiteFixture.thumbnails(),
                                                                 sink: sink)
    }
    let afterReturn = sink.count
    Thread.sleep(forTimeInterval: 0.2)
    #expect(sink.count == afterReturn, "a thread still wrote after the stage threw")
}
