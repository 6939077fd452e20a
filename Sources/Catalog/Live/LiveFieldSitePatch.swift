import Foundation

/// The site stage for a `FieldEdit`: the context's fields show on its own pages, on its
/// parent's (a card), its previous and next siblings' (their links), every descendant's
/// (breadcrumbs), the locale's home when it is a book (a card), and in the search index
/// (its listing in a document chunk, its facets, its terms). Those pages are compared by
/// their `PageInputs` and rendered when they differ; the chunk holding a changed listing
/// is printed again, the facet files and the home and search pages (their filter
/// options) when its facets changed, the home pages when it is a book, and the search
/// shards whose postings changed (`LiveSitePatch.updateSearch`). Sitemap entries and
/// alternates depend only on which locales a context is in, which a `FieldEdit` keeps.
enum LiveFieldSitePatch {
    private enum Outcome {
        case same
        case rendered(RenderedPage, SitePageMemo.Entry, old: SitePageMemo.Entry)
    }

    /// Nil when a page is not known or its published media would change. `settled` has the
    /// edit applied (`FieldEdit.apply`).
    static func make(edit: FieldEdit, settled: LiveSettled, memo: SitePageMemo, contentRoot: URL) -> LiveSitePatch? {
        var patch = LiveSitePatch()
        memo.beginPatch()
        var patched = settled.siteIndex ?? SiteIndex(model: settled.model, thumbnails: settled.thumbnails)
        patched.model = settled.model
        let index = patched
        patch.index = index
        var renderer = PageRenderer(index: index, branding: settled.branding, labelsEveryRange: false)
        let links = BodyLinks(index: index, contentRoot: contentRoot)
        let stage = SiteStage(contentRoot: contentRoot)
        let pages = pagesShowing(edit.modelIndex, index: index)
        let outcomes = ConcurrentMap.map(pages) { [renderer] page -> Outcome? in
            guard let old = memo.committed(index.diskPath(page)), let inputs = PageInputs(page, renderer: renderer)
            else { return nil }
            if inputs == old.inputs { return .same }
            guard let new = memo.rerender(page, stage: stage, renderer: renderer, links: links, media: BodyLinks.MediaSet()),
                  old.links == new.entry.links
                    || LiveSitePatch.media(old.links, page, links) == LiveSitePatch.media(new.entry.links, page, links)
            else { return nil }
            return .rendered(new.page, new.entry, old: old)
        }
        var documents: [LocaleID: [Int: (new: SearchDocument, old: SearchDocument)]] = [:]
        for (page, outcome) in zip(pages, outcomes) {
            guard let outcome else { return nil }
            guard case .rendered(let rendered, let entry, let old) = outcome else { continue }
            guard let html = rendered.html else { return nil }
            patch.changed[rendered.path] = html
            guard let context = page.context else { return nil }
            documents[page.locale, default: [:]][context] = (entry.document, old.document)
            patch.rendered += 1
        }
        let isBook = settled.model.contexts[edit.modelIndex].parent == nil
        for locale in index.locales where documents[locale] != nil || (isBook && index.isPresent(edit.modelIndex, in: locale)) {
            let changed = documents[locale] ?? [:]
            // Only a document whose terms changed moves in the postings.
            let moved = changed.keys.sorted().compactMap { changed[$0] }.filter { $0.new.terms != $0.old.terms }
            guard patch.updateSearch(locale, moved.map(\.new), memo: memo),
                  let present = settled.present[locale],
                  patch.listings(locale, changed: changed, present: present, index: index, memo: memo,
                                 renderer: &renderer, isBook: isBook, stage: stage, links: links)
            else { return nil }
        }
        return patch
    }

    /// The pages that can show a context's fields, in every locale it is in.
    private static func pagesShowing(_ context: Int, index: SiteIndex) -> [PageRef] {
        let contexts = index.model.contexts
        var end = context + 1
        while end < contexts.count, contexts[end].depth > contexts[context].depth { end += 1 }
        var pages: [PageRef] = []
        for locale in index.locales where index.isPresent(context, in: locale) {
            let own = PageRef(locale: locale, context: context)
            let (previous, next) = index.neighbours(of: own)
            var shown = [own]
            if let parent = contexts[context].parent, index.isPresent(parent, in: locale) { shown.append(PageRef(locale: locale, context: parent)) }
            for other in [previous, next].compactMap({ $0 }) { shown.append(PageRef(locale: locale, context: other)) }
            for descendant in (context + 1)..<end where index.isPresent(descendant, in: locale) {
                shown.append(PageRef(locale: locale, context: descendant))
            }
            pages += shown
        }
        return pages
    }
}

extension LiveSitePatch {
    /// Prints again a locale's document chunks whose listings changed, its facet files and
    /// its home and search pages when facets changed, and its home pages for a book.
    /// - Parameters:
    ///   - changed: context → its page's new and last search documents.
    ///   - present: the contexts with a page in the locale, in order (`LiveSettled.present`).
    mutating func listings(_ locale: LocaleID, changed: [Int: (new: SearchDocument, old: SearchDocument)],
                           present: [Int], index: SiteIndex, memo: SitePageMemo, renderer: inout PageRenderer,
                           isBook: Bool, stage: SiteStage, links: BodyLinks) -> Bool {
        let listed = changed.keys.filter { !Self.sameListing(changed[$0]!.new, changed[$0]!.old) }
        let facets = changed.values.contains { $0.new.facets != $0.old.facets }
        guard !listed.isEmpty || facets || isBook else { return true }
        // A document's id is its page's place among the locale's pages, in context order.
        func document(_ id: Int) -> SearchDocument? {
            changed[present[id]]?.new ?? memo.committed(index.diskPath(PageRef(locale: locale, context: present[id])))?.document
        }
        let builder = SearchIndexBuilder(locale: locale)
        let size = SearchIndexBuilder.chunkSize
        var numbers = Set<Int>()
        for context in listed {
            let id = present.lowerBound(of: context)
            guard id < present.count, present[id] == context else { return false }
            numbers.insert(id / size)
        }
        for number in numbers {
            let ids = (number * size)..<min(number * size + size, present.count)
            let chunk = ids.compactMap(document)
            guard chunk.count == ids.count else { return false }
            let file = builder.chunkFile(number, chunk[...])
            self.changed[file.path] = Data(file.text.utf8)
        }
        guard facets || isBook else { return true }
        let all = present.indices.compactMap(document)
        guard all.count == present.count else { return false }
        if facets {
            for name in SearchIndexBuilder.facetNames {
                let file = builder.facetFile(name, all)
                self.changed[file.path] = Data(file.text.utf8)
            }
        }
        renderer.filterOptions[locale] = SearchDocuments.filterOptions(all, strings: renderer.strings(locale))
        // The home body is read again from its file: one that changed since it was loaded
        // leaves the edit to a whole build.
        guard let pages = try? stage.homeAndSearchPages(locale, renderer: renderer, links: links, media: BodyLinks.MediaSet())
        else { return false }
        for file in pages { self.changed[file.path] = Data(file.text.utf8) }
        return true
    }

}
