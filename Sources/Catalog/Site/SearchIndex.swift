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
/// catalog fetches little: the manifest, one pack of shards per term (two for the
/// prefix of the last word), and the chunks holding the first twenty results.
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
        let facets = SearchFacetLists(documents)
        for name in Self.facetNames { files.append(facetFile(name, facets)) }
        files.append(manifest)
        return files
    }

    /// The listing of documents `number * chunkSize` and on (a long-lived build prints
    /// again only the chunk of a document whose listing changed).
    func chunkFile(_ number: Int, _ documents: ArraySlice<SearchDocument>) -> (path: String, text: String) {
        let path = "search/\(locale.rawValue)/d-\(number).js"
        return (path, wrap(path, capacity: documents.count * 256) { out in
            // `JSON.array` of `JSON.strings`, compact, written without making the values.
            out.append(UInt8(ascii: "["))
            for index in documents.indices {
                if index > documents.startIndex { out.append(UInt8(ascii: ",")) }
                let document = documents[index]
                func field(_ text: String, after lead: Unicode.Scalar) {
                    out.append(UInt8(ascii: lead))
                    JSON.escape(text, into: &out)
                }
                field(document.title, after: "[")
                field(document.path, after: ",")
                field(document.summary, after: ",")
                field(document.thumbnail, after: ",")
                field(document.meta, after: ",")
                field(document.lang, after: ",")
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "]"))
        })
    }

    func facetFile(_ name: String, _ documents: [SearchDocument]) -> (path: String, text: String) {
        facetFile(name, SearchFacetLists(documents, names: [name]))
    }

    func facetFile(_ name: String, _ lists: SearchFacetLists) -> (path: String, text: String) {
        let path = "search/\(locale.rawValue)/f-\(name).js"
        return (path, wrap(path, lists.json(name)))
    }

    /// The term packs and, last, the manifest: the files that depend on the postings
    /// (a long-lived build writes only these again when only terms changed).
    func shardFiles(postings: [String: ([Int], [Int])], documentCount: Int,
                    texts: ShardTextMemo? = nil) -> [(path: String, text: String)] {
        let shards = Self.shard(postings.keys.sorted(), postings: postings, keyLength: 2, texts: texts)
        texts?.packs = Self.packRanges(shards.map(\.text.utf8.count)).map { shards[$0].map(\.key) }
        return packFiles(Self.pack(shards), documentCount: documentCount)
    }

    /// A pack's file, from its first shard's key and its serialized terms.
    func shardFile(_ key: String, _ text: String) -> (path: String, text: String) {
        let path = "search/\(locale.rawValue)/t-\(Self.hex(key)).js"
        return (path, wrap(path, text))
    }

    /// The manifest: how many documents, how many per chunk, and the packs' first keys in order.
    func manifestFile(documentCount: Int, keys: [String]) -> (path: String, text: String) {
        let path = "search/\(locale.rawValue)/manifest.js"
        let manifest = JSON.object([("docs", .int(Int64(documentCount))), ("chunk", .int(Int64(Self.chunkSize))),
                                    ("packs", .strings(keys))])
        return (path, wrap(path, manifest.serialized()))
    }

    /// The first characters of a term that group it with others into shards.
    static func shardKey(_ term: String, length: Int = 2) -> String {
        // Most terms start with ASCII: then the key is their first bytes.
        var bytes = term
        let ascii = bytes.withUTF8 { utf8 -> String? in
            let count = min(length, utf8.count)
            guard utf8.prefix(count).allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: utf8[0..<count]), as: UTF8.self)
        }
        return ascii ?? String(term.unicodeScalars.prefix(length).map(Character.init))
    }

    private func wrap(_ key: String, _ json: String) -> String {
        var out = "catalogSearch.load("
        JSON.escape(key, into: &out)
        out += ","
        out += json
        out += ");\n"
        return out
    }

    /// `wrap` for JSON that `write` appends to the file's bytes.
    private func wrap(_ key: String, capacity: Int, _ write: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        out.append(contentsOf: "catalogSearch.load(".utf8)
        JSON.escape(key, into: &out)
        out.append(UInt8(ascii: ","))
        write(&out)
        out.append(contentsOf: ");\n".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// Term → (documents where it is in the title or keywords, documents where it is
    /// only in the summary or body), each ascending.
    private func postings(_ documents: [SearchDocument]) -> [String: ([Int], [Int])] {
        var postings = SearchPostings()
        for document in documents { postings.add(document.terms) }
        return postings.lists
    }

    /// Groups sorted terms by their first `keyLength` characters; a group over budget
    /// is split by one more character (its shorter terms stay under the shorter key).
    static func shard(_ terms: [String], postings: [String: ([Int], [Int])], keyLength: Int,
                      texts: ShardTextMemo? = nil) -> [(key: String, text: String)] {
        let source = SearchTermLookup(postings: postings)
        return shard(terms, source: source, keyLength: keyLength) { key, group in
            texts?.text(key, group, postings) { serialize(group, source) } ?? serialize(group, source)
        }
    }

    /// `shard` for terms whose postings `source` gives; `serialize` prints a shard's terms.
    /// A loop over a stack of groups, not a recursion: a group of one term is its own
    /// shard, keyed by the whole term, which is where splitting it letter by letter would
    /// end (a term too large for any shard once split 60,000 times, overflowing the stack).
    static func shard<Source: SearchShardSource>(
        _ terms: [Source.Term], source: Source, keyLength: Int,
        serialize: (String, [Source.Term]) -> String) -> [(key: String, text: String)] {
        var shards: [(key: String, text: String)] = []
        // Groups still to shard, the next one last; each with the key length it was made by.
        var pending = groups(terms, source: source, keyLength: keyLength).reversed().map { ($0, keyLength) }
        while let ((key, group), length) = pending.popLast() {
            if estimatedSize(group, source) > shardBudget,
               group.contains(where: { isLonger(source.text($0), than: length) }) {
                if group.count == 1 {
                    let term = source.text(group[0])
                    let own = shardKey(term, length: term.unicodeScalars.count)
                    shards.append((own, serialize(own, group)))
                    continue
                }
                let longer = group.filter { isLonger(source.text($0), than: length) }
                let short = group.filter { !isLonger(source.text($0), than: length) }
                if !short.isEmpty { shards.append((key, serialize(key, short))) }
                pending += groups(longer, source: source, keyLength: length + 1).reversed().map { ($0, length + 1) }
            } else {
                shards.append((key, serialize(key, group)))
            }
        }
        return shards
    }

    /// True when `term` has more than `count` unicode scalars.
    private static func isLonger(_ term: String, than count: Int) -> Bool {
        !term.unicodeScalars.dropFirst(count).isEmpty
    }

    /// Sorted terms in runs that share their first `keyLength` characters: `shard` splits
    /// each run on its own, so runs can be sharded apart (on several cores) all the same.
    static func groups<Source: SearchShardSource>(_ terms: [Source.Term], source: Source,
                                                  keyLength: Int) -> [(key: String, terms: [Source.Term])] {
        var groups: [(key: String, terms: [Source.Term])] = []
        for term in terms {
            let key = shardKey(source.text(term), length: keyLength)
            if groups.last?.key == key { groups[groups.count - 1].terms.append(term) } else { groups.append((key, [term])) }
        }
        return groups
    }

    /// A group's serialized size, estimated from each list's average gap (ids ascend),
    /// so that big groups are split without being written out first.
    private static func estimatedSize<Source: SearchShardSource>(_ terms: [Source.Term], _ source: Source) -> Int {
        func listSize(_ ids: Source.IDs) -> Int {
            guard let last = ids.last else { return 2 }
            var gap = max(1, Int(last) / ids.count), digits = 1
            while gap >= 10 { gap /= 10; digits += 1 }
            return 2 + ids.count * (digits + 1)
        }
        return terms.reduce(2) { size, term in
            let lists = source.lists(term)
            return size + source.text(term).utf8.count + 6 + listSize(lists.strong) + listSize(lists.weak)
        }
    }

    /// `{"term":[[strong deltas],[weak deltas]],…}`, written directly as bytes: a large
    /// catalog has millions of postings, too many to build `JSON` values (or a `String`
    /// per number) for.
    static func serialize<Source: SearchShardSource>(_ terms: [Source.Term], _ source: Source) -> String {
        // Written into memory reserved for the longest text the lists can make: a
        // growing array checked its capacity for every byte.
        // A number and its comma: a 32-bit difference has at most 11 characters, a 64-bit one 20.
        let perID = MemoryLayout<Source.IDs.Element>.size <= 4 ? 12 : 21
        let capacity = terms.reduce(2) { size, term in
            let lists = source.lists(term)
            return size + source.text(term).utf8.count + 11 + perID * (lists.strong.count + lists.weak.count)
        }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var out = SearchByteWriter(buffer.baseAddress!)
            out.append(UInt8(ascii: "{"))
            for (index, term) in terms.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                // Terms are letters and digits only (SearchTokenizer), so they need no escaping.
                out.append(UInt8(ascii: "\""))
                var text = source.text(term)
                text.withUTF8 { out.append($0) }
                out.append(UInt8(ascii: "\""))
                let lists = source.lists(term)
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: "["))
                appendDeltas(lists.strong, to: &out)
                out.append(UInt8(ascii: ","))
                appendDeltas(lists.weak, to: &out)
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "}"))
            return out.count
        }
    }

    static func appendDeltas(_ ids: [Int], to out: inout String) {
        var bytes: [UInt8] = []
        appendDeltas(ids, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `[first,second-first,…]`.
    static func appendDeltas(_ ids: some Collection<some BinaryInteger>, to out: inout some SearchByteSink) {
        out.append(UInt8(ascii: "["))
        var previous = 0
        for (index, id) in ids.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendDecimal(Int(id) - previous, to: &out)
            previous = Int(id)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `String(value)`'s digits, without making the `String`. Most deltas have one or
    /// two digits, written without the general loop's divisions by a variable.
    private static func appendDecimal(_ value: Int, to out: inout some SearchByteSink) {
        guard value >= 0 else { for byte in String(value).utf8 { out.append(byte) }; return }
        let zero = UInt8(ascii: "0")
        if value < 10 { return out.append(zero + UInt8(value)) }
        if value < 100 {
            out.append(zero + UInt8(value / 10))
            return out.append(zero + UInt8(value % 10))
        }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    static func hex(_ text: String) -> String {
        text.utf8.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

/// A document's distinct terms, each once, in order of first appearance: those of its
/// title and keywords (`strong`), and those only in its other texts (`weak`). Kept as
/// their UTF-8 bytes (`SearchTermSet`): most terms are in every locale's postings many
/// times, and only the index's distinct terms need to become `String`s.
struct SearchTerms: Sendable, Equatable {
    private enum Storage: Sendable, Equatable {
        /// As tokenized: the terms' bytes one after another, where each ends and the hash of
        /// each (`SearchTermSet.hash`), which `SearchPostings` numbers them by.
        case indexed(bytes: [UInt8], ends: [Int32], hashes: [UInt32])
        /// As `serve` keeps them (`packed()`): each term's length (LEB128) then its bytes, in
        /// one buffer; about half the bytes of `indexed`, in one allocation instead of three.
        case packed([UInt8])
    }

    private var storage: Storage
    /// How many of the terms are strong.
    private(set) var strongCount: Int

    var strong: [String] { strings(0..<strongCount) }
    var weak: [String] { strings(strongCount..<Int.max) }

    /// No terms.
    init() {
        storage = .indexed(bytes: [], ends: [], hashes: [])
        strongCount = 0
    }

    init(strong strongTexts: [String], weak weakTexts: [String]) {
        self.init(strong: strongTexts, weak: weakTexts.map(SearchText.string))
    }

    init(strong strongTexts: [String], weak weakTexts: [SearchText]) {
        let length = strongTexts.reduce(0) { $0 + $1.utf8.count } + weakTexts.reduce(0) { $0 + $1.byteCount }
        // A text repeats most of its words: a table for one term per 8 bytes of it was
        // mostly empty slots (128 kB for a 20 kB body), cleared for every document. One
        // per 32 bytes was too few: bodies of 2 kB hold about 1.3 (freeCodeCamp) to 1.9
        // (generated corpora) times that many distinct terms, and most tables grew once.
        var seen = SearchTermSet(expected: length / 16 + 16)
        for text in strongTexts { SearchTokenizer.tokenize(text, into: &seen) }
        strongCount = seen.count
        for text in weakTexts { text.tokenize(into: &seen) }
        // Copied to their exact sizes: documents are kept until their locale is done.
        // `Array(seen.arena[...])` would not copy: a slice of a whole array becomes that
        // array again, with all the capacity reserved above.
        storage = .indexed(bytes: seen.arena.withUnsafeBufferPointer { Array($0) },
                           ends: seen.ends.withUnsafeBufferPointer { Array($0) },
                           hashes: seen.hashes.withUnsafeBufferPointer { Array($0) })
    }

    /// The same terms in the form a long-lived build keeps (`Storage.packed`).
    func packed() -> SearchTerms {
        guard case .indexed(let bytes, let ends, _) = storage else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + ends.count * 2)
        forEachTerm { term, _, _ in
            var length = term.count
            while length >= 0x80 {
                out.append(UInt8(truncatingIfNeeded: length) | 0x80)
                length >>= 7
            }
            out.append(UInt8(length))
            out.append(contentsOf: term)
        }
        var copy = self
        copy.storage = .packed(out.withUnsafeBufferPointer { Array($0) })
        return copy
    }

    /// Calls `body` with each term's bytes, its hash when kept (nil when packed) and its
    /// number, in order.
    func forEachTerm(_ body: (UnsafeBufferPointer<UInt8>, UInt32?, Int) -> Void) {
        switch storage {
        case .indexed(let bytes, let ends, let hashes):
            bytes.withUnsafeBufferPointer { bytes in
                var start = 0
                for index in ends.indices {
                    let end = Int(ends[index])
                    body(UnsafeBufferPointer(rebasing: bytes[start..<end]), hashes[index], index)
                    start = end
                }
            }
        case .packed(let bytes):
            bytes.withUnsafeBufferPointer { bytes in
                var offset = 0, index = 0
                while offset < bytes.count {
                    var length = 0, shift = 0
                    while bytes[offset] & 0x80 != 0 {
                        length |= Int(bytes[offset] & 0x7F) << shift
                        shift += 7
                        offset += 1
                    }
                    length |= Int(bytes[offset]) << shift
                    offset += 1
                    body(UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), nil, index)
                    offset += length
                    index += 1
                }
            }
        }
    }

    /// Equal when they hold the same terms in the same order with as many strong ones,
    /// whichever their storage.
    static func == (left: SearchTerms, right: SearchTerms) -> Bool {
        guard left.strongCount == right.strongCount else { return false }
        switch (left.storage, right.storage) {
        case (.packed, .packed), (.indexed, .indexed): return left.storage == right.storage
        default: return left.packed().storage == right.packed().storage
        }
    }

    /// The arrays of indexed terms (nil when packed), and the buffer of packed ones (nil
    /// when indexed): for tests of their sizes, and for the hashes `SearchPostings.add`
    /// prefetches by.
    var indexedArrays: (bytes: [UInt8], ends: [Int32], hashes: [UInt32])? {
        guard case .indexed(let bytes, let ends, let hashes) = storage else { return nil }
        return (bytes, ends, hashes)
    }

    var packedBytes: [UInt8]? {
        guard case .packed(let bytes) = storage else { return nil }
        return bytes
    }

    private func strings(_ numbers: Range<Int>) -> [String] {
        var strings: [String] = []
        forEachTerm { term, _, number in
            if numbers.contains(number) { strings.append(String(decoding: term, as: UTF8.self)) }
        }
        return strings
    }
}

extension SearchTermSet: SearchTermSink {
    mutating func add(_ term: UnsafeBufferPointer<UInt8>, hash: UInt32) { _ = number(of: term, hash: hash) }
}

/// A text to take search terms from: a `String`, the UTF-8 bytes of one (a page's body's
/// plain text, gathered once for several pages), or a page's body, whose plain text is
/// tokenized where it is in the Markdown tree (`SearchPlainText`).
enum SearchText {
    case string(String)
    case utf8([UInt8])
    /// A body's tree and the length of its Markdown, which sizes the table of its terms:
    /// counted as 0, the table started with room for 16 terms and grew four or five
    /// times for every page.
    case body(MarkdownDocument?, byteCount: Int)

    /// The text's length in bytes, to size a table of its terms by.
    var byteCount: Int {
        switch self {
        case .string(let text): text.utf8.count
        case .utf8(let bytes): bytes.count
        case .body(_, let byteCount): byteCount
        }
    }

    func tokenize(into sink: inout some SearchTermSink) {
        switch self {
        case .string(let text): SearchTokenizer.tokenize(text, into: &sink)
        case .utf8(let bytes): bytes.withUnsafeBufferPointer { SearchTokenizer.tokenize(utf8: $0, into: &sink) }
        case .body(let body, _): SearchTokenizer.tokenize(body: body, into: &sink)
        }
    }
}
