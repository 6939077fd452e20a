import Foundation

/// The HTML catalog stage: every page in every locale, the search index, the sitemap,
/// the assets and the files bodies link to, written through an `OutputSink`
/// (content-format.md §7). Thumbnails are already in `thumbnails/`.
public struct SiteStage: Sendable {
    public let contentRoot: URL
    /// How many URLs and bytes a sitemap file may hold (the protocol's, smaller in tests).
    var sitemapLimits = Sitemap.Limits.standard
    /// The address of the server previewing the site (`serve`), which stands in for a
    /// `site.baseURL` that is only a path in the sitemap (`Sitemap.base`); nil for `build`.
    var previewOrigin: String?

    public init(contentRoot: URL) { self.contentRoot = contentRoot }

    public func run(model: CatalogModel, thumbnails: ThumbnailSet, sink: some OutputSink) throws -> [Diagnostic] {
        try run(model: model, thumbnails: thumbnails, sink: sink, memo: nil)
    }

    /// - Parameter memo: pages a long-lived build (`serve`) rendered before; a page whose
    ///   inputs are unchanged is taken from it (and not written) instead of rendered.
    /// - Parameter checks: `build`'s body checks, made from each body's parse here; the
    ///   stage throws `SiteBodyChecks.Stop` once one has an error.
    /// - Parameter progress: told as context pages are written (`BuildProgress.Stage.pages`).
    /// - Parameter record: told of every context page in order, with where its body is
    ///   (`BodyStateRecorder`, for a later `build` that changes only bodies).
    func run(model: CatalogModel, thumbnails: ThumbnailSet, sink: some OutputSink, memo: SitePageMemo?,
             checks: SiteBodyChecks? = nil, progress: (@Sendable (BuildProgress) -> Void)? = nil,
             record: BodyStateRecorder? = nil) throws -> [Diagnostic] {
        let index = SiteIndex(model: model, thumbnails: thumbnails)
        let pages = progress == nil ? 0 : index.locales.reduce(0) { total, locale in
            total + model.contexts.indices.count { index.isPresent($0, in: locale) }
        }
        let counter = ProgressCounter(.pages, total: pages, report: progress)
        let (branding, diagnostics) = Branding.load(model.app.site, contentRoot: contentRoot, source: model.app.source)
        var renderer = PageRenderer(index: index, branding: branding)
        let links = BodyLinks(index: index, contentRoot: contentRoot)
        let media = BodyLinks.MediaSet()
        // The sitemap lists every page, which the index knows before any is rendered: it
        // is written on a thread of its own while the pages are (at 250,000 versions its
        // 360 MB took 0.4 s, on one core, at the end of the build). Waited for before the
        // stage returns or throws, so that nothing writes into a staging folder let go.
        let sitemapStage = self
        let sitemap = BesideTask { try sitemapStage.writeSitemap(index: index, to: sink) }
        defer { sitemap.wait() }
        // A locale's search index is finished and written beside the next locale's pages
        // (`writeSearchIndex`), at most one at a time, and waited for in the same way.
        var searchIndex: BesideTask<Void>?
        defer { searchIndex?.wait() }
        for locale in index.locales {
            var search = SearchIndexCollector(locale: locale, builds: memo == nil)
            let present = index.presentContexts(in: locale)
            // The closures read a constant: `renderer` is a variable (its filter options grow
            // locale by locale), and reading one captured by reference copied the whole
            // renderer for each page, retaining and releasing every table it holds, shared
            // with the threads that render.
            let pageRenderer = renderer
            // Pages are independent: render them on every core while this thread writes them
            // in order (one writer: ext4 slows down with two), and keep only the small search
            // documents, so memory stays bounded; the search index grows
            // as the pages are written, not after the last one.
            try OrderedStream.forEach(present, window: 256, { context in
                let page = PageRef(locale: locale, context: context)
                guard let memo else {
                    return renderPage(page, renderer: pageRenderer, links: links, media: media, checks: checks,
                                      recordsBody: record != nil)
                }
                return memo.page(page, stage: self, renderer: pageRenderer, links: links, media: media)
            }, consume: { (item: RenderedPage) in
                if let checks, checks.hasErrors { throw SiteBodyChecks.Stop() }
                if let changed = item.bodyChanged { throw changed }
                if let html = item.html { try write(item.path, html, to: sink) }
                record?.add(item, renderer: pageRenderer)
                counter?.advance()
                if let listing = search.add(item.document) { try write(listing.path, listing.text, to: sink) }
            })
            renderer.filterOptions[locale] = SearchDocuments.filterOptions(search.documents, strings: renderer.strings(locale))
            for file in try homeAndSearchPages(locale, renderer: renderer, links: links, media: media, checks: checks) {
                try write(file.path, file.text, to: sink)
            }
            let documents = search.documents
            record?.finish(locale, documentCount: documents.count)
            try searchIndex?.join()
            guard let memo else {
                searchIndex = writeSearchIndex(search, to: sink)
                continue
            }
            let files = search.builder.files(for: documents, postings: memo.postings(documents, locale: locale),
                                             texts: memo.shardTexts(locale))
            for file in files { try write(file.path, file.text, to: sink) }
            BackgroundRelease.drop(search, releasingMemory: true)
        }
        try write("index.html", renderer.rootPage(), to: sink)
        try write(SiteAssets.stylesheetPath, SiteAssets.stylesheet(accent: branding.accentColor), to: sink)
        try write(SiteAssets.scriptPath, SiteAssets.script, to: sink)
        for file in branding.files { try sink.write(file.path, file.data) }
        for path in media.paths.union(branding.media).subtracting(branding.styleSheets).sorted() {
            try PublishPolicy.publishMedia(contentRoot.appendingPathComponent(path).path, at: "media/" + path, to: sink)
        }
        try searchIndex?.join()
        try sitemap.join()
        return diagnostics
    }

