import Foundation

/// One context page as the site stage produces it. `html` is nil when a `SitePageMemo`
/// found the page unchanged: the output already holds exactly those bytes.
struct RenderedPage: Sendable {
    var path: String
    var html: Data?
    var document: SearchDocument
    /// The page, for its sitemap entry: made as the sitemap is written, from the index.
    var page: PageRef
    /// Set when the body's file changed after it was loaded: the build stops.
    var bodyChanged: BodyChanged? = nil
    /// Where the body's HTML is in `html`, and its relative links as resolved (when the
    /// site stage records bodies: `BodyStateRecorder`).
    var recordedBody: (range: Range<Int>?, links: [LinkRecord], frontMatter: ReadFrontMatter?)? = nil
}

/// A relative link of a body and what it resolved to when the page was rendered. Other
/// links (external, fragments, unsafe schemes) resolve the same whatever the catalog
/// holds, so only these are checked again.
struct LinkRecord: Sendable, Equatable {
    var url: String
    var isImage: Bool
    var result: String?
}

/// The pages a long-lived build (`serve`) rendered, by output path: a page whose inputs
/// (`PageInputs`) are equal and whose relative links resolve as before is not rendered
/// again; its search document is taken from here.
///
/// Entries rendered by a build become usable only once that build's output is in place
/// (`commit`): until then the output does not hold their bytes. Used by the site stage's
/// workers concurrently, hence the locks.
final class SitePageMemo: Sendable {
    struct Entry: Sendable {
        var inputs: PageInputs
        var links: [LinkRecord]
        var document: SearchDocument
    }

    private struct State {
        var site: SiteInputs?
        var committed: [String: Entry] = [:]
        var pending: [String: Entry] = [:]
        var reused = 0
        /// The path of every page the current build produced, rendered or reused.
        var produced: Set<String> = []
    }

    private let state = Locked(State())
    private let search = SearchPostingsMemo()
    private let shards = Locked<[LocaleID: ShardTextMemo]>([:])

    /// The search shards serialized for a locale by earlier builds, for sharding its
    /// whole index again.
    func shardTexts(_ locale: LocaleID) -> ShardTextMemo {
        shards.withLock { memos in
            if let memo = memos[locale] {
                memo.restart()
                return memo
            }
            let memo = ShardTextMemo()
            memos[locale] = memo
            return memo
        }
    }

    /// The shards of a locale's last whole index, for a patch of some of them.
    func keptShardTexts(_ locale: LocaleID) -> ShardTextMemo? { shards.withLock { $0[locale] } }

    /// The search postings of a locale's documents, updated for those that changed.
    func postings(_ documents: [SearchDocument], locale: LocaleID) -> SearchPostingsMemo.Postings {
        search.postings(documents, locale: locale)
    }

    /// The postings after one document's terms changed (see `SearchPostingsMemo.update`).
    func updatePostings(_ document: SearchDocument,
                        locale: LocaleID) -> (postings: SearchPostingsMemo.Postings, count: Int, changed: Set<String>)? {
        search.update(document, locale: locale)
    }

    /// Starts a build: when what every page shares has changed, nothing is reused.
    func begin(site: SiteInputs) {
        state.withLock { state in
            if state.site != site { state.committed = [:] }
            state.site = site
            state.pending = [:]
            state.reused = 0
            state.produced = []
        }
    }

    /// Starts a build that renders only the pages it names (`rerender`), all others
    /// staying as the last committed build left them.
    func beginPatch() {
        state.withLock { state in
            state.pending = [:]
            state.reused = 0
        }
    }

    /// The committed entry of a page, if any.
    func committed(_ path: String) -> Entry? { state.withLock { $0.committed[path] } }

