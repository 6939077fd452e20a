import Crypto
import Foundation
import Testing
@testable import Catalog

@Suite("Thumbnail stage")
struct ThumbnailStageTests {
    /// Runs the stage over fixtures (copied into a fresh content directory).
    private func run(_ uses: [(String, ThumbnailFit)], fixtures: [String]? = nil) throws
        -> (result: ThumbnailStageResult, sink: MemorySink) {
        let sandbox = ContentSandbox()
        defer { sandbox.remove() }
        for name in Set(fixtures ?? uses.map(\.0)) { sandbox.add(name) }
        let sink = MemorySink()
        return (try sandbox.stage().process(model: model(thumbnails: uses), sink: sink), sink)
    }

    /// The written thumbnail of context `index`, decoded.
    private func output(_ run: (result: ThumbnailStageResult, sink: MemorySink), context index: Int = 0) throws
        -> (ProcessedThumbnail, PixelImage) {
        let thumbnail = try #require(run.result.thumbnails.byContext[index])
        let data = try #require(run.sink.files["thumbnails/\(thumbnail.thumbnailId)"])
        let image = try ImageCodec.decode(data, minimumWidth: .max, minimumHeight: .max)
        #expect((image.width, image.height) == (thumbnail.width, thumbnail.height))
        #expect(thumbnail.byteCount == data.count)
        return (thumbnail, image)
    }

    @Test func opaquePhotoBecomesA330SquareJPEG() throws {
        let result = try run([("large-1600x1200.jpg", .cover)])
        let (thumbnail, image) = try output(result)
        #expect(thumbnail.thumbnailId.hasSuffix(".jpg") && thumbnail.contentType == "image/jpeg")
        #expect((image.width, image.height) == (330, 330))
        #expect(colourDistance(image.pixel(x: 40, y: 40), [255, 0, 0, 255]) <= 16)
        #expect(colourDistance(image.pixel(x: 290, y: 290), [255, 255, 255, 255]) <= 16)
        #expect(result.result.diagnostics.isEmpty)
    }

    /// The upright picture has red top left, green top right, blue bottom left, whatever
    /// the orientation it was stored in.
    @Test(arguments: 1...8)
    func exifOrientationIsApplied(orientation: Int) throws {
        for fit in ThumbnailFit.allCases {
            let (_, image) = try output(try run([("orient-\(orientation).jpg", fit)]))
            let side = image.width, edge = side / 4
            #expect(colourDistance(image.pixel(x: edge, y: side / 2 - 20), [255, 0, 0, 255]) <= 24, "\(fit) top left")
            #expect(colourDistance(image.pixel(x: side - edge, y: side / 2 - 20), [0, 255, 0, 255]) <= 24, "\(fit) top right")
            #expect(colourDistance(image.pixel(x: edge, y: side / 2 + 20), [0, 0, 255, 255]) <= 24, "\(fit) bottom left")
        }
    }

    @Test func transparentPNGStaysPNG() throws {
        let (thumbnail, image) = try output(try run([("transparent-400.png", .cover)]))
        #expect(thumbnail.thumbnailId.hasSuffix(".png") && thumbnail.contentType == "image/png")
        #expect((image.width, image.height, image.channels) == (330, 330, 4))
        #expect(image.pixel(x: 2, y: 2).last == 0)
        #expect(colourDistance(image.pixel(x: 165, y: 165), [200, 40, 40, 255]) <= 2)
    }

    @Test func opaqueRGBAPNGBecomesJPEG() throws {
        let (thumbnail, _) = try output(try run([("opaque-rgba-400.png", .cover)]))
        #expect(thumbnail.thumbnailId.hasSuffix(".jpg"))
    }

    @Test func containPadsWithTransparency() throws {
        let (thumbnail, image) = try output(try run([("wide-600x200.jpg", .contain)]))
        #expect(thumbnail.thumbnailId.hasSuffix(".png"))
        #expect((image.width, image.height, image.channels) == (330, 330, 4))
        // 600×200 scales to 330×110, centred: bands of 110 rows above and below.
        #expect(image.pixel(x: 165, y: 50).last == 0 && image.pixel(x: 165, y: 280).last == 0)
        #expect(colourDistance(image.pixel(x: 40, y: 130), [255, 0, 0, 255]) <= 16)
        #expect(colourDistance(image.pixel(x: 290, y: 200), [255, 255, 255, 255]) <= 16)
    }

