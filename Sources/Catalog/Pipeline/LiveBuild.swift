import Foundation
import Synchronization

/// A build session that lives as long as `serve`: each rebuild runs every stage, but
/// what the last builds computed is kept in memory and taken again wherever its inputs
/// are unchanged — parsed files (`IncrementalParseCache`), body checks (`BodyCheckMemo`),
/// request files (`PayloadMemo`), pages (`SitePageMemo`) and search postings — and only the files whose bytes changed are written
/// (`LiveOutput`). The output is byte-for-byte what `build` would write for the same
/// content; the identity tests compare the two after random edits.
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
    private let settled = Mutex<LiveSettled?>(nil)

    public init(content: ContentRoot, output: URL, cacheDirectory: URL?) {
        self.content = content
        self.cacheDirectory = cacheDirectory
        self.output = LiveOutput(directory: output)
    }

    /// The outcome of one rebuild, with how many pages were rendered and files written.
    public struct Outcome: Sendable {
        public var result: BuildResult
        public var pagesReused = 0
        public var filesWritten = 0
        public var filesRemoved = 0
    }

    /// Builds the content as it is now. Content errors leave the output untouched; an
    /// environment failure throws (and the next rebuild replaces the output whole).
    /// - Parameter stamps: every file under the content directory, with directories as
    ///   `path/` (`TreeStamps.collect(_:directories:)`), when the caller (the watcher) has
    ///   just listed them; otherwise they are listed here.
    func rebuild(stamps listed: [String: FileStamp]? = nil) throws -> Outcome {
        var timer = StageTimer()
        let now = FileStamp.now()
        let stamps = timer.measure("load") {
            (listed ?? TreeStamps.collect(content.url, directories: true)).mapValues { $0.trusted(at: now) }
        }
        if let last = settled.withLock({ $0 }), output.isKnown,
           let outcome = try rebuildBodies(stamps: stamps, settled: last, timer: &timer) {
            return outcome
        }
        settled.withLock { $0 = nil }
        return try rebuildAll(stamps: stamps, timer: &timer)
    }

    /// Every stage over the whole catalog, each taking what it can from the memos.
    private func rebuildAll(stamps: [String: FileStamp], timer: inout StageTimer) throws -> Outcome {
        let files = Set(stamps.keys.filter { !$0.hasSuffix("/") })
        var beforeBodyChecks: [Diagnostic] = []
        let loaded = LiveLoader.load(content, timer: &timer, parses: parses, bodies: bodies, contentFiles: files,
                                     beforeBodyChecks: &beforeBodyChecks)
        var bag = loaded.diagnostics
        guard let model = loaded.model, !bag.hasErrors else {
            return Outcome(result: BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer))
        }
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
        let applied = try timer.measure("write") { try write(sink.written, pages: pagePaths) }
        // Made here, so that the first body edit after this build is as quick as the next ones.
        let siteIndex = timer.measure("site") { SiteIndex(model: model, thumbnails: thumbnails) }
        settled.withLock {
            $0 = LiveSettled(stamps: stamps, model: model, thumbnails: thumbnails, branding: branding,
                             beforeBodyChecks: beforeBodyChecks, afterBodyChecks: Array(bag.items[afterBodyChecks...]),
                             contextCount: count, pages: pagePaths, bodies: LiveSettled.bodyUses(model),
                             siteIndex: siteIndex)
        }
        let result = BuildResult(diagnostics: bag, wrote: true, contextCount: count, timings: timer)
        return Outcome(result: result, pagesReused: pages.reusedCount, filesWritten: applied.written,
                       filesRemoved: applied.removed)
    }

    /// A `BodyEdit` applied to the last build; nil when the change is not one (or its pages
    /// reach further than their bodies), and the caller builds everything.
    private func rebuildBodies(stamps: [String: FileStamp], settled last: LiveSettled,
                               timer: inout StageTimer) throws -> Outcome? {
        guard let edit = timer.measure("load", {
            BodyEdit.detect(stamps: stamps, settled: last, content: content, parses: parses)
        }) else { return nil }
        let (model, changedPages) = timer.measure("model") { edit.patch(last) }
        let checked = timer.measure("body checks") { bodies.recheck(edit.bodies.map(\.body), contentRoot: content.url) }
        var bag = DiagnosticBag()
        bag.append(contentsOf: last.beforeBodyChecks)
        bag.append(contentsOf: checked)
        bag.append(contentsOf: last.afterBodyChecks)
        guard !bag.hasErrors else {
            // Until a build succeeds, these files differ from what the output was built from.
            settled.withLock { state in
                for (path, _) in edit.bodies { state?.stamps[path] = FileStamp(size: -1, modified: -1, inode: 0) }
            }
            return Outcome(result: BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer))
        }
        guard let patch = timer.measure("site", {
            LiveSitePatch.make(model: model, settled: last, pages: changedPages, memo: pages, contentRoot: content.url)
        }) else { return nil }
        let applied = try timer.measure("write") { () throws -> (written: Int, removed: Int) in
            do {
                let applied = try output.patch(changed: patch.changed, removed: patch.removed, pages: last.pages)
                pages.commit()
                return applied
            } catch {
                pages.reset()
                settled.withLock { $0 = nil }
                throw error
            }
        }
        settled.withLock {
            $0?.stamps = stamps
            $0?.model = model
            $0?.siteIndex = patch.index
        }
        let result = BuildResult(diagnostics: bag, wrote: true, contextCount: last.contextCount, timings: timer)
        return Outcome(result: result, pagesReused: last.pages.count - patch.rendered, filesWritten: applied.written,
                       filesRemoved: applied.removed)
    }

    private func site(_ model: CatalogModel, thumbnails: ThumbnailSet,
                      sink: MemorySink) throws -> (diagnostics: [Diagnostic], branding: Branding) {
        if !output.isKnown { pages.reset() }
        let (branding, _) = Branding.load(model.app.site, contentRoot: content.url, source: model.app.source)
        pages.begin(site: SiteInputs(model.app, branding: branding))
        let diagnostics = try SiteStage(contentRoot: content.url).run(model: model, thumbnails: thumbnails, sink: sink, memo: pages)
        return (diagnostics, branding)
    }

    /// Applies the difference; the pages rendered become reusable only once it is in place.
    private func write(_ files: [String: Data], pages paths: Set<String>) throws -> (written: Int, removed: Int) {
        do {
            let applied = try output.apply(files: files, pages: paths)
            pages.commit()
            pages.keep(only: paths)
            return applied
        } catch {
            pages.reset()
            throw error
        }
    }
}
