import Foundation
import Testing
@testable import Catalog

/// A deterministic catalog of 10 books × 10 chapters × 100 activities (10,110 contexts)
/// whose bodies draw ~150 words each from a Zipf-like vocabulary of 5,000 words.
enum SyntheticCatalog {
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let common = ["the", "and", "of", "to", "a", "in", "is", "that", "for", "it", "with", "as", "on", "be", "at",
                         "by", "this", "students", "water", "measure", "light", "plants", "energy", "experiment"]
    static let syllables = ["ka", "lo", "mi", "ne", "ru", "ta", "po", "si", "de", "ga", "vu", "ze", "bo", "fi", "ho", "ja"]

    static func vocabulary() -> [String] {
        var words = common
        var random = Random(state: 7)
        while words.count < 5000 {
            words.append((0..<(2 + random.next(3))).map { _ in syllables[random.next(syllables.count)] }.joined())
        }
        return words
    }

    /// Zipf-like: low ranks far more often than high ones.
    static func text(_ count: Int, _ words: [String], _ random: inout Random) -> String {
        (0..<count).map { _ in
            let a = random.next(words.count), b = random.next(words.count)
            return words[min(a, b) * min(a, b) / words.count]
        }.joined(separator: " ")
    }

    static func model() -> CatalogModel {
        let en = LocaleID(rawValue: "en-us")
        let words = vocabulary()
        var random = Random(state: 42)
        var contexts: [ContextNode] = []
        var books: [Int] = []
        func add(_ id: String, _ path: [String], _ type: ContextType, parent: Int?, bodyWords: Int) -> Int {
            let source = SourceFile(relativePath: path.dropFirst().joined(separator: "/") + ".md", displayPath: id)
            let version = ContextVersion(
                locale: en, title: text(3, words, &random).capitalized, summary: text(14, words, &random),
                keywords: [text(1, words, &random), text(1, words, &random)],
                progressReporting: [ProgressCapability(kind: ProgressKind.allCases[random.next(5)], details: text(5, words, &random))],
                body: bodyWords > 0 ? MarkdownBody(text: text(bodyWords, words, &random), source: source, firstLine: 1) : nil)
            contexts.append(ContextNode(
                identifier: id, identifierPath: path, type: type, source: source, isDirectory: type != .quiz,
                topic: Topic.allCases[random.next(8)], suggestedAge: ClosedIntRange(lower: Int64(5 + random.next(8)), upper: 14),
                suggestedCompletionTime: ClosedIntRange(lower: 10, upper: Int64(15 + random.next(60))),
                versions: [en: version], parent: parent))
            if let parent { contexts[parent].children.append(contexts.count - 1) }
            return contexts.count - 1
        }
        for b in 0..<10 {
            let book = add("book\(b)", ["com.example.big", "book\(b)"], .book, parent: nil, bodyWords: 40)
            books.append(book)
            for c in 0..<10 {
                let chapter = add("ch\(c)", ["com.example.big", "book\(b)", "ch\(c)"], .chapter, parent: book, bodyWords: 40)
                for s in 0..<100 {
                    _ = add("s\(s)", ["com.example.big", "book\(b)", "ch\(c)", "s\(s)"], .quiz, parent: chapter, bodyWords: 150)
                }
            }
        }
        let app = AppContext(bundleIdentifier: "com.example.big", defaultLocale: en, locales: [en], title: [en: "Big"],
                             source: SourceFile(relativePath: "catalog.yml", displayPath: "catalog.yml"), children: books)
        return CatalogModel(app: app, contexts: contexts)
    }
}

/// What the browser fetches for a first query: the home page with its stylesheet and
/// script, the manifest, the pack of shards of each term (and the next pack for the last
/// term's prefix when it starts with it), and the document chunks of the first 20 hits.
func firstQueryBytes(_ query: String, _ files: [String: Data], locale: String = "en-us",
                     page: Bool = true) throws -> Int {
    func size(_ path: String) -> Int { files[path]?.count ?? 0 }
    func payload(_ path: String) throws -> Any {
        let text = String(decoding: try #require(files[path]), as: UTF8.self)
        let json = text.drop { $0 != "," }.dropFirst().dropLast(3)
        return try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
    }
    var total = page ? size("\(locale)/index.html") + size(SiteAssets.stylesheetPath) + size(SiteAssets.scriptPath) : 0
    let manifestPath = "search/\(locale)/manifest.js"
    total += size(manifestPath)
    let packs = try #require((try payload(manifestPath) as? [String: Any])?["packs"] as? [String])
    var scores: [Int: Int]?
    let terms = SearchTokenizer.terms(query)
    for (position, term) in terms.enumerated() {
        let prefix = position == terms.count - 1
        var termScores: [Int: Int] = [:]
        if !packs.isEmpty {
            let at = max(0, (packs.lastIndex { $0 <= term } ?? 0))
            let keys = [packs[at]] + (prefix && at + 1 < packs.count && packs[at + 1].hasPrefix(term) ? [packs[at + 1]] : [])
            for key in keys {
                let path = "search/\(locale)/t-\(SearchIndexBuilder.hex(key)).js"
                total += size(path)
                let shard = try #require(try payload(path) as? [String: [[Int]]])
                for (candidate, lists) in shard where candidate == term || (prefix && candidate.hasPrefix(term)) {
                    for (weight, list) in zip([3, 1], lists) {
                        var id = 0
                        for delta in list { id += delta; termScores[id] = max(termScores[id] ?? 0, weight) }
                    }
                }
            }
        }
        scores = scores.map { previous in previous.filter { termScores[$0.key] != nil }.mapValues { $0 + 1 } } ?? termScores
    }
    let top = (scores ?? [:]).sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(20).map(\.key)
    for chunk in Set(top.map { $0 / SearchIndexBuilder.chunkSize }) { total += size("search/\(locale)/d-\(chunk).js") }
    return total
}

@Test func firstQueryOnTenThousandActivitiesTransfersUnder300kB() throws {
    let model = SyntheticCatalog.model()
    #expect(model.contexts.count == 10_110)
    let sink = MemorySink()
    _ = try SiteStage(contentRoot: URL(fileURLWithPath: "/nonexistent")).run(model: model, thumbnails: ThumbnailSet(), sink: sink)
    let files = sink.files
    let searchBytes = files.filter { $0.key.hasPrefix("search/en-us/") }.values.reduce(0) { $0 + $1.count }
    #expect(searchBytes > 1_000_000, "the whole index is large (\(searchBytes) bytes); a query must not need it all")
    for query in ["the", "water", "experiment", "kalo", "students measure light", "th"] {
        let bytes = try firstQueryBytes(query, files)
        #expect(bytes < 300_000, "first query \"\(query)\" fetches \(bytes) bytes")
        let search = try firstQueryBytes(query, files, page: false)
        #expect(search <= 150_000, "first query \"\(query)\" fetches \(search) bytes of the index")
        print("first query \"\(query)\": \(bytes) bytes")
    }
}
