import Foundation

/// What `catalog-build export` does: load and validate as `validate` does, make the
/// thumbnail ids as `build` does, and print the tree for an app (JSON or Swift).
///
/// Thumbnail ids are hashes of the processed images, so they need the thumbnail stage;
/// it runs with the build's cache (`.catalog-cache/thumbnails` by default) and writes no
/// file, so after a build an export decodes nothing. Its diagnostics are the build's:
/// content with any error gives no export.
public enum CatalogExport {
    public enum Format: String, CaseIterable, Sendable {
        case json, swift
    }

    public struct Result: Sendable {
        public var diagnostics: DiagnosticBag
        /// The document; nil when the content has errors.
        public var text: String?
        public var tree: ExportTree?
    }

    public static func run(content: ContentRoot, cacheDirectory: URL?, format: Format) -> Result {
        var loaded = CatalogLoader.load(content)
        guard let model = loaded.model else { return Result(diagnostics: loaded.diagnostics, text: nil, tree: nil) }
        let options = BuildOptions(content: content, output: content.url, cacheDirectory: cacheDirectory)
        let (thumbnails, problems) = (try? ThumbnailCheck.stage(options).run(model: model, sink: NullSink())) ?? (ThumbnailSet(), [])
        let known = Set(loaded.diagnostics.items.map { "\($0.rule)|\($0.location)" })
        loaded.diagnostics.append(contentsOf: problems.filter { !known.contains("\($0.rule)|\($0.location)") })
        guard !loaded.diagnostics.hasErrors else { return Result(diagnostics: loaded.diagnostics, text: nil, tree: nil) }
        let tree = ExportTree(model: model, thumbnailIds: thumbnails.byContext.mapValues(\.thumbnailId))
        let text = format == .json ? JSONExport.document(tree) : SwiftExport.source(tree)
        return Result(diagnostics: loaded.diagnostics, text: text, tree: tree)
    }
}