    @Test func smallImageKeepsItsSizeWithAWarning() throws {
        let result = try run([("small-200x150.jpg", .cover)])
        let (_, image) = try output(result)
        #expect((image.width, image.height) == (150, 150))
        let diagnostic = try #require(result.result.diagnostics.first)
        #expect(result.result.diagnostics.count == 1)
        #expect(diagnostic.rule == "thumbnail-small" && diagnostic.severity == .warning)
        #expect(diagnostic.message.contains("200×150") && diagnostic.location == SourceLocation(file: "content/c0.md", line: 3, column: 12))
    }

    @Test func tinyImageIsAnError() throws {
        let result = try run([("tiny-40x40.png", .cover)])
        #expect(result.result.thumbnails.byContext.isEmpty && result.sink.files.isEmpty)
        #expect(result.result.diagnostics.map(\.rule) == ["thumbnail-too-small"])
        #expect(result.result.diagnostics.first?.message.contains("40×40") == true)
    }

    @Test(arguments: [
        ("truncated.jpg", "thumbnail-format"), ("truncated.png", "thumbnail-format"), ("corrupt.jpg", "thumbnail-format"),
        ("corrupt.png", "thumbnail-format"), ("not-an-image.png", "thumbnail-format"),
        ("huge-60000.png", "thumbnail-too-large"), ("huge-60000.jpg", "thumbnail-too-large"),
    ] as [(String, RuleID)])
    func badImageIsReportedNotThrown(name: String, rule: RuleID) throws {
        let result = try run([(name, .cover)])
        #expect(result.result.thumbnails.byContext.isEmpty && result.sink.files.isEmpty)
        let diagnostic = try #require(result.result.diagnostics.first)
        #expect(diagnostic.rule == rule && diagnostic.severity == .error)
        #expect(diagnostic.message.contains("'\(name)'"))
    }

    @Test func missingFileIsReported() throws {
        let result = try run([("nowhere/cover.jpg", .cover)], fixtures: [])
        #expect(result.result.diagnostics.map(\.rule) == ["thumbnail-missing"])
    }

    @Test func pathsLeavingTheContentDirectoryAreRefused() throws {
        let sandbox = ContentSandbox()
        defer { sandbox.remove() }
        let outside = sandbox.root.appendingPathComponent("outside.jpg")
        try FileManager.default.copyItem(at: ImageFixtures.directory.appendingPathComponent("large-1600x1200.jpg"), to: outside)
        try FileManager.default.createSymbolicLink(at: sandbox.content.appendingPathComponent("link.jpg"), withDestinationURL: outside)
        let sink = MemorySink()
        let result = try sandbox.stage().process(model: model(thumbnails: [("link.jpg", .cover), ("../outside.jpg", .cover)]), sink: sink)
        #expect(result.diagnostics.map(\.rule) == ["path-outside-content", "path-outside-content"])
        #expect(sink.files.isEmpty)
    }

    @Test func oneImageUsedTwiceIsOneThumbnail() throws {
        let result = try run([("large-1600x1200.jpg", .cover), ("orient-1.jpg", .cover), ("./large-1600x1200.jpg", .cover)],
                             fixtures: ["large-1600x1200.jpg", "orient-1.jpg"])
        #expect(result.result.stats == ThumbnailStats(sources: 2, decoded: 2, cacheHits: 0))
        #expect(result.sink.writeCount == 2 && result.result.thumbnails.all.count == 2)
        #expect(result.result.thumbnails.byContext[0] == result.result.thumbnails.byContext[2])
    }

    @Test func thumbnailIdIsTheHashOfTheBytes() throws {
        let result = try run([("small-200x150.jpg", .cover)])
        let thumbnail = try #require(result.result.thumbnails.byContext[0])
        let data = try #require(result.sink.files["thumbnails/\(thumbnail.thumbnailId)"])
        let hex = SHA256.hash(data: data).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        #expect(thumbnail.thumbnailId == hex.prefix(16) + ".jpg")
    }

