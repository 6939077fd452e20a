import Foundation

/// The thumbnails stage as `build` and `validate` both run it: `validate` makes every
/// thumbnail too (into no directory), since only a full decode finds a truncated image;
/// the cache keeps that cheap for unchanged images.
public enum ThumbnailCheck {
    /// The thumbnail cache's folder in the cache directory.
    static let cacheFolder = "thumbnails"

    static func stage(_ options: BuildOptions) -> ThumbnailStage {
        ThumbnailStage(contentRoot: options.content.url,
                       cacheDirectory: options.cacheDirectory?.appendingPathComponent(cacheFolder),
                       progress: thumbnailProgress(options.progress))
    }

    private static func thumbnailProgress(_ report: (@Sendable (BuildProgress) -> Void)?)
        -> (@Sendable (_ done: Int, _ total: Int) -> Void)? {
        guard let report else { return nil }
        return { done, total in report(BuildProgress(stage: .thumbnails, done: done, total: total)) }
    }

    /// Checks every thumbnail of the model without writing any output. Problems that
    /// validation already reported at the same place (a missing file, say) are left out.
    public static func diagnostics(model: CatalogModel, content: ContentRoot, cacheDirectory: URL?,
                                   alreadyReported: DiagnosticBag) -> [Diagnostic] {
        let options = BuildOptions(content: content, output: content.url, cacheDirectory: cacheDirectory)
        let found = (try? stage(options).run(model: model, sink: NullSink()).1) ?? []
        let known = Set(alreadyReported.items.map { "\($0.rule)|\($0.location)" })
        return found.filter { !known.contains("\($0.rule)|\($0.location)") }
    }
}

/// A sink that keeps nothing, for checks that produce files only as a side effect.
public struct NullSink: OutputSink {
    public init() {}
    public func write(_ relativePath: String, _ data: Data) throws {}
}
