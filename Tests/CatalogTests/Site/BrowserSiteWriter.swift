import Foundation
import Testing
@testable import Catalog

/// Writes the fixture catalog's site, with its thumbnails, into the directory named by
/// CATALOG_BROWSER_SITE, for the browser tests in Tests/Browser (which set it). The
/// browser tests then check what a teacher's browser does with these files.
@Test(.enabled(if: ProcessInfo.processInfo.environment["CATALOG_BROWSER_SITE"] != nil))
func writeBrowserSite() throws {
    let path = try #require(ProcessInfo.processInfo.environment["CATALOG_BROWSER_SITE"])
    let root = URL(fileURLWithPath: path)
    let sink = DirectorySink(root: root)
    for (id, file) in SiteFixture.thumbnailFiles {
        try sink.write("thumbnails/\(id)", Data(contentsOf: SiteFixture.fixtures.appendingPathComponent(file)))
    }
    let diagnostics = try SiteStage(contentRoot: SiteFixture.contentRoot)
        .run(model: SiteFixture.model(), thumbnails: SiteFixture.thumbnails(), sink: sink)
    #expect(diagnostics.isEmpty)
    #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("en-us/index.html").path))
}