    /// A locale's home and search pages (which show its filter options and books).
    func homeAndSearchPages(_ locale: LocaleID, renderer: PageRenderer, links: BodyLinks,
                            media: BodyLinks.MediaSet, checks: SiteBodyChecks? = nil)
        throws(BodyChanged) -> [(path: String, text: String)] {
        let app = renderer.index.app
        let home = PageRef(locale: locale, context: nil)
        let homeBody = renderBody(try (app.body[locale] ?? app.body[app.defaultLocale])?.loaded(), page: home, links: links,
                                  media: media, checks: checks)
        return [(renderer.index.diskPath(home), renderer.homePage(locale, bodyHTML: homeBody.html)),
                ("search/\(locale.rawValue)/index.html", renderer.searchPage(locale))]
    }

    /// One context page: its file, its HTML and its search document.
    /// `wrap` sees every link of the body resolved (a memo records them). With `recordsBody`,
    /// the page says where its body's HTML is in its bytes and what its relative links became.
    func renderPage(_ page: PageRef, renderer: PageRenderer, links: BodyLinks, media: BodyLinks.MediaSet,
                    wrap: ((@escaping HTMLRenderer.Resolver) -> HTMLRenderer.Resolver)? = nil,
                    checks: SiteBodyChecks? = nil, recordsBody: Bool = false) -> RenderedPage {
        // The body's text is read here (a cold build keeps only where it is), used for this
        // page and dropped with it.
        let stored = page.context.flatMap { renderer.version($0, page.locale)?.body }
        let hash: ((Data) -> String)? = recordsBody ? { IncrementalSink.hash($0) } : nil
        let read = Result { () throws(BodyChanged) in try stored?.loaded(hashingFrontMatter: hash) }
        let source = (try? read.get())?.body
        let recorder = recordsBody ? LinkRecorder() : nil
        let wrapped = recorder.map { recorder in { resolve in recorder.wrap(wrap?(resolve) ?? resolve) } } ?? wrap
        let body = source.map { prepareBody($0, page: page, links: links, media: media, wrap: wrapped, checks: checks) }
        var bodyRange: Range<Int>?
        let html = contextPage(page, renderer: renderer, bodyCapacity: 2 * (source?.byteCount ?? 0)) { out in
            let start = out.count
            // Borrowed, not bound: `if let` would copy the document's tree.
            _ = body.map { $0.renderer.render($0.document, into: out) }
            bodyRange = start..<out.count
        }
        var rendered = RenderedPage(path: renderer.index.diskPath(page), html: html,
                                    document: SearchDocuments.document(page, body: body?.document, bodyBytes: source?.byteCount ?? 0,
                                                                       renderer: renderer),
                                    page: page)
        if case .failure(let changed) = read { rendered.bodyChanged = changed }
        if let recorder, source != nil { rendered.recordedBody = (bodyRange, recorder.records, (try? read.get())?.frontMatter) }
        return rendered
    }

    private func write(_ path: String, _ text: String, to sink: some OutputSink) throws {
        try sink.write(path, Data(text.utf8))
    }

    private func write(_ path: String, _ data: Data, to sink: some OutputSink) throws {
        try sink.write(path, data)
    }

    private func renderBody(_ body: MarkdownBody?, page: PageRef, links: BodyLinks, media: BodyLinks.MediaSet,
                            checks: SiteBodyChecks?) -> (html: String, text: String) {
        guard let body else { return ("", "") }
        let prepared = prepareBody(body, page: page, links: links, media: media, checks: checks)
        return (prepared.renderer.render(prepared.document), prepared.document.plainText)
    }

