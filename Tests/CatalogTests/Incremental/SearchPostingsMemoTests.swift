import Foundation
import Testing
@testable import Catalog

/// The search postings a live build updates document by document, and the shards it keeps,
/// give exactly the files that the index built from scratch gives.
@Suite struct SearchPostingsMemoTests {
    static let words = ["ruler", "scale", "cup", "water", "measure", "quiz", "light", "plant", "é", "数学", "10", "cm"]

    static func document(_ path: String, random: inout SeededGenerator) -> SearchDocument {
        func text() -> String { (0..<Int.random(in: 0...6, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ") }
        return SearchDocument(title: text(), path: path, summary: "", thumbnail: "", meta: "", lang: "",
                              terms: SearchTerms(strong: [text(), text()], weak: [text(), text()]), facets: [:])
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func updatedPostingsEqualFreshOnes(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        var documents = (0..<20).map { Self.document("p\($0)", random: &random) }
        let memo = SearchPostingsMemo(), texts = ShardTextMemo()
        let builder = SearchIndexBuilder(locale: LocaleID(normalizing: "en-us")!)
        for step in 0..<60 {
            let at = Int.random(in: 0..<documents.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: documents.insert(Self.document("n\(step)", random: &random), at: at)
            case 1 where documents.count > 2: documents.remove(at: at)
            default: documents[at] = Self.document(documents[at].path, random: &random)
            }
            let live = builder.files(for: documents, postings: memo.postings(documents, locale: builder.locale), texts: texts)
            let fresh = builder.files(for: documents)
            #expect(live.map(\.path) == fresh.map(\.path) && live.map(\.text) == fresh.map(\.text), "seed \(seed) step \(step)")
        }
    }
}
