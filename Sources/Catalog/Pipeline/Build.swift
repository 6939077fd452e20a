import Foundation

/// What `catalog-build build` does: load and validate, then thumbnails, payloads and the
/// site into a staging directory that replaces the output only when all went well.
public struct BuildOptions: Sendable {
    public var content: ContentRoot
    public var output: URL
    /// Where processed thumbnails and the incremental build state are kept between
    /// builds (nil: no cache, every build is a full one).
    public var cacheDirectory: URL?
    /// Told how far the long stages (loading, thumbnails, pages) have got, from any
    /// thread, for a progress display; the library itself never prints.
    public var progress: (@Sendable (BuildProgress) -> Void)?
    /// Parses kept in memory by a long-lived process (`serve`) between its builds.
    public var parseCache: IncrementalParseCache?
    /// Replace an output that the build did not make (`--force`; see `OutputOwnership`).
    public var force = false
    /// Warnings stop the build too, and nothing is written (`--strict`).
    public var strict = false
    /// Called as each stage begins (`StageTimer.started`), for `--timings`.
    public var stageStarted: (@Sendable (_ stage: String) -> Void)?
    /// The replaced output is moved into the cache folder and removed by a process of its
    /// own once this one has ended (`StagedOutput`'s trash), rather than before `run`
    /// returns: the `build` command, which ends right after.
    public var removesOldOutputAfterExit = false

    public init(content: ContentRoot, output: URL, cacheDirectory: URL?,
                progress: (@Sendable (BuildProgress) -> Void)? = nil,
                parseCache: IncrementalParseCache? = nil) {
        self.content = content
        self.output = output
        self.cacheDirectory = cacheDirectory
        self.progress = progress
        self.parseCache = parseCache
    }
}

public struct BuildResult: Sendable {
    public var diagnostics: DiagnosticBag
    /// True when the output was replaced.
    public var wrote: Bool
    public var contextCount: Int
    /// What the build wrote (when `wrote`), for its summary.
    public var written = OutputCounts()
    /// True when nothing had changed since the last build: the output was left untouched.
    public var upToDate = false
    /// Each stage's wall time, in pipeline order (`build --timings`).
    public var timings = StageTimer()
    /// How the build was made: a body edit from the saved state, or a full build and why
    /// not a body edit (`build --timings` and `--verbose` show it).
    public var route = ""
    /// What a full build left out and why, which is no diagnostic (`build --verbose`
    /// shows it): no sitemap for a `site.baseURL` that is only a path.
    public var notes: [String] = []
    /// The process that removes the replaced output once this one has ended
    /// (`BuildOptions.removesOldOutputAfterExit`), if one does.
    var oldOutputRemover: DetachedRemoval.Handed?
}

extension BuildOptions {
    /// Where the replaced output goes for its remover; nil: removed before the build returns.
    var trash: URL? { removesOldOutputAfterExit ? cacheDirectory : nil }

    /// Whether what was found so far stops the build: any error, or a warning under `strict`.
    func stops(at bag: DiagnosticBag) -> Bool {
        bag.hasErrors || (strict && bag.warningCount > 0)
    }
}

public enum Build {
    public static func run(_ options: BuildOptions) throws -> BuildResult {
        var timer = StageTimer(started: options.stageStarted)
        var incremental = timer.measure("up-to-date check") {
            IncrementalBuild(content: options.content.url, output: options.output, cacheDirectory: options.cacheDirectory)
        }
        if timer.measure("up-to-date check", { incremental.isUpToDate }) {
            return BuildResult(diagnostics: DiagnosticBag(), wrote: false, contextCount: 0, upToDate: true, timings: timer)
        }
        let listing = incremental.takeListing()
        let route: String
        switch try BodyEditBuild.attempt(options, incremental: incremental, timer: &timer) {
        case .success(var result):
            result.timings = timer
            BackgroundRelease.drop(consume incremental)
            return result
        case .failure(let fallback):
            route = "full build: \(fallback.reason)"
        }
        var result = try full(options, incremental: incremental, listing: listing, timer: &timer)
        result.route = route
        return result
    }

