import CCatalogSystem
import Foundation

/// A build session that lives as long as `serve`: each rebuild runs every stage, but
/// what the last builds computed is kept in memory and taken again wherever its inputs
/// are unchanged — parsed files (`IncrementalParseCache`), body checks (`BodyCheckMemo`),
/// request files (`PayloadMemo`), pages (`SitePageMemo`) and search postings — and only the files whose bytes changed are written
/// (`LiveOutput`). The output is byte-for-byte what `build` would write for the same
/// content (but for the sitemap of a path `site.baseURL`, which a `previewOrigin` gives);
/// the identity tests compare the two after random edits.
///
/// Rebuilds must not overlap: the watcher calls `rebuild` from its one thread.
public final class LiveBuild: Sendable {
    public let content: ContentRoot
    public let cacheDirectory: URL?
    let parses = IncrementalParseCache()
    let bodies = BodyCheckMemo()
    let pages = SitePageMemo()
    let payloads = PayloadMemo()
    let output: LiveOutput
    /// The last build that wrote the output, while nothing has changed it since.
    private let settled = Locked<LiveSettled?>(nil)
    /// Whether the last rebuild was given its listing: only then do the paths a caller
    /// says changed since that listing say what changed since the last build.
    private let wasGivenListing = Locked(false)
    /// Called at two points of every whole rebuild, in tests only (`ServeOptions`): a test
    /// holds a rebuild there, or changes the content under it.
    let pause = Locked<(@Sendable (Pause) -> Void)?>(nil)

    enum Pause: Sendable {
        /// The content is loaded; nothing is rendered yet.
        case loaded
        /// Every file is made in memory; none is written yet.
        case rendered
    }

    /// The address the output is served at (`serve`), for the sitemap of a site whose
    /// `site.baseURL` is only a path (`SiteStage.previewOrigin`); set before the first build.
    let previewOrigin = Locked<String?>(nil)

    public init(content: ContentRoot, output: URL, cacheDirectory: URL?, force: Bool = false) {
        self.content = content
        self.cacheDirectory = cacheDirectory
        self.output = LiveOutput(directory: output, force: force)
    }

    /// The outcome of one rebuild, with how many pages were rendered and files written.
    public struct Outcome: Sendable {
        public var result: BuildResult
        public var pagesReused = 0
        public var filesWritten = 0
        public var filesRemoved = 0
        /// How the build was made: every stage, or the last build patched.
        var path: Path = .whole
    }

    enum Path: Sendable { case whole, bodies, fields }

    /// Builds the content as it is now. Content errors leave the output untouched; an
    /// environment failure throws (and the next rebuild replaces the output whole).
    /// - Parameter stamps: every file under the content directory, with directories as
    ///   `path/` (`TreeStamps.collect(_:directories:)`), when the caller (the watcher) has
    ///   just listed them; otherwise they are listed here.
    /// - Parameter changed: with `stamps`, the paths whose stamps differ from the listing
    ///   given to the last rebuild (more are harmless): then only those files and the ones
    ///   whose stamps the last build could not trust are compared, not every file.
    func rebuild(stamps listed: [String: FileStamp]? = nil, changed: Set<String>? = nil) throws -> Outcome {
        var timer = StageTimer()
        let now = FileStamp.now()
        let listing = timer.measure("load") { listed ?? TreeStamps.collect(content.url, directories: true) }
        let candidates = wasGivenListing.withLock { given in
            defer { given = listed != nil }
            return given ? changed : nil
        }
        // Taken out, so that a patch changes the last build's arrays in place (nothing else
        // holds them); put back once patched. A whole build makes it again.
        if output.isKnown, var last = settled.withLock({ state -> LiveSettled? in defer { state = nil }; return state }),
           let outcome = try rebuildPatched(listing: listing, candidates: candidates, now: now, settled: &last,
                                            timer: &timer) {
            settled.withLock { $0 = last }
            return outcome
        }
        settled.withLock { $0 = nil }
        let stamps = timer.measure("load") { listing.mapValues { $0.trusted(at: now) } }
        let outcome = try rebuildAllAgainIfABodyChanged(stamps: stamps, timer: &timer)
        Self.returnFreedMemory()
        return outcome
    }

    /// Bodies stay in their files (`MarkdownBody(streamed:)`) and are read again when their
    /// pages are rendered: one saved during the build no longer matches what was loaded, and
    /// the build stops (`BodyChanged`). It is made again once, from the files as they are
    /// then (the parse cache reads the changed file again); nothing is ever read through a
    /// symbolic link that took a body's place.
    private func rebuildAllAgainIfABodyChanged(stamps: [String: FileStamp], timer: inout StageTimer) throws -> Outcome {
        do {
            return try rebuildAll(stamps: stamps, timer: &timer)
        } catch is BodyChanged {
            return try rebuildAll(stamps: stamps, timer: &timer)
        }
    }

