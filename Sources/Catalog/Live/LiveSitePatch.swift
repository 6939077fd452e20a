import Foundation

/// The site stage for a `BodyEdit`: renders only the pages that show a changed body and
/// writes the search shards their terms change. Everything else a page's body could
/// reach is checked to be as before — the page's search listing (title, summary, facets…)
/// and the media files its links publish — and when it is not, there is no patch and the
/// caller runs the whole site stage.
struct LiveSitePatch {
    /// Files to write (the pages rendered, the shards and manifests of their locales)
    /// and files to remove (shards no term falls into any more).
    var changed: [String: Data] = [:]
    var removed: [String] = []
    var rendered = 0
    /// The site index of the patched model, for the next patch.
    var index: SiteIndex?

    static func make(model: CatalogModel, settled: LiveSettled, pages: [PageRef], memo: SitePageMemo,
                     contentRoot: URL) -> LiveSitePatch? {
        var patch = LiveSitePatch()
        memo.beginPatch()
        var patched = settled.siteIndex ?? SiteIndex(model: model, thumbnails: settled.thumbnails)
        patched.model = model
        let index = patched
        patch.index = index
        let renderer = PageRenderer(index: index, branding: settled.branding, labelsEveryRange: false)
        let links = BodyLinks(index: index, contentRoot: contentRoot)
        let stage = SiteStage(contentRoot: contentRoot)
        let results = ConcurrentMap.map(pages) { page -> (page: RenderedPage, entry: SitePageMemo.Entry)? in
            guard let old = memo.committed(index.diskPath(page)),
                  let new = memo.rerender(page, stage: stage, renderer: renderer, links: links, media: BodyLinks.MediaSet()),
                  sameListing(old.document, new.entry.document),
                  old.links == new.entry.links || media(old.links, page, links) == media(new.entry.links, page, links)
            else { return nil }
            return new
        }
        var documents: [LocaleID: [SearchDocument]] = [:]
        for (page, result) in zip(pages, results) {
            guard let result, let html = result.page.html else { return nil }
            patch.changed[result.page.path] = html
            documents[page.locale, default: []].append(result.entry.document)
            patch.rendered += 1
        }
        for locale in index.locales where documents[locale] != nil {
            guard patch.updateSearch(locale, documents[locale] ?? [], memo: memo) else { return nil }
        }
        return patch
    }

    /// Updates a locale's postings for its changed documents, prints again the shards
    /// of the term groups (terms with the same first two characters) whose postings
    /// changed (`SearchIndexBuilder.shard` splits each group on its own, so the others
    /// stay as they are) and writes the packs that hold them. A group that appears or
    /// disappears is left to a whole build.
    mutating func updateSearch(_ locale: LocaleID, _ documents: [SearchDocument], memo: SitePageMemo) -> Bool {
        var latest: (postings: SearchPostingsMemo.Postings, count: Int)?
        var changedTerms = Set<String>()
        for document in documents {
            latest = nil  // the memo's postings are then changed in place, not copied
            guard let updated = memo.updatePostings(document, locale: locale) else { return false }
            latest = (updated.postings, updated.count)
            changedTerms.formUnion(updated.changed)
        }
        guard let latest, !changedTerms.isEmpty else { return true }
        guard let texts = memo.keptShardTexts(locale), var runs = Self.groupRuns(texts) else { return false }
        let builder = SearchIndexBuilder(locale: locale)
        let affected = Dictionary(grouping: changedTerms) { SearchIndexBuilder.shardKey($0) }
        for (group, added) in affected where !runs.contains(where: { $0.group == group }) {
            guard Self.insertRun(group, terms: added.filter { latest.postings[$0] != nil }.sorted(), into: &runs, texts: texts)
            else { return false }
        }
        var printed = Set<String>()
        for index in runs.indices {
            guard let added = affected[runs[index].group] else { continue }
            let terms = Set(runs[index].keys.flatMap { texts.terms(of: $0) ?? [] } + added)
                .filter { latest.postings[$0] != nil }.sorted()
            let shards = terms.isEmpty ? []
                : SearchIndexBuilder.shard(terms, postings: latest.postings, keyLength: 2, texts: texts)
            printed.formUnion(shards.map(\.key))
            runs[index].keys = shards.map(\.key)
        }
        texts.keys = runs.flatMap(\.keys)
        return updatePacks(builder, texts: texts, printed: printed, documentCount: latest.count)
    }

