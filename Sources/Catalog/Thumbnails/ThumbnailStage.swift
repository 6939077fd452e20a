import Crypto
import Foundation

/// The thumbnails stage: every context's image becomes a square PNG or JPEG of at most
/// 330×330 (content-format.md §6), written to `thumbnails/<thumbnailId>` through the sink.
///
/// Each distinct (source file, fit) is processed once, on up to `workers` threads (the
/// largest files first, so that the workers finish together), with
/// finished thumbnails cached in `cacheDirectory` (e.g. `.catalog-cache/thumbnails`)
/// so that a rebuild with unchanged images decodes nothing. A run without errors then
/// removes the cache entries it did not use: the cache holds the current content's
/// thumbnails and no more. A run with errors prunes nothing, so fixing one broken image
/// does not cost the others their entries.
public struct ThumbnailStage: Sendable {
    public var contentRoot: URL
    public var cacheDirectory: URL?
    public var workers: Int
    public var settings: ThumbnailSettings
    /// Called from worker threads with (done, total) after each distinct image; for a
    /// progress display. The library itself never prints.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    public init(contentRoot: URL, cacheDirectory: URL?, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                settings: ThumbnailSettings = ThumbnailSettings(),
                progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) {
        self.contentRoot = contentRoot
        self.cacheDirectory = cacheDirectory
        self.workers = max(1, workers)
        self.settings = settings
        self.progress = progress
    }

    /// Content problems come back as diagnostics at each thumbnail's `location`; only a
    /// sink that cannot write (an environment failure) throws.
    public func run(model: CatalogModel, sink: some OutputSink) throws -> (ThumbnailSet, [Diagnostic]) {
        let result = try process(model: model, sink: sink)
        return (result.thumbnails, result.diagnostics)
    }

    /// Like `run`, with counts of the work done (decodes, cache hits) for tests and benchmarks.
    public func process(model: CatalogModel, sink: some OutputSink) throws -> ThumbnailStageResult {
        let plan = ThumbnailPlan(model: model, paths: ContentPaths(root: contentRoot))
        let cache = cacheDirectory.map(ThumbnailCache.init(directory:))
        let maker = ThumbnailMaker(settings: settings, cache: cache)
        let writer = ThumbnailWriter(sink: sink)
        let total = plan.jobs.count, progress = self.progress
        let finished = try WorkQueue.run(count: total, workers: workers, order: plan.largestFirst, local: { WorkerBuffers() },
                                     finished: { progress?($0, total) }) { index, buffers in
            let outcome = maker.make(plan.jobs[index], buffers: buffers)
            let processed = outcome.thumbnail.map { writer.write($0) }
            return FinishedJob(thumbnail: processed, outcome: outcome)
        }
        try writer.checkErrors()
        let result = ThumbnailStageResult(plan: plan, finished: finished)
        if let cache, result.diagnostics.allSatisfy({ $0.severity != .error }) {
            cache.prune(keeping: Set(finished.compactMap(\.cacheKey)))
        }
        return result
    }
}

/// The stage's result, with counts of the work it did.
public struct ThumbnailStageResult: Sendable {
    public var thumbnails: ThumbnailSet
    public var diagnostics: [Diagnostic]
    public var stats: ThumbnailStats
}

/// How much work a run did; a rebuild with unchanged images has `decoded == 0`.
public struct ThumbnailStats: Hashable, Sendable {
    /// Distinct (source file, fit) pairs that resolved to a file.
    public var sources = 0
    /// Images decoded (not found in the cache).
    public var decoded = 0
    public var cacheHits = 0
}

/// A job's outcome once its bytes are written: the bytes themselves are let go.
struct FinishedJob: Sendable {
    var thumbnail: ProcessedThumbnail?
    var problems: [ThumbnailProblem]
    var decoded: Bool
    var cacheHit: Bool
    var cacheKey: String?

    init(thumbnail: ProcessedThumbnail?, outcome: JobOutcome) {
        self.thumbnail = thumbnail
        problems = outcome.problems
        decoded = outcome.decoded
        cacheHit = outcome.cacheHit
        cacheKey = outcome.cacheKey
    }
}

extension ThumbnailStageResult {
    /// Hands each context its job's thumbnail and problems, in context order.
    init(plan: ThumbnailPlan, finished: [FinishedJob]) {
        var byContext: [Int: ProcessedThumbnail] = [:]
        var diagnostics: [Diagnostic] = []
        for use in plan.uses {
            let path = use.source.relativePath, location = use.source.location
            switch use.job {
            case .failure(let problem):
                diagnostics.append(problem.diagnostic(path: path, at: location))
            case .success(let job):
                byContext[use.context] = finished[job].thumbnail
                diagnostics += finished[job].problems.map { $0.diagnostic(path: path, at: location) }
            }
        }
        thumbnails = ThumbnailSet(byContext: byContext)
        self.diagnostics = diagnostics
        stats = ThumbnailStats(sources: finished.count, decoded: finished.count { $0.decoded },
                               cacheHits: finished.count { $0.cacheHit })
    }
}
