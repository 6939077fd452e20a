import Foundation

/// A locale's postings, collected document by document in id order while its pages are
/// written (`SearchIndexCollector`), so that none of this work waits until the last page.
/// Terms are found by the bytes and hashes their documents keep, in one `SearchTermSet`:
/// a `[String: …]` dictionary hashed every term of every document again with SipHash.
/// Adding a document only numbers its terms and appends the numbers to one array (this
/// runs on the thread that writes the pages); the lists by term are made once, by
/// `table`, after the last document.
struct SearchPostings: Sendable {
    private var terms = SearchTermSet(expected: 4096)
    /// Every document's terms in id order, each as its number × 2, plus 1 when it is only weak.
    private var entries: [UInt32] = []
    /// Where each document's entries end.
    private var ends: [Int] = []

    var count: Int { ends.count }

    /// How many terms ahead a term's slot is asked for (`SearchTermSet.prefetch`).
    private static let lookAhead = 8

    mutating func add(_ document: SearchTerms) {
        let strongCount = document.strongCount
        let hashes = document.indexedArrays?.hashes ?? []
        for hash in hashes.prefix(Self.lookAhead) { terms.prefetch(hash: hash) }
        document.forEachTerm { term, hash, index in
            if index + Self.lookAhead < hashes.count { terms.prefetch(hash: hashes[index + Self.lookAhead]) }
            let number = terms.number(of: term, hash: hash ?? SearchTermSet.hash(term)).number
            entries.append(UInt32(number) << 1 | (index < strongCount ? 0 : 1))
        }
        ends.append(entries.count)
    }

    /// The lists of every term: a counting sort of the entries by term, which keeps each
    /// list in id order.
    var table: SearchPostingTable {
        var offsets = [Int32](repeating: 0, count: terms.count * 2 + 1)
        var ids = [Int32](repeating: 0, count: entries.count)
        entries.withUnsafeBufferPointer { entries in
            offsets.withUnsafeMutableBufferPointer { offsets in
                for entry in entries { offsets[Int(entry) + 1] += 1 }
                for list in 1..<offsets.count { offsets[list] += offsets[list - 1] }
                var next = Array(offsets.dropLast())
                next.withUnsafeMutableBufferPointer { next in
                    ids.withUnsafeMutableBufferPointer { ids in
                        var start = 0
                        for (id, end) in ends.enumerated() {
                            for entry in entries[start..<end] {
                                ids[Int(next[Int(entry)])] = Int32(id)
                                next[Int(entry)] += 1
                            }
                            start = end
                        }
                    }
                }
            }
        }
        return SearchPostingTable(terms: terms, offsets: offsets, ids: ids)
    }

    /// Term → (strong ids, weak-only ids), each ascending, as `SearchIndexBuilder` takes them.
    var lists: [String: ([Int], [Int])] {
        let table = table
        var lists = [String: ([Int], [Int])](minimumCapacity: table.count)
        for number in 0..<table.count {
            let postings = table.lists(number)
            lists[table.text(number)] = (postings.strong.map(Int.init), postings.weak.map(Int.init))
        }
        return lists
    }
}

/// Every term's postings, numbered as the `SearchTermSet` that collected them: term `n`'s
/// strong ids are `ids[offsets[2n]..<offsets[2n + 1]]`, its weak-only ids follow up to
/// `offsets[2n + 2]`.
struct SearchPostingTable: Sendable {
    let terms: SearchTermSet
    let offsets: [Int32]
    let ids: [Int32]

    var count: Int { terms.count }

    func text(_ number: Int) -> String {
        terms.arena.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[terms.term(number)]), as: UTF8.self) }
    }

    func lists(_ number: Int) -> (strong: ArraySlice<Int32>, weak: ArraySlice<Int32>) {
        let strong = Int(offsets[2 * number]), weak = Int(offsets[2 * number + 1]), end = Int(offsets[2 * number + 2])
        return (ids[strong..<weak], ids[weak..<end])
    }
}

/// Where `SearchIndexBuilder.shard` finds each term's text and postings.
protocol SearchShardSource {
    associatedtype Term
    associatedtype IDs: BidirectionalCollection where IDs.Element: BinaryInteger
    func text(_ term: Term) -> String
    func lists(_ term: Term) -> (strong: IDs, weak: IDs)
}

