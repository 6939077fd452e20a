import Foundation

/// What `catalog-build build` does: load and validate, then thumbnails, payloads and the
/// site into a staging directory that replaces the output only when all went well.
public struct BuildOptions: Sendable {
    public var content: ContentRoot
    public var output: URL
    /// Where processed thumbnails are kept between builds (nil: no cache).
    public var cacheDirectory: URL?
    /// Called as thumbnails are made, for a progress indicator.
    public var thumbnailProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    public init(content: ContentRoot, output: URL, cacheDirectory: URL?,
                thumbnailProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) {
        self.content = content
        self.output = output
        self.cacheDirectory = cacheDirectory
        self.thumbnailProgress = thumbnailProgress
    }
}

public struct BuildResult: Sendable {
    public var diagnostics: DiagnosticBag
    /// True when the output was replaced.
    public var wrote: Bool
    public var contextCount: Int
}

public enum Build {
    public static func run(_ options: BuildOptions) throws -> BuildResult {
        let loaded = CatalogLoader.load(options.content)
        var bag = loaded.diagnostics
        guard let model = loaded.model, !bag.hasErrors else {
            return BuildResult(diagnostics: bag, wrote: false, contextCount: 0)
        }
        let staged = try StagedOutput(output: options.output)
        do {
            let sink = DirectorySink(root: staged.staging)
            let (thumbnails, imageDiagnostics) = try ThumbnailCheck.stage(options).run(model: model, sink: sink)
            bag.append(contentsOf: imageDiagnostics)
            let count = try PayloadWriter.write(model: model, thumbnails: thumbnails, to: sink)
            bag.append(contentsOf: try SiteStage(contentRoot: options.content.url).run(model: model, thumbnails: thumbnails, sink: sink))
            guard !bag.hasErrors else {
                staged.discard()
                return BuildResult(diagnostics: bag, wrote: false, contextCount: 0)
            }
            try staged.commit()
            return BuildResult(diagnostics: bag, wrote: true, contextCount: count)
        } catch {
            staged.discard()
            throw error
        }
    }
}
