/// One searchable context in one locale.
struct SearchDocument: Sendable {
    /// Shown in results: title, site-relative page path, summary, thumbnail path, meta
    /// line, and the `lang` of fallback text ("" when it is in the page's locale).
    var title: String
    var path: String
    var summary: String
    var thumbnail: String
    var meta: String
    var lang: String
    /// Its distinct terms: those of the title and keywords weigh more than those only in
    /// the summary, body or custom type name. Tokenized where the page is rendered (on
    /// every core), so that the body's text need not be kept until the index is built.
    var terms: SearchTerms
    /// Filter name (`age`, `time`, `type`, `topic`, `progress`) → the values it has.
    var facets: [String: [String]]
}

/// Writes a locale's search index as script files that call `catalogSearch.load`
/// (see `SiteAssets.script`). Sizes are bounded so that a first query on a large
/// catalog fetches little: the manifest, one shard per term, and the chunks holding
/// the first twenty results.
struct SearchIndexBuilder {
    static let chunkSize = 16
    /// A shard larger than this is split by one more letter of its terms.
    static let shardBudget = 24_000
    static let facetNames = ["age", "time", "type", "topic", "progress"]

    var locale: LocaleID

    /// Site-relative path → file text.
    func files(for documents: [SearchDocument]) -> [(path: String, text: String)] {
        files(for: documents, postings: postings(documents))
    }

    /// - Parameters:
    ///   - postings: what `postings(_:)` gives for `documents` (a long-lived build keeps
    ///     them between builds and updates only the documents that changed).
    ///   - texts: shards serialized by earlier builds, taken again when equal.
    func files(for documents: [SearchDocument], postings: [String: ([Int], [Int])],
               texts: ShardTextMemo? = nil) -> [(path: String, text: String)] {
        var files = shardFiles(postings: postings, documentCount: documents.count, texts: texts)
        let manifest = files.removeLast()
        for start in stride(from: 0, to: documents.count, by: Self.chunkSize) {
            files.append(chunkFile(start / Self.chunkSize, documents[start..<min(start + Self.chunkSize, documents.count)]))
        }
        for name in Self.facetNames { files.append(facetFile(name, documents)) }
        files.append(manifest)
        return files
    }

    /// The listing of documents `number * chunkSize` and on (a long-lived build prints
    /// again only the chunk of a document whose listing changed).
    func chunkFile(_ number: Int, _ documents: ArraySlice<SearchDocument>) -> (path: String, text: String) {
        let chunk = documents.map { document in
            JSON.strings([document.title, document.path, document.summary, document.thumbnail, document.meta, document.lang])
        }
        let path = "search/\(locale.rawValue)/d-\(number).js"
        return (path, wrap(path, JSON.array(chunk).serialized()))
    }

    func facetFile(_ name: String, _ documents: [SearchDocument]) -> (path: String, text: String) {
        let path = "search/\(locale.rawValue)/f-\(name).js"
        return (path, wrap(path, facet(name, documents)))
    }

    /// The term shards and, last, the manifest: the files that depend on the postings
    /// (a long-lived build writes only these again when only terms changed).
    func shardFiles(postings: [String: ([Int], [Int])], documentCount: Int,
                    texts: ShardTextMemo? = nil) -> [(path: String, text: String)] {
        let shards = Self.shard(postings.keys.sorted(), postings: postings, keyLength: 2, texts: texts)
        return shards.map { shardFile($0.key, $0.text) } + [manifestFile(documentCount: documentCount, keys: shards.map(\.key))]
    }

    /// A shard's file, from its key and serialized terms.
    func shardFile(_ key: String, _ text: String) -> (path: String, text: String) {
        let path = "search/\(locale.rawValue)/t-\(Self.hex(key)).js"
        return (path, wrap(path, text))
    }

    /// The manifest: how many documents, how many per chunk, and the shard keys in order.
    func manifestFile(documentCount: Int, keys: [String]) -> (path: String, text: String) {
        let path = "search/\(locale.rawValue)/manifest.js"
        let manifest = JSON.object([("docs", .int(Int64(documentCount))), ("chunk", .int(Int64(Self.chunkSize))),
                                    ("shards", .strings(keys))])
        return (path, wrap(path, manifest.serialized()))
    }

    /// The first characters of a term that group it with others into shards.
    static func shardKey(_ term: String, length: Int = 2) -> String {
        String(term.unicodeScalars.prefix(length).map(Character.init))
    }

    private func wrap(_ key: String, _ json: String) -> String {
        var out = "catalogSearch.load("
        JSON.escape(key, into: &out)
        out += ","
        out += json
        out += ");\n"
        return out
    }

    /// Term → (documents where it is in the title or keywords, documents where it is
    /// only in the summary or body), each ascending. Each core collects the terms of its
    /// own partitions, in document order.
    private func postings(_ documents: [SearchDocument]) -> [String: ([Int], [Int])] {
        let parts = ConcurrentMap.map(Array(0..<SearchTerms.partitions)) { part in
            var postings: [String: ([Int], [Int])] = [:]
            for (id, document) in documents.enumerated() {
                for term in document.terms.strong[part] { postings[term, default: ([], [])].0.append(id) }
                for term in document.terms.weak[part] { postings[term, default: ([], [])].1.append(id) }
            }
            return postings
        }
        // Partitions share no term.
        return parts.dropFirst().reduce(into: parts[0]) { all, part in all.merge(part) { first, _ in first } }
    }