    /// Packs the shards again as a whole build would and writes the packs that differ from
    /// the last ones: those whose shards changed or were printed again, and the manifest
    /// when the packs' first keys did. False when a shard's text is not known.
    private mutating func updatePacks(_ builder: SearchIndexBuilder, texts: ShardTextMemo, printed: Set<String>,
                                      documentCount: Int) -> Bool {
        let keys = texts.keys
        var shardTexts: [String] = []
        for key in keys {
            guard let text = texts.text(of: key) else { return false }
            shardTexts.append(text)
        }
        let old = texts.packs
        let unchanged = Set(old)
        let ranges = SearchIndexBuilder.packRanges(shardTexts.map(\.utf8.count))
        let packs = ranges.map { Array(keys[$0]) }
        for (pack, range) in zip(packs, ranges) {
            if unchanged.contains(pack), !pack.contains(where: printed.contains) { continue }
            let file = builder.shardFile(pack[0], SearchIndexBuilder.join(shardTexts[range]))
            changed[file.path] = Data(file.text.utf8)
        }
        let firsts = packs.map { $0[0] }, starts = Set(firsts)
        removed += old.map { $0[0] }.filter { !starts.contains($0) }.map { builder.shardFile($0, "").path }
        texts.packs = packs
        if firsts != old.map({ $0[0] }) {
            let manifest = builder.manifestFile(documentCount: documentCount, keys: firsts)
            changed[manifest.path] = Data(manifest.text.utf8)
        }
        return true
    }

    /// Places a new group's run where its terms sort among the others' (every term of a
    /// run sorts before every term of the next); false when they do not fit between two runs.
    private static func insertRun(_ group: String, terms: [String], into runs: inout [Run], texts: ShardTextMemo) -> Bool {
        guard let low = terms.first, let high = terms.last else { return true }
        let at = runs.firstIndex { $0.first(texts).map { $0 > low } ?? false } ?? runs.count
        if at < runs.count { guard let next = runs[at].first(texts), high < next else { return false } }
        if at > 0 { guard let previous = runs[at - 1].last(texts), previous < low else { return false } }
        runs.insert(Run(group: group, keys: [], new: terms), at: at)
        return true
    }

    /// One group's shards, in the manifest's order (`new`: the terms of a group that had none).
    private struct Run {
        var group: String
        var keys: [String]
        var new: [String] = []

        func first(_ texts: ShardTextMemo) -> String? { keys.first.flatMap { texts.terms(of: $0)?.first } ?? new.first }
        func last(_ texts: ShardTextMemo) -> String? { keys.last.flatMap { texts.terms(of: $0)?.last } ?? new.last }
    }

    /// The shard keys of the last index in order, in runs of one group each; nil when a
    /// shard is not known or a group's shards are not together.
    private static func groupRuns(_ texts: ShardTextMemo) -> [Run]? {
        var runs: [Run] = []
        for key in texts.keys {
            guard let first = texts.terms(of: key)?.first else { return nil }
            let group = SearchIndexBuilder.shardKey(first)
            if runs.last?.group == group { runs[runs.count - 1].keys.append(key) } else { runs.append(Run(group: group, keys: [key])) }
        }
        return Set(runs.map(\.group)).count == runs.count ? runs : nil
    }

    /// What the search chunks and facets show of a document: all but its terms.
    static func sameListing(_ a: SearchDocument, _ b: SearchDocument) -> Bool {
        (a.title, a.path, a.summary, a.thumbnail, a.meta, a.lang) == (b.title, b.path, b.summary, b.thumbnail, b.meta, b.lang)
            && a.facets == b.facets
    }

    /// The content files a page's recorded links publish under `media/`: relative links
    /// that resolved to something other than a page.
    static func media(_ records: [LinkRecord], _ page: PageRef, _ links: BodyLinks) -> Set<String> {
        guard let context = page.context,
              let source = links.index.model.contexts[context].versions[page.locale]?.body?.source else { return [] }
        var paths = Set<String>()
        for record in records where record.result != nil {
            guard case .relative(let path, _) = LinkPolicy.classify(record.url),
                  let resolved = LinkPaths.resolve(path, from: source.relativePath) else { continue }
            if record.isImage || links.context(for: resolved) == nil { paths.insert(resolved) }
        }
        return paths
    }
}
