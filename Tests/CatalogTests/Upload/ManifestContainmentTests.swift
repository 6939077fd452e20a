import Foundation
import Testing
@testable import Catalog

/// `upload` reads only what `build` wrote: every name in the manifest must lead, after
/// every symbolic link, to a regular file in OUTPUT/catalog (requests) or
/// OUTPUT/thumbnails (thumbnails), with image bytes that match their contentType.
@Suite struct ManifestContainmentTests {
    /// A copy of the upload fixture at WORK/site, with a fake key beside it at WORK.
    struct Work {
        let root: URL
        var site: URL { root.appendingPathComponent("site") }
        var manifestFile: URL { site.appendingPathComponent("catalog/manifest.json") }
        var key: URL { root.appendingPathComponent("AuthKey_TEST.p8") }

        init() throws {
            root = try TestCatalog.temporaryDirectory()
            try FileManager.default.copyItem(at: TestCatalog.fixture, to: site)
            try Data("-----BEGIN PRIVATE KEY-----\nSECRET\n-----END PRIVATE KEY-----\n".utf8).write(to: key)
        }

        /// Rewrites one field of the manifest: `thumbnails[index][field]` or a top-level field.
        func edit(_ change: (inout [String: Any]) -> Void) throws {
            var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: manifestFile)) as? [String: Any] ?? [:]
            change(&manifest)
            try JSONSerialization.data(withJSONObject: manifest).write(to: manifestFile)
        }

        func setThumbnail(_ index: Int, _ field: String, _ value: Any) throws {
            try edit { manifest in
                var thumbnails = manifest["thumbnails"] as? [[String: Any]] ?? []
                thumbnails[index][field] = value
                manifest["thumbnails"] = thumbnails
            }
        }

        func loadError() -> String? {
            do {
                _ = try ManifestLoader.load(outputDirectory: site)
                return nil
            } catch {
                return "\(error)"
            }
        }

        func refusal(_ entry: String, _ name: String, _ reason: String) -> String {
            "\(manifestFile.path): \(entry) names \(name), which \(reason); upload sends only the files "
                + "`catalog-build build` writes there: run `catalog-build build` again"
        }
    }

    static let firstThumbnail = #"thumbnails[0] (thumbnailId "805924e65dff89cc.png")"#

    @Test func aThumbnailPathOutOfTheOutputIsRefused() throws {
        let work = try Work()
        try work.setThumbnail(0, "path", "../../AuthKey_TEST.p8")
        let thumbnails = work.site.appendingPathComponent("thumbnails").path
        #expect(work.loadError() == work.refusal(Self.firstThumbnail, #""../../AuthKey_TEST.p8""#, "leads outside \(thumbnails)"))
    }

    @Test func anAbsoluteThumbnailPathIsRefusedEvenInsideTheOutput() throws {
        let work = try Work()
        let inside = work.site.appendingPathComponent("thumbnails/805924e65dff89cc.png").path
        try work.setThumbnail(0, "path", inside)
        let thumbnails = work.site.appendingPathComponent("thumbnails").path
        #expect(work.loadError() == work.refusal(Self.firstThumbnail, "\"\(inside)\"", "leads outside \(thumbnails)"))
    }

    @Test func aThumbnailThatIsALinkOutIsRefused() throws {
        let work = try Work()
        let link = work.site.appendingPathComponent("thumbnails/805924e65dff89cc.png")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: work.key)
        let thumbnails = work.site.appendingPathComponent("thumbnails").path
        #expect(work.loadError() == work.refusal(Self.firstThumbnail, #""../thumbnails/805924e65dff89cc.png""#, "leads outside \(thumbnails)"))
    }

    @Test func aThumbnailFolderThatIsALinkAwayIsRefused() throws {
        let work = try Work()
        let folder = work.site.appendingPathComponent("thumbnails")
        let elsewhere = work.root.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: folder, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
        #expect(work.loadError() == work.refusal(Self.firstThumbnail, #""../thumbnails/805924e65dff89cc.png""#, "leads outside \(folder.path)"))
    }

    @Test func aThumbnailInTheCatalogFolderIsRefused() throws {
        let work = try Work()
        try work.setThumbnail(0, "path", "contexts-0001.json")
        let thumbnails = work.site.appendingPathComponent("thumbnails").path
        #expect(work.loadError() == work.refusal(Self.firstThumbnail, #""contexts-0001.json""#, "leads outside \(thumbnails)"))
    }

    @Test func aFIFOAsAThumbnailIsRefusedWithoutWaiting() throws {
        let work = try Work()
        let fifo = work.site.appendingPathComponent("thumbnails/805924e65dff89cc.png")
        try FileManager.default.removeItem(at: fifo)
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(work.loadError() == work.refusal(Self.firstThumbnail, #""../thumbnails/805924e65dff89cc.png""#, "is not a regular file"))
    }

    @Test func aMissingThumbnailIsNamed() throws {
        let work = try Work()
        try work.setThumbnail(0, "path", "../thumbnails/gone.png")
        let thumbnails = work.site.appendingPathComponent("thumbnails").path
        #expect(work.loadError() == work.refusal(Self.firstThumbnail, #""../thumbnails/gone.png""#, "does not exist in \(thumbnails)"))
    }

    @Test func aRequestFileOutOfTheCatalogFolderIsRefused() throws {
        let work = try Work()
        try FileManager.default.copyItem(at: work.site.appendingPathComponent("catalog/contexts-0001.json"),
                                         to: work.root.appendingPathComponent("stolen.json"))
        try work.edit { $0["contextRequests"] = ["../../stolen.json"] }
        let catalog = work.site.appendingPathComponent("catalog").path
        #expect(work.loadError() == work.refusal("contextRequests[0]", #""../../stolen.json""#, "leads outside \(catalog)"))
        try work.edit { $0["contextRequests"] = ["../thumbnails/805924e65dff89cc.png"] }
        #expect(work.loadError() == work.refusal("contextRequests[0]", #""../thumbnails/805924e65dff89cc.png""#, "leads outside \(catalog)"))
    }

    @Test func aManifestThatIsALinkOutIsRefused() throws {
        let work = try Work()
        let moved = work.root.appendingPathComponent("manifest.json")
        try FileManager.default.moveItem(at: work.manifestFile, to: moved)
        try FileManager.default.createSymbolicLink(at: work.manifestFile, withDestinationURL: moved)
        let catalog = work.site.appendingPathComponent("catalog").path
        #expect(work.loadError() == "\(work.manifestFile.path): it leads outside \(catalog); run `catalog-build build` again")
    }

    @Test func thumbnailBytesMustMatchTheirContentType() throws {
        let work = try Work()
        let file = work.site.appendingPathComponent("thumbnails/805924e65dff89cc.png")
        try work.setThumbnail(0, "contentType", "image/jpeg")
        #expect(work.loadError() == "\(work.manifestFile.path): \(Self.firstThumbnail) has contentType \"image/jpeg\" but "
            + "\(file.path) holds image/png; run `catalog-build build` again")
        try work.setThumbnail(0, "contentType", "text/html")
        #expect(work.loadError()?.hasSuffix("has contentType \"text/html\" but \(file.path) holds image/png; run `catalog-build build` again") == true)
        try work.setThumbnail(0, "contentType", "image/png")
        let text = Data("<svg onload=alert(1)>xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx".prefix(73).utf8)
        try text.write(to: file)
        #expect(work.loadError() == "\(work.manifestFile.path): \(Self.firstThumbnail) has contentType \"image/png\" but "
            + "\(file.path) holds neither a PNG nor a JPEG image; run `catalog-build build` again")
    }

    @Test func theFilesBuildWroteLoadWithTheirResolvedPaths() throws {
        let work = try Work()
        let catalog = try ManifestLoader.load(outputDirectory: work.site)
        #expect(catalog.contexts.count == 14)
        let resolved = try #require(ContainedFile.realPath(work.site.path))
        #expect(catalog.thumbnails.map(\.file.path) == [
            resolved + "/thumbnails/805924e65dff89cc.png", resolved + "/thumbnails/bd3415deb39fbbc1.png",
        ])
    }

    @Test func escapesControlCharactersOfManifestNamesInMessages() throws {
        let work = try Work()
        try work.setThumbnail(0, "thumbnailId", "x\u{1B}]0;owned\u{07}\u{9B}2J.png")
        try work.setThumbnail(0, "path", "../\u{1B}[2J.png")
        let message = try #require(work.loadError())
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(message.contains(#"(thumbnailId "x\u001b]0;owned\u0007\u{9B}2J.png")"#))
    }
}