    /// A body parsed, with the renderer that resolves its links for `page`; a context page
    /// renders it in place, into the page's own buffer.
    private func prepareBody(_ body: MarkdownBody, page: PageRef, links: BodyLinks, media: BodyLinks.MediaSet,
                             wrap: ((@escaping HTMLRenderer.Resolver) -> HTMLRenderer.Resolver)? = nil,
                             checks: SiteBodyChecks? = nil)
        -> (document: MarkdownDocument, renderer: HTMLRenderer) {
        let resolve = links.resolver(for: page, source: body.source, media: media)
        return (parse(body, checks: checks), HTMLRenderer(reservedIDs: HeadingIDs.pageShell, resolve: wrap?(resolve) ?? resolve))
    }

    /// The body's tree; checked from the same parse when it is the first page to show it.
    private func parse(_ body: MarkdownBody, checks: SiteBodyChecks?) -> MarkdownDocument {
        guard let checks, checks.claim(body.source) else { return MarkdownParser.parse(body.text) }
        let parsed = MarkdownParser.parseWithReportables(body.text)
        checks.record(BodyChecker.diagnostics(parsed.reportables, in: body, targets: checks.targets))
        return parsed.document
    }

    /// The page's bytes, handed to the sink without a copy. The shell is written in pieces
    /// rather than around closures: a closure would hold a copy of the renderer (and of
    /// the node and version), retaining every field of each, for every page.
    private func contextPage(_ page: PageRef, renderer: PageRenderer, bodyCapacity: Int, body: (HTMLBuilder) -> Void) -> Data {
        guard let context = page.context, let version = renderer.version(context, page.locale) else { return Data() }
        let labels = renderer.labels(page.locale)
        let url = renderer.index.url(page)
        let frame = PageFrame(locale: page.locale, depth: renderer.index.depth(page), url: url,
                              title: version.title, description: version.summary, alternates: .context(context),
                              breadcrumbs: renderer.breadcrumbs(for: page))
        let html = HTMLBuilder(capacity: bodyCapacity + 12288)
        let siteTitle = renderer.shell.siteTitle(page.locale)
        renderer.shell.writeHead(frame, siteTitle: siteTitle, into: html)
        html.raw("<script type=\"application/ld+json\">")
        StructuredData.learningResource(renderer.index.model.contexts, context, version,
                                        textLocale: version.isFallback ? renderer.index.defaultLocale : page.locale,
                                        typeName: renderer.typeName(renderer.index.model.contexts[context].type, version, labels),
                                        url: url, into: html)
        html.raw("</script>\n")
        renderer.shell.writeTop(frame, siteTitle: siteTitle, strings: labels.strings, into: html)
        renderer.contextPage(page, into: html, body: body)
        renderer.shell.writeFooter(siteTitle: siteTitle, strings: labels.strings, into: html)
        return html.takeData()
    }

    /// Finishes a locale's search index and writes it, on a thread of its own, then frees
    /// the collector and gives its memory back (`BackgroundRelease`): the next locale's
    /// pages are rendered meanwhile. Finishing runs on one core for the most part; at
    /// 250,000 versions in 11 locales it left a core idle for a tenth of a second a locale.
    private func writeSearchIndex(_ search: SearchIndexCollector, to sink: some OutputSink) -> BesideTask<Void> {
        let stage = self
        let handed = BackgroundRelease.Box(search)
        return BesideTask {
            guard let collector = handed.take() else { return }
            let files = collector.finish()
            BackgroundRelease.dropNow(consume collector)
            for file in files { try stage.write(file.path, file.text, to: sink) }
        }
    }

    /// The sitemap, when the site has one (`Sitemap.base`), of every page the stage writes
    /// (each locale's context pages, then its home), written from each page's URL made once
    /// (`SitemapPages`); each file is written once full.
    private func writeSitemap(index: SiteIndex, to sink: some OutputSink) throws {
        let siteBase = index.app.site.baseURL
        guard let base = Sitemap.base(siteBaseURL: siteBase, origin: previewOrigin) else { return }
        let pages = index.locales.flatMap { locale in
            index.presentContexts(in: locale).map { PageRef(locale: locale, context: $0) } + [PageRef(locale: locale, context: nil)]
        }
        let entries = SitemapPages(index: index, pageBase: SiteIndex.baseURL(siteBase), base: base)
        try entries.write(pages, limits: sitemapLimits, fileURL: { SiteIndex.absoluteURL($0, baseURL: base) }) {
            try write($0, $1, to: sink)
        }
    }
}
