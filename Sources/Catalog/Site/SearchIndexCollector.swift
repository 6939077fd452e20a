/// A locale's search index, assembled while its pages are written, in document order: the
/// postings grow and each full listing chunk is made as soon as its documents are known,
/// so that after the last page only the term shards (then packs), the facets and the manifest remain
/// (built on every core), instead of the whole index on one thread.
struct SearchIndexCollector {
    let builder: SearchIndexBuilder
    /// False for a long-lived build (`serve`), which makes its index from its memo of
    /// postings and shard texts: then only the documents are kept.
    let builds: Bool
    private(set) var documents: [SearchDocument] = []
    private var postings = SearchPostings()
    /// Documents whose listing chunk was returned.
    private var listed = 0

    init(locale: LocaleID, builds: Bool) {
        builder = SearchIndexBuilder(locale: locale)
        self.builds = builds
    }

    /// Adds the next document; returns the listing file it completes, if any.
    mutating func add(_ document: SearchDocument) -> (path: String, text: String)? {
        guard builds else {
            documents.append(document)
            return nil
        }
        postings.add(document.terms)
        // Its terms are in the postings now: what is kept of it until the locale is done
        // is what its listing and the facets show, which does not grow with its body.
        var kept = document
        kept.terms = SearchTerms()
        documents.append(kept)
        guard documents.count - listed == SearchIndexBuilder.chunkSize else { return nil }
        defer { listed = documents.count }
        return builder.chunkFile(listed / SearchIndexBuilder.chunkSize, documents[listed...])
    }

    /// The index's other files, once every document is added: what
    /// `SearchIndexBuilder.files(for:postings:)` gives, less the chunks `add` returned
    /// (the manifest stays last). The term groups (sharded independently, see
    /// `SearchIndexBuilder.groups`) and the facet files (one pass over the documents,
    /// started first) are made on every core.
    func finish() -> [(path: String, text: String)] {
        let rest = listed < documents.count
            ? [builder.chunkFile(listed / SearchIndexBuilder.chunkSize, documents[listed...])] : []
        let (builder, terms, documents) = (builder, SearchTableTerms(postings.table), documents)
        let groups = SearchIndexBuilder.groups(terms.sorted, source: terms, keyLength: 2)
        // The facets' files first, then each group's shards (keys and texts), packed after.
        let parts = ConcurrentMap.map(Array(0...groups.count)) { part -> [(key: String, text: String)] in
            guard part > 0 else {
                let lists = SearchFacetLists(documents)
                return SearchIndexBuilder.facetNames.map { let file = builder.facetFile($0, lists); return (file.path, file.text) }
            }
            return SearchIndexBuilder.shard(groups[part - 1].terms, source: terms, keyLength: 2) { SearchIndexBuilder.serialize($1, terms) }
        }
        let packs = builder.packFiles(SearchIndexBuilder.pack(Array(parts[1...].joined())), documentCount: documents.count)
        let facets = parts[0].map { (path: $0.key, text: $0.text) }
        return Array(packs.dropLast()) + rest + facets + Array(packs.suffix(1))
    }
}