    /// - Parameter listing: the content as the up-to-date check listed it, which loading
    ///   takes instead of walking the content again.
    private static func full(_ options: BuildOptions, incremental: IncrementalBuild, listing: consuming ContentWalk.Listing?,
                             timer: inout StageTimer) throws -> BuildResult {
        // Bodies are checked where the site renders them, from the same parse. They stay in
        // their files until then: each is read, parsed, rendered, written and dropped in turn,
        // so memory holds the tree and the index, not the bodies. Only a caller that passes a
        // parse cache (tests, comparing the two ways) keeps them; `serve` builds through
        // `LiveBuild`, which streams them too.
        var loaded = CatalogLoader.load(options.content, timer: &timer, cache: options.parseCache, checkBodies: false,
                                        streamsBodies: options.parseCache == nil, listing: consume listing,
                                        progress: options.progress)
        var bag = loaded.diagnostics
        guard let model = loaded.model else {
            return BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer)
        }
        // Validation and the model are done with the loaded tree (every file's fields, in
        // every locale): it is freed on another thread while the site is rendered, rather
        // than held to the end of the build (a tenth of the memory at 250,000 versions).
        BackgroundRelease.drop(loaded.tree.take(), releasingMemory: true)
        guard !options.stops(at: bag) else {
            // Nothing is rendered: the bodies, the site's logo and style sheets and the
            // thumbnails are checked on their own, as `validate` checks them, so that every
            // mistake is reported at once.
            bag.append(contentsOf: timer.measure("body checks") { BodyChecker.check(model, contentRoot: options.content.url) })
            bag.append(contentsOf: StoppedBuildChecks.diagnostics(model, content: options.content,
                                                                  cacheDirectory: options.cacheDirectory,
                                                                  alreadyReported: bag, timer: &timer))
            return BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer)
        }
        bag.append(contentsOf: IdentifierChanges.diagnostics(model: model, output: options.output, incremental: incremental))
        let staged = try StagedOutput(output: options.output, force: options.force, trash: options.trash)
        options.cacheDirectory.map(Self.removeStaleTemporaryFiles)
        incremental.stateDirectory.map(StaleStaging.removeTemporaryFiles)
        do {
            let sink = try incremental.sink(staging: staged.staging)
            let checks = SiteBodyChecks(contentRoot: options.content.url)
            let (thumbnails, imageDiagnostics) = try timer.measure("thumbnails") {
                try ThumbnailCheck.stage(options).run(model: model, sink: sink)
            }
            // The payloads are written beside the site, on a thread of their own: the site
            // stage's threads leave a core idle now and then, and the payloads fill it.
            let payloads = BesideTask { try PayloadWriter.write(model: model, thumbnails: thumbnails, to: sink, concurrently: false) }
            defer { payloads.wait() }
            // What a later body-only edit needs is recorded only when it can be saved: the
            // state is kept for a clean build alone, and warnings found so far mean this one is
            // not (at 250,000 versions the recorder writes about 100 MB into the cache).
            let bodyStateDirectory = options.parseCache == nil ? incremental.stateDirectory : nil  // none with a parse cache
            let recorder = bodyStateDirectory.flatMap { directory in
                bag.items.isEmpty ? BodyStateRecorder(inputs: incremental.inputs, directory: directory) : nil
            }
            let siteDiagnostics = try timer.measure("site") {
                try Self.site(options, model: model, thumbnails: thumbnails, sink: sink, checks: checks, record: recorder)
            }
            let count = try timer.measure("payloads, waited for") { try payloads.join() }
            timer.recordBeside("payloads beside the site", seconds: payloads.timing.seconds, cpuSeconds: payloads.timing.cpuSeconds)
            let bodyDiagnostics = timer.measure("body checks left") { checks.finish(model) }
            // Every problem found is reported, as `validate` reports it: a site stage that
            // stopped at a body's error did not get to read the logo and style sheets.
            bag.append(contentsOf: bodyDiagnostics)
            bag.append(contentsOf: imageDiagnostics)
            bag.append(contentsOf: siteDiagnostics ?? StoppedBuildChecks.branding(model, contentRoot: options.content.url))
            guard !options.stops(at: bag) else {
                staged.discard()
                return BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer)
            }
            // The catalog is done with once the site and the payloads are written: it is
            // freed before the states are saved, which then take its place rather than
            // come on top of it (a quarter of the memory at 250,000 versions).
            let locales = model.app.locales
            let notes = Sitemap.omission(siteBaseURL: model.app.site.baseURL).map { [$0] } ?? []
            BackgroundRelease.dropNow((consume loaded, consume model, consume thumbnails, consume checks))
            let remover = try timer.measure("write/swap") {
                let remover = try staged.swap()
                incremental.save(sink, isClean: bag.items.isEmpty)
                if let recorder {
                    incremental.saveBodyState(recorder, locales: locales, contextCount: count, isClean: bag.items.isEmpty)
                } else if let bodyStateDirectory {
                    BodyState.remove(from: bodyStateDirectory)
                }
                return remover
            }
            let written = OutputCounts(paths: sink.written.records.keys)
            // The output records are freed on another thread.
            BackgroundRelease.drop(consume sink)
            return BuildResult(diagnostics: bag, wrote: true, contextCount: count, written: written, timings: timer,
                               notes: notes, oldOutputRemover: remover)
        } catch let cancelled as BuildCancelled {
            // The interrupt's thread removes the staging folder; removing it here too would
            // only slow that down.
            throw cancelled
        } catch {
            staged.discard()
            throw error
        }
    }

    /// The cache's temporary files that builds which no longer run left (`AtomicFile`).
    /// And the state that older builds kept at the cache's root (`OldRootState`).
    private static func removeStaleTemporaryFiles(_ cache: URL) {
        StaleStaging.removeTemporaryFiles(in: cache)
        StaleStaging.removeTemporaryFiles(in: cache.appendingPathComponent(ThumbnailCheck.cacheFolder))
        OldRootState.remove(in: cache)
    }

    /// The site stage's diagnostics; nil when it stopped at a body's error.
    private static func site(_ options: BuildOptions, model: CatalogModel, thumbnails: ThumbnailSet,
                             sink: some OutputSink, checks: SiteBodyChecks, record: BodyStateRecorder?) throws -> [Diagnostic]? {
        do {
            return try SiteStage(contentRoot: options.content.url)
                .run(model: model, thumbnails: thumbnails, sink: sink, memo: nil, checks: checks, progress: options.progress,
                     record: record)
        } catch is SiteBodyChecks.Stop {
            return nil
        }
    }
}
