import Foundation

/// A locale's search postings read back from its term packs in the output, changed for
/// some documents' new terms, and printed again as a whole build prints them
/// (`SearchIndexBuilder.shardFiles`). A document's old terms are the terms whose lists
/// hold its id, so no earlier terms need to be kept.
struct BodyEditSearch {
    var locale: LocaleID
    /// Every term in `String` order (the packs' order, so nothing is sorted again), and
    /// each term's (strong ids, weak-only ids), each ascending.
    private(set) var terms: [String] = []
    private(set) var lists: [([Int], [Int])] = []

    /// The postings of the packs; nil when a pack is not as the builder prints them.
    init?(locale: LocaleID, packs: [Data]) {
        self.locale = locale
        var parsed: [(terms: [String], lists: [([Int], [Int])])] = []
        for pack in packs {
            var one: (terms: [String], lists: [([Int], [Int])]) = ([], [])
            let ok = pack.withUnsafeBytes { raw in
                var parser = PackParser(bytes: raw.bindMemory(to: UInt8.self))
                return parser.parse(into: &one)
            }
            guard ok else { return nil }
            if !one.terms.isEmpty { parsed.append(one) }
        }
        // Packs hold consecutive runs of the sorted terms: in the order of their first terms.
        for pack in parsed.sorted(by: { $0.terms[0] < $1.terms[0] }) {
            guard terms.last.map({ $0 < pack.terms[0] }) ?? true else { return nil }
            terms += pack.terms
            lists += pack.lists
        }
    }

    /// Gives the documents their new terms, in place of whatever they had.
    mutating func replace(_ documents: [Int: SearchTerms]) {
        let ids = Set(documents.keys)
        for index in lists.indices where lists[index].0.contains(where: ids.contains) || lists[index].1.contains(where: ids.contains) {
            lists[index].0.removeAll(where: ids.contains)
            lists[index].1.removeAll(where: ids.contains)
        }
        for (id, document) in documents {
            for term in document.strong { Self.insert(id, into: &lists[place(term)].0) }
            for term in document.weak { Self.insert(id, into: &lists[place(term)].1) }
        }
        let kept = lists.indices.filter { !lists[$0].0.isEmpty || !lists[$0].1.isEmpty }
        if kept.count < lists.count {
            terms = kept.map { terms[$0] }
            lists = kept.map { lists[$0] }
        }
    }

    /// The term's place, where it is added (with empty lists) when it is new.
    private mutating func place(_ term: String) -> Int {
        var low = 0, high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if terms[middle] < term { low = middle + 1 } else { high = middle }
        }
        if low == terms.count || terms[low] != term {
            terms.insert(term, at: low)
            lists.insert(([], []), at: low)
        }
        return low
    }

    private static func insert(_ id: Int, into list: inout [Int]) {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < id { low = middle + 1 } else { high = middle }
        }
        if low == list.count || list[low] != id { list.insert(id, at: low) }
    }

    /// The packs and the manifest, path → bytes, as `SearchIndexBuilder.shardFiles` prints them.
    func files(documentCount: Int) -> [String: Data] {
        let source = Source(terms: terms, lists: lists)
        let shards = SearchIndexBuilder.shard(Array(terms.indices), source: source, keyLength: 2) { _, group in
            SearchIndexBuilder.serialize(group, source)
        }
        let files = SearchIndexBuilder(locale: locale).packFiles(SearchIndexBuilder.pack(shards), documentCount: documentCount)
        return Dictionary(files.map { ($0.path, Data($0.text.utf8)) }, uniquingKeysWith: { $1 })
    }

    /// The terms by their place.
    private struct Source: SearchShardSource {
        let terms: [String]
        let lists: [([Int], [Int])]

        func text(_ term: Int) -> String { terms[term] }
        func lists(_ term: Int) -> (strong: [Int], weak: [Int]) { lists[term] }
    }
}

/// Reads `catalogSearch.load("…",{"term":[[deltas],[deltas]],…});` as
/// `SearchIndexBuilder.serialize` and `pack` write it (terms are letters and digits).
private struct PackParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parse(into pack: inout (terms: [String], lists: [([Int], [Int])])) -> Bool {
        guard let open = bytes.firstIndex(of: UInt8(ascii: "{")) else { return false }
        at = open + 1
        if peek == UInt8(ascii: "}") { at += 1; return ending }
        while true {
            guard take("\""), let end = bytes[at...].firstIndex(of: UInt8(ascii: "\"")) else { return false }
            let term = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<end]), as: UTF8.self)
            at = end + 1
            guard take(":"), take("["), let strong = deltas(), take(","), let weak = deltas(), take("]"),
                  pack.terms.last.map({ $0 < term }) ?? true else { return false }
            pack.terms.append(term)
            pack.lists.append((strong, weak))
            if take("}") { return ending }
            guard take(",") else { return false }
        }
    }

    private var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    private var ending: Bool { Array(bytes[at...]) == Array(");\n".utf8) }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: character) else { return false }
        at += 1
        return true
    }

    /// `[first,gap,…]` → the ids.
    private mutating func deltas() -> [Int]? {
        guard take("[") else { return nil }
        var ids: [Int] = []
        if take("]") { return ids }
        var previous = 0
        while true {
            var value = 0, digits = 0
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                at += 1
            }
            guard digits > 0 else { return nil }
            previous += value
            ids.append(previous)
            if take("]") { return ids }
            guard take(",") else { return nil }
        }
    }
}
