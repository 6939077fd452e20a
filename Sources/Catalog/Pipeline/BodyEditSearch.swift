import Foundation

/// A locale's search postings read back from its term packs in the output, changed for
/// some documents' new terms, and printed again as a whole build prints them
/// (`SearchIndexBuilder.shardFiles`). A document's old terms are the terms whose lists
/// hold its id, so no earlier terms need to be kept.
struct BodyEditSearch {
    var locale: LocaleID
    /// Term → (strong ids, weak-only ids), each ascending.
    private(set) var postings: [String: ([Int], [Int])] = [:]

    /// The postings of the packs (path → bytes); nil when a pack is not as the builder prints them.
    init?(locale: LocaleID, packs: [Data]) {
        self.locale = locale
        for pack in packs {
            let parsed = pack.withUnsafeBytes { raw in
                var parser = PackParser(bytes: raw.bindMemory(to: UInt8.self))
                return parser.parse(into: &postings)
            }
            guard parsed else { return nil }
        }
    }

    /// Gives the documents their new terms, in place of whatever they had.
    mutating func replace(_ documents: [Int: SearchTerms]) {
        let ids = Set(documents.keys)
        // Found first, then changed: changing the dictionary while iterating it would copy it.
        let touched = postings.compactMap { term, lists in
            lists.0.contains(where: ids.contains) || lists.1.contains(where: ids.contains) ? term : nil
        }
        for term in touched {
            guard let lists = postings[term] else { continue }
            let strong = lists.0.filter { !ids.contains($0) }, weak = lists.1.filter { !ids.contains($0) }
            postings[term] = strong.isEmpty && weak.isEmpty ? nil : (strong, weak)
        }
        for (id, terms) in documents {
            for term in terms.strong { Self.insert(id, into: &postings[term, default: ([], [])].0) }
            for term in terms.weak { Self.insert(id, into: &postings[term, default: ([], [])].1) }
        }
    }

    private static func insert(_ id: Int, into list: inout [Int]) {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < id { low = middle + 1 } else { high = middle }
        }
        if low == list.count || list[low] != id { list.insert(id, at: low) }
    }

    /// The packs and the manifest, path → bytes.
    func files(documentCount: Int) -> [String: Data] {
        let files = SearchIndexBuilder(locale: locale).shardFiles(postings: postings, documentCount: documentCount)
        return Dictionary(files.map { ($0.path, Data($0.text.utf8)) }, uniquingKeysWith: { $1 })
    }
}

/// Reads `catalogSearch.load("…",{"term":[[deltas],[deltas]],…});` as
/// `SearchIndexBuilder.serialize` and `pack` write it (terms are letters and digits).
private struct PackParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parse(into postings: inout [String: ([Int], [Int])]) -> Bool {
        guard let open = bytes.firstIndex(of: UInt8(ascii: "{")) else { return false }
        at = open + 1
        if peek == UInt8(ascii: "}") { at += 1; return ending }
        while true {
            guard take("\""), let end = bytes[at...].firstIndex(of: UInt8(ascii: "\"")) else { return false }
            let term = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<end]), as: UTF8.self)
            at = end + 1
            guard take(":"), take("["), let strong = deltas(), take(","), let weak = deltas(), take("]"),
                  postings[term] == nil else { return false }
            postings[term] = (strong, weak)
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
