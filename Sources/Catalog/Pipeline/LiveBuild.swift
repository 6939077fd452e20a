import Foundation

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
    /// - Parameter contentFiles: every file under the content directory, when the caller
    ///   (the watcher) has just listed them; otherwise they are listed here.
    public func rebuild(contentFiles: Set<String>? = nil) throws -> Outcome {
        var timer = StageTimer()
        let files = contentFiles ?? timer.measure("load") { Set(TreeStamps.collect(content.url).keys) }
        let loaded = LiveLoader.load(content, timer: &timer, parses: parses, bodies: bodies, contentFiles: files)
        var bag = loaded.diagnostics
        guard let model = loaded.model, !bag.hasErrors else {
            return Outcome(result: BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer))
        }
        let sink = MemorySink()
        let options = BuildOptions(content: content, output: output.directory, cacheDirectory: cacheDirectory)
        let (thumbnails, imageDiagnostics) = try timer.measure("thumbnails") {
            try ThumbnailCheck.stage(options).run(model: model, sink: sink)
        }
        bag.append(contentsOf: imageDiagnostics)
        let count = try timer.measure("payloads") { try payloads.write(model: model, thumbnails: thumbnails, to: sink) }
        let pagePaths = try timer.measure("site") { () throws -> Set<String> in
            bag.append(contentsOf: try site(model, thumbnails: thumbnails, sink: sink))
            return pages.producedPaths
        }
        guard !bag.hasErrors else {
            return Outcome(result: BuildResult(diagnostics: bag, wrote: false, contextCount: 0, timings: timer))
        }
        let applied = try timer.measure("write") { try write(sink.written, pages: pagePaths) }
        let result = BuildResult(diagnostics: bag, wrote: true, contextCount: count, timings: timer)
        return Outcome(result: result, pagesReused: pages.reusedCount, filesWritten: applied.written,
                       filesRemoved: applied.removed)
    }

    private func site(_ model: CatalogModel, thumbnails: ThumbnailSet, sink: MemorySink) throws -> [Diagnostic] {
        if !output.isKnown { pages.reset() }
        let (branding, _) = Branding.load(model.app.site, contentRoot: content.url, source: model.app.source)
        pages.begin(site: SiteInputs(model.app, branding: branding))
        return try SiteStage(contentRoot: content.url).run(model: model, thumbnails: thumbnails, sink: sink, memo: pages)
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