    /// Renders a page whatever its inputs, recording it as `page` does.
    /// - Returns: the page and its new entry.
    func rerender(_ page: PageRef, stage: SiteStage, renderer: PageRenderer, links: BodyLinks,
                  media: BodyLinks.MediaSet) -> (page: RenderedPage, entry: Entry)? {
        guard let inputs = PageInputs(page, renderer: renderer) else { return nil }
        let recorder = LinkRecorder()
        let rendered = Self.packingTerms(stage.renderPage(page, renderer: renderer, links: links, media: media,
                                                          wrap: recorder.wrap))
        // A body that changed since it was loaded leaves the edit to a whole build.
        guard rendered.bodyChanged == nil else { return nil }
        let entry = Entry(inputs: inputs, links: recorder.records, document: rendered.document)
        state.withLock { $0.pending[inputs.path] = entry }
        return (rendered, entry)
    }

    /// The build's output is in place: its pages may be reused from now on.
    func commit() {
        state.withLock { state in
            state.committed.merge(state.pending) { $1 }
            state.pending = [:]
        }
    }

    /// The output is in an unknown state (a failed write): forget everything.
    func reset() {
        state.withLock { $0 = State() }
    }

    /// Drops the entries of pages the last build did not produce.
    func keep(only paths: Set<String>) {
        state.withLock { $0.committed = $0.committed.filter { paths.contains($0.key) } }
    }

    /// How many pages the current build took from the memo.
    var reusedCount: Int { state.withLock { $0.reused } }

    /// The path of every page the current build produced.
    var producedPaths: Set<String> { state.withLock { $0.produced } }

    func page(_ page: PageRef, stage: SiteStage, renderer: PageRenderer, links: BodyLinks,
              media: BodyLinks.MediaSet) -> RenderedPage {
        guard let inputs = PageInputs(page, renderer: renderer) else {
            let rendered = stage.renderPage(page, renderer: renderer, links: links, media: media)
            state.withLock { _ = $0.produced.insert(rendered.path) }
            return rendered
        }
        // One lock per page: the workers of every core come through here.
        let known = state.withLock { state in
            state.produced.insert(inputs.path)
            return state.committed[inputs.path]
        }
        if let entry = known, entry.inputs == inputs,
           Self.resolveSame(entry.links, page: page, body: inputs.version.body, links: links, media: media) {
            state.withLock { $0.reused += 1 }
            return RenderedPage(path: inputs.path, html: nil, document: entry.document, page: page)
        }
        let recorder = LinkRecorder()
        let rendered = Self.packingTerms(stage.renderPage(page, renderer: renderer, links: links, media: media,
                                                          wrap: recorder.wrap))
        let entry = Entry(inputs: inputs, links: recorder.records, document: rendered.document)
        state.withLock { $0.pending[inputs.path] = entry }
        return rendered
    }

    /// The page with its search terms packed (`SearchTerms.packed`): its entry here and the
    /// postings memo keep that one buffer for as long as the page is unchanged.
    private static func packingTerms(_ page: RenderedPage) -> RenderedPage {
        var page = page
        page.document.terms = page.document.terms.packed()
        return page
    }

    /// Resolves the recorded links again in today's catalog. This also publishes the
    /// media files they lead to, as rendering the page would have.
    private static func resolveSame(_ records: [LinkRecord], page: PageRef, body: MarkdownBody?, links: BodyLinks,
                                    media: BodyLinks.MediaSet) -> Bool {
        guard !records.isEmpty, let body else { return true }
        let resolve = links.resolver(for: page, source: body.source, media: media)
        var same = true
        // Every link is resolved even after a difference, so that every medium is published.
        for record in records where resolve(record.url, record.isImage) != record.result { same = false }
        return same
    }
}

/// Records a body's relative links as they are resolved; one per page render, on one thread.
final class LinkRecorder {
    var records: [LinkRecord] = []

    func wrap(_ resolve: @escaping HTMLRenderer.Resolver) -> HTMLRenderer.Resolver {
        { [self] url, isImage in
            let result = resolve(url, isImage)
            if case .relative = LinkPolicy.classify(url) {
                records.append(LinkRecord(url: url, isImage: isImage, result: result))
            }
            return result
        }
    }
}