/// Postings by term, as a long-lived build keeps them (`SearchPostingsMemo`).
struct SearchTermLookup: SearchShardSource {
    let postings: [String: ([Int], [Int])]

    func text(_ term: String) -> String { term }

    func lists(_ term: String) -> (strong: [Int], weak: [Int]) {
        let lists = postings[term] ?? ([], [])
        return (lists.0, lists.1)
    }
}

/// A collected table's terms by number, with their texts made once.
struct SearchTableTerms: SearchShardSource, Sendable {
    let table: SearchPostingTable
    let texts: [String]

    init(_ table: SearchPostingTable) {
        self.table = table
        texts = (0..<table.count).map(table.text)
    }

    /// Term numbers in the order of their texts (`String` order, which is the byte order
    /// of their NFC forms; canonically equal texts, rare, in the order they came, as the
    /// stable `sorted(by:)` of the texts left them). Each text's NFC bytes are made once
    /// (an ASCII term is its own), and the sort compares their first eight bytes as one
    /// number, held beside the term's number: comparing `String`s normalized both sides
    /// at every comparison.
    var sorted: [Int] {
        let keys = SearchSortKeys(self)
        var order = (0..<table.count).map { SearchSortKeys.Item(prefix: keys.prefix($0), number: Int32($0)) }
        keys.bytes.withUnsafeBufferPointer { bytes in
            keys.ends.withUnsafeBufferPointer { ends in
                order.sort { left, right in
                    guard left.prefix == right.prefix else { return left.prefix < right.prefix }
                    return SearchSortKeys.precedes(left.number, right.number, bytes: bytes, ends: ends)
                }
            }
        }
        return order.map { Int($0.number) }
    }

    func text(_ term: Int) -> String { texts[term] }
    func lists(_ term: Int) -> (strong: ArraySlice<Int32>, weak: ArraySlice<Int32>) { table.lists(term) }
}

/// The bytes `SearchTableTerms.sorted` orders terms by: each term's NFC form as UTF-8,
/// one after another.
struct SearchSortKeys {
    struct Item {
        /// The key's first eight bytes, big-endian, zeros after a shorter key.
        var prefix: UInt64
        var number: Int32
    }

    private(set) var bytes: [UInt8] = []
    /// Where each term's key ends in `bytes`.
    private(set) var ends: [Int32] = []

    init(_ terms: SearchTableTerms) {
        bytes.reserveCapacity(terms.table.terms.arena.count)
        ends.reserveCapacity(terms.table.count)
        terms.table.terms.arena.withUnsafeBufferPointer { arena in
            for number in 0..<terms.table.count {
                let term = UnsafeBufferPointer(rebasing: arena[terms.table.terms.term(number)])
                if term.allSatisfy({ $0 < 0x80 }) { bytes.append(contentsOf: term) } else { bytes += terms.texts[number]._nfcCodeUnits }
                ends.append(Int32(bytes.count))
            }
        }
    }

    func prefix(_ number: Int) -> UInt64 {
        let start = number == 0 ? 0 : Int(ends[number - 1]), end = Int(ends[number])
        var prefix: UInt64 = 0
        for index in 0..<8 { prefix = prefix << 8 | UInt64(start + index < end ? bytes[start + index] : 0) }
        return prefix
    }

    /// Whether key `left` sorts before key `right`, whose first eight bytes are equal
    /// (keys have no zero byte, so neither of those is past a shorter key's end): the rest
    /// in byte order, a key before its extensions, and equal keys by term number.
    static func precedes(_ left: Int32, _ right: Int32, bytes: UnsafeBufferPointer<UInt8>,
                         ends: UnsafeBufferPointer<Int32>) -> Bool {
        let (left, right) = (Int(left), Int(right))
        let leftStart = (left == 0 ? 0 : Int(ends[left - 1])) + 8, rightStart = (right == 0 ? 0 : Int(ends[right - 1])) + 8
        let leftCount = max(0, Int(ends[left]) - leftStart), rightCount = max(0, Int(ends[right]) - rightStart)
        let common = min(leftCount, rightCount)
        if common > 0 {
            let order = memcmp(bytes.baseAddress! + leftStart, bytes.baseAddress! + rightStart, common)
            if order != 0 { return order < 0 }
        }
        return leftCount != rightCount ? leftCount < rightCount : left < right
    }
}
