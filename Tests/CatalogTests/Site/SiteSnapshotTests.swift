import Foundation
import Testing
@testable import Catalog

/// The fixture catalog's pages as exact files. Re-record with SNAPSHOT_RECORD=1.
@Test(arguments: [
    "index.html",
    "en-us/index.html",
    "en-us/fun-with-science/index.html",
    "en-us/fun-with-science/inquiry/science-investigation/index.html",
    "es-us/fun-with-science/inquiry/measurements-quiz/index.html",
    "es-us/fun-with-science/inquiry/lab-safety/index.html",
    "ar/fun-with-science/inquiry/index.html",
    "search/en-us/index.html",
    "sitemap.xml",
    "search/es-us/manifest.js",
])
func siteSnapshot(path: String) throws {
    let (sink, _) = try SiteFixture.build()
    let text = try #require(sink.text(path), "\(path) was not written")
    try assertSnapshot(text, named: "site/" + path.replacingOccurrences(of: "/", with: "__"))
}