    /// Gives the memory a whole build freed back to the system. A whole build holds every
    /// output file in memory at once (`MemorySink`) and thousands of temporary values;
    /// glibc's allocator keeps what they freed for later allocations, so a `serve` that
    /// then only patches would stay about 100 MB larger at 10,000 contexts. A few
    /// milliseconds, after a build of hundreds; patches free too little to need it.
    private static func returnFreedMemory() {
        cb_release_free_memory()
    }

    /// Every stage over the whole catalog, each taking what it can from the memos.
    private func rebuildAll(stamps: [String: FileStamp], timer: inout StageTimer) throws -> Outcome {
        let files = Set(stamps.keys.filter { !$0.hasSuffix("/") })
        var kept: LiveLoader.Kept?
        let loaded = LiveLoader.load(content, timer: &timer, parses: parses, bodies: bodies, contentFiles: files,
                                     kept: &kept)
        var bag = loaded.diagnostics
        guard let model = loaded.model, let kept, !bag.hasErrors else {
            if let model = loaded.model {
                bag.append(contentsOf: StoppedBuildChecks.diagnostics(model, content: content, cacheDirectory: cacheDirectory,
                                                                      alreadyReported: bag, timer: &timer))
            }
            return Outcome(result: BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer))
        }
        pause.withLock { $0 }?(.loaded)
        let afterBodyChecks = bag.items.count
        let sink = MemorySink()
        let options = BuildOptions(content: content, output: output.directory, cacheDirectory: cacheDirectory)
        let (thumbnails, imageDiagnostics) = try timer.measure("thumbnails") {
            try ThumbnailCheck.stage(options).run(model: model, sink: sink)
        }
        bag.append(contentsOf: imageDiagnostics)
        let count = try timer.measure("payloads") { try payloads.write(model: model, thumbnails: thumbnails, to: sink) }
        let (pagePaths, branding) = try timer.measure("site") { () throws -> (Set<String>, Branding) in
            let (diagnostics, branding) = try site(model, thumbnails: thumbnails, sink: sink)
            bag.append(contentsOf: diagnostics)
            return (pages.producedPaths, branding)
        }
        guard !bag.hasErrors else {
            return Outcome(result: BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer))
        }
        pause.withLock { $0 }?(.rendered)
        let applied = try timer.measure("write") { try write(sink.written, copies: sink.copied, pages: pagePaths) }
        // Made here, so that the first body edit after this build is as quick as the next ones.
        let siteIndex = timer.measure("site") { SiteIndex(model: model, thumbnails: thumbnails) }
        let contextFiles = timer.measure("model") { LiveSettled.filesOfContexts(kept.tree) }
        let present = timer.measure("site") {
            Dictionary(uniqueKeysWithValues: siteIndex.locales.map { locale in
                (locale, siteIndex.presentContexts(in: locale))
            })
        }
        settled.withLock {
            $0 = LiveSettled(stamps: stamps, tree: kept.tree, model: model, contextsByFile: contextFiles, thumbnails: thumbnails,
                             branding: branding, loading: kept.loading, validation: kept.validation,
                             afterBodyChecks: Array(bag.items[afterBodyChecks...]), contextCount: count,
                             pages: pagePaths, bodies: LiveSettled.bodyUses(model), siteIndex: siteIndex,
                             present: present, racy: LiveSettled.racy(stamps))
        }
        let result = BuildResult(diagnostics: bag, wrote: true, contextCount: count, timings: timer)
        return Outcome(result: result, pagesReused: pages.reusedCount, filesWritten: applied.written,
                       filesRemoved: applied.removed)
    }

    /// A `BodyEdit` or `FieldEdit` applied to the last build; nil when the change is
    /// neither (or its pages reach further), and the caller builds everything.
    /// - Parameters:
    ///   - listing: every file's stamp, as listed at `now`.
    ///   - candidates: the files that may have changed since the last build; nil for any.
    private func rebuildPatched(listing: [String: FileStamp], candidates: Set<String>?, now: Int64,
                                settled last: inout LiveSettled, timer: inout StageTimer) throws -> Outcome? {
        let detected = timer.measure("load") {
            LiveEdit.detect(listing: listing, candidates: candidates.map { $0.union(last.racy) }, now: now,
                            settled: last, content: content, parses: parses)
        }
        guard let (edit, stamps) = detected else { return nil }
        switch edit {
        case .bodies(let edit): return try rebuildBodies(edit, stamps: stamps, settled: &last, timer: &timer)
        case .fields(let path, let old, let new):
            guard let edit = timer.measure("revalidate", { FieldEdit.apply(path: path, old: old, new: new, to: &last) })
            else { return nil }
            return try rebuildFields(edit, stamps: stamps, settled: &last, timer: &timer)
        }
    }

    /// - Parameter stamps: the files whose stamps changed since `last` (`LiveEdit.detect`).
    private func rebuildBodies(_ edit: BodyEdit, stamps: [String: FileStamp], settled last: inout LiveSettled,
                               timer: inout StageTimer) throws -> Outcome? {
        let (tree, model, changedPages) = timer.measure("model") { edit.patch(last) }
        let checked = timer.measure("body checks") { bodies.recheck(edit.bodies.map(\.body), model: model, contentRoot: content.url) }
        var bag = DiagnosticBag(settings: last.tree.ruleSettings)
        bag.append(contentsOf: last.beforeBodyChecks)
        bag.append(contentsOf: checked)
        bag.append(contentsOf: last.afterBodyChecks)
        guard !bag.hasErrors else {
            // Until a build succeeds, these files differ from what the output was built from.
            for (path, _) in edit.bodies { last.distrust(path) }
            return Outcome(result: BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer), path: .bodies)
        }
        guard let patch = timer.measure("site", {
            LiveSitePatch.make(model: model, settled: last, pages: changedPages, memo: pages, contentRoot: content.url)
        }) else { return nil }
        let applied = try timer.measure("write") { try apply(patch.changed, removing: patch.removed, pages: last.pages) }
        last.restamp(stamps)
        last.tree = tree
        last.model = model
        last.siteIndex = patch.index
        let result = BuildResult(diagnostics: bag, wrote: true, contextCount: last.contextCount, timings: timer)
        return Outcome(result: result, pagesReused: last.pages.count - patch.rendered, filesWritten: applied.written,
                       filesRemoved: applied.removed, path: .bodies)
    }

    /// A `FieldEdit` applied to the last build: its file's body checked again when it
    /// moved or changed, its request files and the pages and search files that show its
    /// fields made again. `last` has the edit's tree and model already (`FieldEdit.apply`).
    private func rebuildFields(_ edit: FieldEdit, stamps: [String: FileStamp], settled last: inout LiveSettled,
                               timer: inout StageTimer) throws -> Outcome? {
        let checked = timer.measure("body checks") { bodies.recheck(edit.body.map { [$0] } ?? [], model: last.model, contentRoot: content.url) }
        var bag = DiagnosticBag(settings: last.tree.ruleSettings)
        bag.append(contentsOf: last.loading)
        for list in edit.validation { bag.append(contentsOf: list) }
        bag.append(contentsOf: checked)
        bag.append(contentsOf: last.afterBodyChecks)
        guard !bag.hasErrors else {
            // Until a build succeeds, this file differs from what the output was built from.
            edit.undo(&last)
            last.distrust(edit.path)
            return Outcome(result: BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer), path: .fields)
        }
        guard let requests = timer.measure("payloads", {
            payloads.patch(context: edit.modelIndex, model: last.model, thumbnails: last.thumbnails)
        }), var patch = timer.measure("site", {
            LiveFieldSitePatch.make(edit: edit, settled: last, memo: pages, contentRoot: content.url)
        }) else { return nil }
        patch.changed.merge(requests) { $1 }
        let applied = try timer.measure("write") { try apply(patch.changed, removing: patch.removed, pages: last.pages) }
        last.restamp(stamps)
        last.validation = edit.validation
        last.siteIndex = patch.index
        let result = BuildResult(diagnostics: bag, wrote: true, contextCount: last.contextCount, timings: timer)
        return Outcome(result: result, pagesReused: last.pages.count - patch.rendered, filesWritten: applied.written,
                       filesRemoved: applied.removed, path: .fields)
    }

    /// Writes a patch's files; its pages become reusable once they are in place.
    private func apply(_ changed: [String: Data], removing removed: [String],
                       pages paths: Set<String>) throws -> (written: Int, removed: Int) {
        do {
            let applied = try output.patch(changed: changed, removed: removed, pages: paths)
            pages.commit()
            return applied
        } catch {
            pages.reset()
            settled.withLock { $0 = nil }
            throw error
        }
    }

    private func site(_ model: CatalogModel, thumbnails: ThumbnailSet,
                      sink: MemorySink) throws -> (diagnostics: [Diagnostic], branding: Branding) {
        if !output.isKnown { pages.reset() }
        let (branding, _) = Branding.load(model.app.site, contentRoot: content.url, source: model.app.source)
        pages.begin(site: SiteInputs(model.app, branding: branding))
        var stage = SiteStage(contentRoot: content.url)
        stage.previewOrigin = previewOrigin.withLock { $0 }
        let diagnostics = try stage.run(model: model, thumbnails: thumbnails, sink: sink, memo: pages)
        return (diagnostics, branding)
    }

    /// Applies the difference; the pages rendered become reusable only once it is in place.
    private func write(_ files: [String: Data], copies: [String: LiveOutput.Copy],
                       pages paths: Set<String>) throws -> (written: Int, removed: Int) {
        do {
            let applied = try output.apply(files: files, copies: copies, pages: paths)
            pages.commit()
            pages.keep(only: paths)
            return applied
        } catch {
            pages.reset()
            throw error
        }
    }
}
