// Drives the thumbnails stage over every JPEG and PNG under a directory, for
// bench/thumbnails/run.sh. Not part of catalog-build: it builds its own tiny model (one
// context per image, fit cover) so that it needs nothing but the stage.
//
// Usage: thumbnail-bench CONTENT_DIR OUTPUT_DIR [--cache DIR] [--workers N] [--map FILE] [--pixels DIR]
// Prints one JSON line: images, decoded, cacheHits, diagnostics, seconds. --map writes
// one line per image, "source<TAB>thumbnail" (paths relative to CONTENT_DIR and
// OUTPUT_DIR), for the quality check; --pixels DIR writes each image's thumbnail pixels
// before encoding, as lossless PNG, to DIR/<source path>.png (untimed, after the run).
import Catalog
import Foundation

struct Options {
    var content: URL
    var output: URL
    var cache: URL?
    var map: URL?
    var pixels: URL?
    var workers = ProcessInfo.processInfo.activeProcessorCount

    init(_ arguments: [String]) {
        var positional: [String] = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--cache": cache = iterator.next().map { URL(fileURLWithPath: $0) }
            case "--workers": workers = iterator.next().flatMap(Int.init) ?? workers
            case "--map": map = iterator.next().map { URL(fileURLWithPath: $0) }
            case "--pixels": pixels = iterator.next().map { URL(fileURLWithPath: $0) }
            default: positional.append(argument)
            }
        }
        guard positional.count == 2 else {
            FileHandle.standardError.write(Data("usage: thumbnail-bench CONTENT_DIR OUTPUT_DIR [--cache DIR] [--workers N] [--map FILE] [--pixels DIR]\n".utf8))
            exit(2)
        }
        content = URL(fileURLWithPath: positional[0])
        output = URL(fileURLWithPath: positional[1])
    }
}

func images(under root: URL) -> [String] {
    let walker = FileManager.default.enumerator(atPath: root.path)
    var found: [String] = []
    while let path = walker?.nextObject() as? String {
        if path.hasSuffix(".jpg") || path.hasSuffix(".jpeg") || path.hasSuffix(".png") { found.append(path) }
    }
    return found.sorted()
}

func model(_ paths: [String]) -> CatalogModel {
    let locale = LocaleID(rawValue: "en-us")
    let catalog = SourceFile(relativePath: "catalog.yml", displayPath: "catalog.yml")
    let contexts = paths.enumerated().map { index, path in
        ContextNode(identifier: "i\(index)", identifierPath: ["com.example.bench", "i\(index)"], type: .section,
                    source: catalog, isDirectory: false,
                    thumbnail: ThumbnailSource(relativePath: path, fit: .cover, location: catalog.location()))
    }
    let app = AppContext(bundleIdentifier: "com.example.bench", defaultLocale: locale, locales: [locale],
                         title: [locale: "Bench"], source: catalog)
    return CatalogModel(app: app, contexts: contexts)
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let paths = images(under: options.content)
let stage = ThumbnailStage(contentRoot: options.content, cacheDirectory: options.cache, workers: options.workers)
let start = Date()
let result = try stage.process(model: model(paths), sink: DirectorySink(root: options.output))
let seconds = Date().timeIntervalSince(start)
print(#"{"images": \#(paths.count), "thumbnails": \#(result.thumbnails.all.count), "decoded": \#(result.stats.decoded), "#
    + #""cacheHits": \#(result.stats.cacheHits), "diagnostics": \#(result.diagnostics.count), "seconds": \#(seconds)}"#)
if let map = options.map {
    let lines = paths.indices.compactMap { index in
        result.thumbnails.byContext[index].map { "\(paths[index])\tthumbnails/\($0.thumbnailId)\n" }
    }
    try Data(lines.joined().utf8).write(to: map)
}
if let pixels = options.pixels {
    for path in paths {
        let target = pixels.appendingPathComponent(path + ".png")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let source = try Data(contentsOf: options.content.appendingPathComponent(path))
        try ThumbnailPixels.png(of: source, fit: .cover).write(to: target)
    }
}