    @Test func unchangedImagesAreNotDecodedAgain() throws {
        let sandbox = ContentSandbox()
        defer { sandbox.remove() }
        let names = ["large-1600x1200.jpg", "transparent-400.png", "small-200x150.jpg"]
        names.forEach { sandbox.add($0) }
        let cache = sandbox.root.appendingPathComponent(".catalog-cache/thumbnails")
        let catalog = model(thumbnails: names.map { ($0, .cover) } + [("wide-600x200.jpg", .contain)])
        sandbox.add("wide-600x200.jpg")
        let first = try sandbox.stage(cache: cache).process(model: catalog, sink: MemorySink())
        #expect(first.stats == ThumbnailStats(sources: 4, decoded: 4, cacheHits: 0))
        let sink = MemorySink()
        let second = try sandbox.stage(cache: cache).process(model: catalog, sink: sink)
        #expect(second.stats == ThumbnailStats(sources: 4, decoded: 0, cacheHits: 4))
        #expect(second.thumbnails.all == first.thumbnails.all && sink.writeCount == 4)
        #expect(second.diagnostics == first.diagnostics)
        // A changed image is made again; the others still come from the cache.
        try FileManager.default.removeItem(at: sandbox.content.appendingPathComponent("small-200x150.jpg"))
        sandbox.add("orient-3.jpg", as: "small-200x150.jpg")
        let third = try sandbox.stage(cache: cache).process(model: catalog, sink: MemorySink())
        #expect(third.stats == ThumbnailStats(sources: 4, decoded: 1, cacheHits: 3))
    }

    /// A run without errors keeps only the cache entries it used; a run with errors
    /// prunes nothing.
    @Test func cacheKeepsOnlyTheEntriesOfTheLastRunWithoutErrors() throws {
        let sandbox = ContentSandbox()
        defer { sandbox.remove() }
        ["large-1600x1200.jpg", "small-200x150.jpg"].forEach { sandbox.add($0) }
        let cache = sandbox.root.appendingPathComponent(".catalog-cache/thumbnails")
        func entries() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".thumb") }.count
        }
        let both = model(thumbnails: [("large-1600x1200.jpg", .cover), ("small-200x150.jpg", .cover)])
        _ = try sandbox.stage(cache: cache).process(model: both, sink: MemorySink())
        #expect(try entries() == 2)
        let broken = model(thumbnails: [("large-1600x1200.jpg", .cover), ("nowhere.jpg", .cover)])
        _ = try sandbox.stage(cache: cache).process(model: broken, sink: MemorySink())
        #expect(try entries() == 2)
        let one = try sandbox.stage(cache: cache).process(model: model(thumbnails: [("large-1600x1200.jpg", .cover)]), sink: MemorySink())
        #expect(try entries() == 1 && one.stats.cacheHits == 1)
    }

    /// A catalog without thumbnails makes no cache folder; one whose thumbnails are all
    /// gone empties the folder it has.
    @Test func noThumbnailsMakeNoCacheFolderAndEmptyTheOne() throws {
        let sandbox = ContentSandbox()
        defer { sandbox.remove() }
        sandbox.add("small-200x150.jpg")
        let cache = sandbox.root.appendingPathComponent(".catalog-cache/thumbnails")
        _ = try sandbox.stage(cache: cache).process(model: model(thumbnails: []), sink: MemorySink())
        #expect(!FileManager.default.fileExists(atPath: cache.path))
        _ = try sandbox.stage(cache: cache).process(model: model(thumbnails: [("small-200x150.jpg", .cover)]), sink: MemorySink())
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".thumb") }.count == 1)
        _ = try sandbox.stage(cache: cache).process(model: model(thumbnails: []), sink: MemorySink())
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".thumb") } == [])
    }

    @Test func outputIsByteIdenticalAcrossBuilds() throws {
        let uses: [(String, ThumbnailFit)] = [("large-1600x1200.jpg", .cover), ("transparent-400.png", .contain)]
        let first = try run(uses), second = try run(uses)
        #expect(first.sink.files == second.sink.files && first.sink.files.count == 2)
    }

    @Test func progressReportsEveryImage() throws {
        let sandbox = ContentSandbox()
        defer { sandbox.remove() }
        let names = (1...8).map { "orient-\($0).jpg" }
        names.forEach { sandbox.add($0) }
        let seen = MemorySink()
        let stage = ThumbnailStage(contentRoot: sandbox.content, cacheDirectory: nil, workers: 3) { done, total in
            try? seen.write("\(done)/\(total)", Data())
        }
        let result = try stage.process(model: model(thumbnails: names.map { ($0, .cover) }), sink: MemorySink())
        #expect(result.thumbnails.byContext.count == 8)
        #expect(Set(seen.files.keys) == Set((1...8).map { "\($0)/8" }))
    }

    @Test func sinkFailureThrows() throws {
        struct Refusing: OutputSink {
            struct Refused: Error {}
            func write(_ relativePath: String, _ data: Data) throws { throw Refused() }
        }
        let sandbox = ContentSandbox()
        defer { sandbox.remove() }
        sandbox.add("small-200x150.jpg")
        #expect(throws: Refusing.Refused.self) {
            try sandbox.stage().run(model: model(thumbnails: [("small-200x150.jpg", .cover)]), sink: Refusing())
        }
    }
}