    /// Groups sorted terms by their first `keyLength` characters; a group over budget
    /// is split by one more character (its shorter terms stay under the shorter key).
    static func shard(_ terms: [String], postings: [String: ([Int], [Int])], keyLength: Int,
                      texts: ShardTextMemo? = nil) -> [(key: String, text: String)] {
        func serialize(_ key: String, _ group: [String]) -> String {
            texts?.text(key, group, postings) { Self.serialize(group, postings) } ?? Self.serialize(group, postings)
        }
        var groups: [(String, [String])] = []
        for term in terms {
            let key = shardKey(term, length: keyLength)
            if groups.last?.0 == key { groups[groups.count - 1].1.append(term) } else { groups.append((key, [term])) }
        }
        var shards: [(key: String, text: String)] = []
        for (key, group) in groups {
            let longer = group.filter { $0.unicodeScalars.count > keyLength }
            if estimatedSize(group, postings) > shardBudget, !longer.isEmpty {
                let short = group.filter { $0.unicodeScalars.count <= keyLength }
                if !short.isEmpty { shards.append((key, serialize(key, short))) }
                shards += shard(longer, postings: postings, keyLength: keyLength + 1, texts: texts)
            } else {
                shards.append((key, serialize(key, group)))
            }
        }
        return shards
    }

    /// A group's serialized size, estimated from each list's average gap (ids ascend),
    /// so that big groups are split without being written out first.
    private static func estimatedSize(_ terms: [String], _ postings: [String: ([Int], [Int])]) -> Int {
        func listSize(_ ids: [Int]) -> Int {
            guard let last = ids.last else { return 2 }
            let gap = max(1, last / ids.count)
            return 2 + ids.count * (String(gap).utf8.count + 1)
        }
        return terms.reduce(2) { size, term in
            let lists = postings[term] ?? ([], [])
            return size + term.utf8.count + 6 + listSize(lists.0) + listSize(lists.1)
        }
    }

    /// `{"term":[[strong deltas],[weak deltas]],…}`, written directly as bytes: a large
    /// catalog has millions of postings, too many to build `JSON` values (or a `String`
    /// per number) for.
    private static func serialize(_ terms: [String], _ postings: [String: ([Int], [Int])]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(terms.count * 24)
        out.append(UInt8(ascii: "{"))
        for (index, term) in terms.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            // Terms are letters and digits only (SearchTokenizer), so they need no escaping.
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: term.utf8)
            out.append(UInt8(ascii: "\""))
            let lists = postings[term] ?? ([], [])
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: "["))
            appendDeltas(lists.0, to: &out)
            out.append(UInt8(ascii: ","))
            appendDeltas(lists.1, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    static func appendDeltas(_ ids: [Int], to out: inout String) {
        var bytes: [UInt8] = []
        appendDeltas(ids, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `[first,second-first,…]`.
    static func appendDeltas(_ ids: [Int], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        var previous = 0
        for (index, id) in ids.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendDecimal(id - previous, to: &out)
            previous = id
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `String(value)`'s digits, without making the `String`.
    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        guard value >= 0 else { out.append(contentsOf: String(value).utf8); return }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// Filter value → documents, as ascending ids written as differences from the
    /// previous one: small numbers, short files.
    private func facet(_ name: String, _ documents: [SearchDocument]) -> String {
        var lists: [String: [Int]] = [:]
        for (id, document) in documents.enumerated() {
            for value in document.facets[name] ?? [] { lists[value, default: []].append(id) }
        }
        var out = "{"
        for (index, value) in lists.keys.sorted().enumerated() {
            if index > 0 { out += "," }
            JSON.escape(value, into: &out)
            out += ":"
            Self.appendDeltas(lists[value] ?? [], to: &out)
        }
        out += "}"
        return out
    }

    static func hex(_ text: String) -> String {
        text.utf8.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

/// A document's distinct terms, each once, in order of first appearance: those of its
/// title and keywords (`strong`), and those only in its other texts (`weak`). Each list
/// is split into partitions by the term's first byte, so that the postings of different
/// partitions can be collected in parallel.
struct SearchTerms: Sendable, Equatable {
    static let partitions = 4

    private(set) var strong: [[String]]
    private(set) var weak: [[String]]

    init(strong strongTexts: [String], weak weakTexts: [String]) {
        let length = strongTexts.reduce(0) { $0 + $1.utf8.count } + weakTexts.reduce(0) { $0 + $1.utf8.count }
        var seen = SearchTermSet(expected: length / 8 + 8)
        var strong = [[String]](repeating: [], count: Self.partitions), weak = strong
        func add(_ texts: [String], to lists: inout [[String]]) {
            for text in texts {
                SearchTokenizer.forEachTermBytes(text) { term in
                    if seen.insert(term) { lists[Int(term[0]) % Self.partitions].append(String(decoding: term, as: UTF8.self)) }
                }
            }
        }
        add(strongTexts, to: &strong)
        add(weakTexts, to: &weak)
        self.strong = strong
        self.weak = weak
    }
}
