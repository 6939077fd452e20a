import Foundation
import Testing
@testable import Catalog

/// Term shards packed into files of at most `packBudget` bytes, in order.
@Test func packsJoinConsecutiveShardsUpToTheBudget() {
    let budget = SearchIndexBuilder.packBudget
    #expect(SearchIndexBuilder.packRanges([]) == [])
    #expect(SearchIndexBuilder.packRanges([10, 20, 30]) == [0..<3])
    #expect(SearchIndexBuilder.packRanges([budget - 10, 10, 1]) == [0..<2, 2..<3])
    #expect(SearchIndexBuilder.packRanges([5, budget + 1, 5]) == [0..<1, 1..<2, 2..<3], "a larger shard is alone")
}

@Test func aPackIsItsShardsAsOneObjectNamedByTheFirstKey() {
    let packs = SearchIndexBuilder.pack([("ab", "{\"ab\":[[1],[]]}"), ("ac", "{\"ace\":[[],[2]],\"act\":[[3],[]]}")])
    #expect(packs.map(\.key) == ["ab"])
    #expect(packs.first?.text == "{\"ab\":[[1],[]],\"ace\":[[],[2]],\"act\":[[3],[]]}")
    #expect(SearchIndexBuilder.pack([("x", "{\"x\":[[0],[]]}")]).first?.text == "{\"x\":[[0],[]]}")
    let unicode = SearchIndexBuilder.join(["{\"水\":[[1],[]]}", "{}", "{\"한국\":[[],[2]],\"é\u{301}a\":[[3],[]]}"])
    #expect(unicode == "{\"水\":[[1],[]],\"한국\":[[],[2]],\"é\u{301}a\":[[3],[]]}")
}

/// Every term is in the pack the browser looks in: the last whose key sorts at or before it.
@Test func everyTermIsInThePackWhereItSorts() throws {
    let words = (0..<4000).map { "w" + String($0 * 7919 % 100_000, radix: 36) } + ["水", "科", "ciência", "x2", "42", "éa"]
    let terms = Array(Set(SearchTokenizer.terms(words.joined(separator: " ")))).sorted()
    let postings = Dictionary(uniqueKeysWithValues: terms.enumerated().map { ($0.element, (Array(0...($0.offset % 50)), [Int]())) })
    let packs = SearchIndexBuilder.pack(SearchIndexBuilder.shard(terms, postings: postings, keyLength: 2))
    #expect(packs.count > 2)
    #expect(packs.allSatisfy { $0.text.utf8.count <= SearchIndexBuilder.packBudget })
    for term in terms {
        let at = try #require(packs.lastIndex { $0.key <= term })
        #expect(packs[at].text.contains("\"\(term)\":"), "\(term) in the pack of \(packs[at].key)")
    }
}
