import Foundation
import Testing
@testable import Catalog

@Test func packedBytesKeepEachPieceInOrderEmptyOnesIncluded() {
    let pieces = ["fr/", "", "bücher/kapitel-1", "a&b", ""]
    let table = PackedBytes(pieces.map(\.utf8))
    #expect(table.count == 5)
    #expect((0..<table.count).map { String(decoding: table[$0], as: UTF8.self) } == pieces)
    let empty = PackedBytes([String]().map(\.utf8))
    #expect(empty.count == 0)
}

/// The alternates and the language switcher are written from `PageLinkBytes`; every
/// page's link and URL in every locale must be the strings `SiteIndex` makes, escaped as
/// the shell escaped them, a left-out context falling back to its nearest page there.
@Test func linksWrittenFromBytesAreTheIndexStringsEscaped() {
    var model = SiteFixture.model()
    // A base URL with characters HTML escapes, and an identifier that SitePaths escapes.
    model.app.site.baseURL = "https://books.example.com/a&b'c"
    model.contexts[4].identifierPath[3] = "lab safety ü"
    let index = SiteIndex(model: model, thumbnails: SiteFixture.thumbnails())
    for (number, locale) in index.locales.enumerated() {
        for context in [nil] + Array(model.contexts.indices) {
            let target = index.nearestPage(context, in: locale)
            let href = HTMLBuilder(), url = HTMLBuilder()
            index.writeNearestHref(context, locale: number, into: href)
            index.writeNearestURL(context, locale: number, into: url)
            #expect(href.string == HTMLEscaping.escape(index.href(target)), "\(locale) \(String(describing: context))")
            #expect(url.string == HTMLEscaping.escape(index.url(target)), "\(locale) \(String(describing: context))")
        }
    }
    let url = HTMLBuilder()
    index.writeNearestURL(4, locale: 2, into: url)
    #expect(url.string == "https://books.example.com/a&amp;b&#39;c/ar/fun-with-science/inquiry/")
    let href = HTMLBuilder()
    index.writeNearestHref(4, locale: 0, into: href)
    #expect(href.string.hasPrefix("en-us/fun-with-science/inquiry/lab"))
    #expect(href.string.hasSuffix("/index.html") && href.string.contains("%") && !href.string.contains(" "))
}
