import Foundation

/// What `catalog-build build` does: load and validate, then thumbnails, payloads and the
/// site into a staging directory that replaces the output only when all went well.
public struct BuildOptions: Sendable {
    public var content: ContentRoot
    public var output: URL
    /// Where processed thumbnails and the incremental build state are kept between
    /// builds (nil: no cache, every build is a full one).
    public var cacheDirectory: URL?
    /// Called as thumbnails are made, for a progress indicator.
    public var thumbnailProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Parses kept in memory by a long-lived process (`serve`) between its builds.
    public var parseCache: IncrementalParseCache?

    public init(content: ContentRoot, output: URL, cacheDirectory: URL?,
                thumbnailProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
                parseCache: IncrementalParseCache? = nil) {
        self.content = content
        self.output = output
        self.cacheDirectory = cacheDirectory
        self.thumbnailProgress = thumbnailProgress
        self.parseCache = parseCache
    }
}

public struct BuildResult: Sendable {
    public var diagnostics: DiagnosticBag
    /// True when the output was replaced.
    public var wrote: Bool
    public var contextCount: Int
    /// True when nothing had changed since the last build: the output was left untouched.
    public var upToDate = false
    /// Each stage's wall time, in pipeline order (`build --timings`).
    public var timings = StageTimer()
}

public enum Build {
    public static func run(_ options: BuildOptions) throws -> BuildResult {
        var timer = StageTimer()
        let incremental = timer.measure("up-to-date check") {
            IncrementalBuild(content: options.content.url, output: options.output, cacheDirectory: options.cacheDirectory)
        }
        if timer.measure("up-to-date check", { incremental.isUpToDate }) {
            return BuildResult(diagnostics: DiagnosticBag(), wrote: false, contextCount: 0, upToDate: true, timings: timer)
        }
        let loaded = CatalogLoader.load(options.content, timer: &timer, cache: options.parseCache)
        var bag = loaded.diagnostics
        guard let model = loaded.model, !bag.hasErrors else {
            return BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer)
        }
        let staged = try StagedOutput(output: options.output)
        do {
            let sink = incremental.sink(staging: staged.staging)
            let (thumbnails, imageDiagnostics) = try timer.measure("thumbnails") {
                try ThumbnailCheck.stage(options).run(model: model, sink: sink)
            }
            bag.append(contentsOf: imageDiagnostics)
            let count = try timer.measure("payloads") { try PayloadWriter.write(model: model, thumbnails: thumbnails, to: sink) }
            bag.append(contentsOf: try timer.measure("site") {
                try SiteStage(contentRoot: options.content.url).run(model: model, thumbnails: thumbnails, sink: sink)
            })
            guard !bag.hasErrors else {
                staged.discard()
                return BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer)
            }
            try timer.measure("write/swap") {
                try staged.commit()
                incremental.save(sink, isClean: bag.items.isEmpty)
            }
            // The loaded catalog and the output records are freed on another thread.
            BackgroundRelease.drop((consume loaded, consume model, consume sink, consume thumbnails))
            return BuildResult(diagnostics: bag, wrote: true, contextCount: count, timings: timer)
        } catch {
            staged.discard()
            throw error
        }
    }
}
