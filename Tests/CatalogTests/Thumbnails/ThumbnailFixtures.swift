import Foundation
@testable import Catalog

/// The images in Tests/Fixtures/images and what expected.json says about them.
enum ImageFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    struct Expectation: Decodable, Sendable {
        var width: Int
        var height: Int
        /// [x, y, [r, g, b, a]] as shown (after orientation).
        var samples: [Sample]
        var orientation: Int?
        /// Indices of samples whose colour does not matter (fully transparent).
        var alphaOnly: [Int]?
    }

    struct Sample: Decodable, Sendable {
        var x: Int, y: Int, rgba: [Int]

        init(from decoder: any Decoder) throws {
            var list = try decoder.unkeyedContainer()
            x = try list.decode(Int.self)
            y = try list.decode(Int.self)
            rgba = try list.decode([Int].self)
        }
    }

    static let expected: [String: Expectation] = {
        let data = try! Data(contentsOf: directory.appendingPathComponent("expected.json"))
        return try! JSONDecoder().decode([String: Expectation].self, from: data)
    }()

    static var decodableNames: [String] { expected.keys.sorted() }

    static func data(_ name: String) -> Data {
        try! Data(contentsOf: directory.appendingPathComponent(name))
    }
}

/// Largest difference over the channels of two pixels (RGB widened to RGBA with 255).
func colourDistance(_ pixel: ArraySlice<UInt8>, _ rgba: [Int]) -> Int {
    let values = pixel.map(Int.init) + (pixel.count == 3 ? [255] : [])
    return zip(values, rgba).map { abs($0 - $1) }.max() ?? 0
}

/// A fresh content directory under /tmp, removed by the caller.
struct ContentSandbox {
    let root: URL
    let content: URL

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("thumbs-\(UUID().uuidString)")
        content = root.appendingPathComponent("content")
        try! FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
    }

    /// Copies fixtures into the content directory under their own names (or `as:`).
    func add(_ fixture: String, as name: String? = nil) {
        let target = content.appendingPathComponent(name ?? fixture)
        try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! FileManager.default.copyItem(at: ImageFixtures.directory.appendingPathComponent(fixture), to: target)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func stage(cache: URL? = nil, workers: Int = 2) -> ThumbnailStage {
        ThumbnailStage(contentRoot: content, cacheDirectory: cache, workers: workers)
    }
}

/// Collects what a stage writes.
final class MemorySink: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String: Data] = [:]
    private(set) var writeCount = 0

    func write(_ relativePath: String, _ data: Data) throws {
        lock.withLock {
            storage[relativePath] = data
            writeCount += 1
        }
    }

    var files: [String: Data] { lock.withLock { storage } }
}

/// A model whose contexts use the given thumbnails (path, fit), in order.
func model(thumbnails: [(String, ThumbnailFit)]) -> CatalogModel {
    let locale = LocaleID(rawValue: "en-us")
    let app = AppContext(bundleIdentifier: "com.example.books", defaultLocale: locale, locales: [locale],
                         title: [locale: "Books"], source: SourceFile(relativePath: "catalog.yml", displayPath: "content/catalog.yml"))
    let contexts = thumbnails.enumerated().map { index, thumbnail in
        let file = SourceFile(relativePath: "c\(index).md", displayPath: "content/c\(index).md")
        return ContextNode(identifier: "c\(index)", identifierPath: ["com.example.books", "c\(index)"], type: .section,
                           source: file, isDirectory: false,
                           thumbnail: ThumbnailSource(relativePath: thumbnail.0, fit: thumbnail.1, location: file.location(line: 3, column: 12)))
    }
    return CatalogModel(app: app, contexts: contexts)
}
