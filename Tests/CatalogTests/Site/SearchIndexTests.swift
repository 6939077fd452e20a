import Foundation
import Testing
@testable import Catalog

@Test func tokenizerFoldsCaseAndAccentsAndSplitsCJK() {
    #expect(SearchTokenizer.terms("Ciéncia, MEDIDAS y a-b") == ["ciencia", "medidas"])
    #expect(SearchTokenizer.terms("科学の実験") == ["科", "学", "の", "実", "験"])
    #expect(SearchTokenizer.terms("تجربة علمية") == ["تجربة", "علمية"])
    #expect(SearchTokenizer.terms("ｆｕｌｌ width ４２") == ["full", "width", "42"])
}

@Test func searchIndexFindsTermsByShardAndFiltersByFacet() throws {
    let (sink, _) = try SiteFixture.build()
    let manifest = try #require(sink.text("search/en-us/manifest.js"))
    #expect(manifest.contains("\"docs\":5"))
    // A small index is one pack, named by its first shard's key.
    #expect(sink.files.keys.filter { $0.hasPrefix("search/en-us/t-") }.count == 1)
    let first = try #require(manifest.firstRange(of: "\"packs\":[\"").map { manifest[$0.upperBound...].prefix { $0 != "\"" } })
    let shard = try #require(sink.text("search/en-us/t-\(SearchIndexBuilder.hex(String(first))).js"))
    // "Measurements Quiz" (doc 3, by title) and the investigation's body (doc 2) say "measurements".
    #expect(shard.contains("\"measurements\":[[3],[2]]"))
    let types = try #require(sink.text("search/en-us/f-type.js"))
    #expect(types.contains("\"quiz\":[3]"))
    let ages = try #require(sink.text("search/en-us/f-age.js"))
    #expect(ages.contains("\"9-11\":[0,2,1]"), "book 8–12, investigation 9–11, quiz 9+ overlap 9–11")
    let docs = try #require(sink.text("search/es-us/d-0.js"))
    #expect(docs.contains("[\"Measurements Quiz\",\"es-us/fun-with-science/inquiry/measurements-quiz/index.html\",\"Ten questions about units.\",\"\",\"Prueba · 9+ años · 1–2 h\",\"en-us\"]"))
}

@Test func oversizedShardsSplitByOneMoreLetter() {
    let terms = (0..<3000).map { "co" + String($0, radix: 36) + "word" }.sorted()
    let postings = Dictionary(uniqueKeysWithValues: terms.map { ($0, (Array(0..<5), [Int]())) })
    let shards = SearchIndexBuilder.shard(terms, postings: postings, keyLength: 2)
    #expect(shards.count > 1)
    #expect(shards.allSatisfy { $0.text.utf8.count <= SearchIndexBuilder.shardBudget })
    #expect(Set(shards.map(\.key)).count == shards.count)
}

@Test func searchTermsKeepFirstAppearanceOnceAcrossTexts() {
    let terms = SearchTerms(strong: ["Water water CYCLE", "Ciéncia"], weak: ["cycle rain ciencia Rain 水", "wa"])
    #expect(terms.strong == ["water", "cycle", "ciencia"])
    #expect(terms.weak == ["rain", "水", "wa"])
    var set = SearchTermSet(expected: 1)
    let words = (0..<500).map { "w\($0)" }
    for word in words + words {
        var word = word
        _ = word.withUTF8 { set.insert($0) }
    }
    #expect(set.count == 500)
}
