import Foundation
import Testing
@testable import Catalog

/// The search index's byte paths against the `String` paths they replaced: a body's plain
/// text gathered as bytes, the ASCII tokenizer, and postings collected through term hashes.
struct SearchBytesTests {
    /// Random text of ASCII words, punctuation and, when `unicode`, accented and CJK letters.
    private static func text(_ random: inout some RandomNumberGenerator, unicode: Bool) -> String {
        let ascii = ["Water", "cycle", "RAIN", "a", "x2", "42", "rain-fall", "it's", "(CO2)", "\n", "  ", "w", "Cloud"]
        let other = ["Ciéncia", "ｆｕｌｌ", "水の", "naïve", "ÉTÉ", "Straße"]
        let pool = unicode ? ascii + other : ascii
        return (0..<Int.random(in: 0...40, using: &random)).map { _ in pool.randomElement(using: &random)! }
            .joined(separator: Bool.random(using: &random) ? " " : ",")
    }

    @Test func bytesAndStringsGiveTheSameTerms() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let strong = [Self.text(&random, unicode: round % 3 == 0)]
            let weak = (0..<3).map { _ in Self.text(&random, unicode: round % 2 == 0) }
            let fromStrings = SearchTerms(strong: strong, weak: weak)
            let fromBytes = SearchTerms(strong: strong, weak: [.string(weak[0]), .utf8(Array(weak[1].utf8)), .string(weak[2])])
            #expect(fromStrings == fromBytes)
            var expected: [String] = []
            for text in strong + weak { SearchTokenizer.forEachTerm(text) { if !expected.contains($0) { expected.append($0) } } }
            #expect(fromStrings.strong + fromStrings.weak == expected)
        }
    }

    /// ASCII text goes through the byte table; with one accented word added it goes through
    /// the Unicode path, whose terms must be the same (the accented word's aside).
    @Test func asciiPathMatchesUnicodePath() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let text = Self.text(&random, unicode: false)
            var ascii: [String] = [], unicode: [String] = []
            SearchTokenizer.forEachTerm(text) { ascii.append($0) }
            SearchTokenizer.forEachTerm(text + " é") { unicode.append($0) }
            #expect(ascii == unicode)
        }
    }

    @Test func plainTextBytesEqualPlainText() {
        let body = """
        # Heading *one*

        Some `code`, a [link](https://example.org "t") and ![alt **x**](a.png).
        <span>raw</span> text&amp;more — é
        line two\\
        three

        | a | b |
        |---|---|
        | 1 | ~~2~~ |

        ```swift
        let x = 1
        ```
        """
        let document = MarkdownParser.parse(body)
        var bytes: [UInt8] = []
        document.appendPlainText(to: &bytes)
        #expect(bytes == Array(document.plainText.utf8))
        #expect(SearchPlainText.bytes(document) == Array(document.plainText.utf8))
        #expect(SearchPlainText.bytes(nil).isEmpty)
    }

    /// A body tokenized node by node gives the terms of its gathered plain text, in order:
    /// words running across nodes (emphasis inside a word), breaks, code, tables, HTML
    /// blocks, words longer than `maxTermLength`, and text that is ASCII in some nodes only.
    @Test func bodyTermsEqualTheTermsOfItsPlainText() {
        let long = String(repeating: "ab", count: 40)
        let bodies = [
            "Water**fall** and cy*cle*, `co`de here\nnext line  \nhard break",
            "# Título *uno*\n\nPara**guas** ÉTÉ 水の循環 naïve\n\n- item\n- ítem\n",
            "| a | b |\n|---|---|\n| 1x | ~~2y~~ |\n\n```\nlet x = 1\n```\n",
            "<div>\n<p>raw <b>bold</b> text</p>\n</div>\n\nafter html",
            "\(long)*\(long)* \(long)é\(long)",
            "ASCII only, then\n\nΑλφα βήτα",
            "",
        ]
        for body in bodies {
            let document = MarkdownParser.parse(body)
            var gathered = SearchTermSet(expected: 16), walked = SearchTermSet(expected: 16)
            let bytes = SearchPlainText.bytes(document)
            bytes.withUnsafeBufferPointer { SearchTokenizer.tokenize(utf8: $0, into: &gathered) }
            SearchTokenizer.tokenize(body: document, into: &walked)
            #expect(walked.arena == gathered.arena, "\(body)")
            #expect(walked.ends == gathered.ends, "\(body)")
            #expect(walked.hashes == gathered.hashes, "\(body)")
            // The byte count only sizes the table: the terms are the same however large.
            for byteCount in [0, body.utf8.count, 100_000] {
                #expect(SearchTerms(strong: ["T"], weak: [.body(document, byteCount: byteCount)])
                    == SearchTerms(strong: ["T"], weak: [.utf8(bytes)]))
            }
        }
        var none = SearchTermSet(expected: 1)
        SearchTokenizer.tokenize(body: nil, into: &none)
        #expect(none.count == 0)
    }

    /// The tokenizer hashes ASCII terms while it lowercases them: the same hash as of the
    /// term's bytes, which the postings take to find the term.
    @Test func termHashesAreTheHashesOfTheirBytes() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let terms = SearchTerms(strong: [Self.text(&random, unicode: round % 3 == 0)],
                                    weak: [.utf8(Array(Self.text(&random, unicode: round % 2 == 0).utf8))])
            var count = 0
            terms.forEachTerm { term, hash, _ in
                #expect(hash == SearchTermSet.hash(term))
                count += 1
            }
            #expect(count == (terms.strong + terms.weak).count)
        }
    }

    /// A document's terms are kept as long as its locale is built (and by `serve`, as long
    /// as it runs): they take the room of their distinct terms, not of the text's length.
    @Test func termsKeepNoRoomReservedForTheText() throws {
        let text = Array(repeating: "measure", count: 20_000).joined(separator: " ")
        let terms = SearchTerms(strong: ["Ruler"], weak: [text])
        #expect(terms.strong + terms.weak == ["ruler", "measure"])
        let arrays = try #require(terms.indexedArrays)
        #expect(arrays.bytes.capacity < 64)
        #expect(arrays.ends.capacity < 16)
        #expect(arrays.hashes.capacity < 16)
    }

    /// `serve` keeps each document's terms packed (each term's length, then its bytes, in one
    /// buffer of its exact size): the same terms, equal to the indexed ones, and the same
    /// postings, their hashes computed again from the bytes.
    /// A term of 128 bytes or more (64 scalars of two bytes or more: Cyrillic, jamo, Gothic)
    /// has a two-byte length in the packed buffer (LEB128: low seven bits first, high bit set
    /// on all bytes but the last); 127 bytes still take one.
    @Test func packedTermsOf128BytesOrMoreHaveTwoLengthBytes() {
        let cyrillic = String(repeating: "я", count: 64), gothic = String(repeating: "\u{10330}", count: 64)
        let mixed = String(repeating: "я", count: 63) + "a"
        let jamo = String(repeating: "\u{1100}\u{1161}\u{11A8}", count: 21) + "\u{1100}"
        let terms = SearchTerms(strong: [cyrillic + "яяя"], weak: ["\(gothic) \(mixed) ab " + String(repeating: "각", count: 30)])
        #expect(terms.strong == [cyrillic])
        #expect(terms.weak == [gothic, mixed, "ab", jamo])
        let kept = terms.packed()
        let expected: [UInt8] = [0x80, 0x01] + Array(cyrillic.utf8) + [0x80, 0x02] + Array(gothic.utf8)
            + [0x7F] + Array(mixed.utf8) + [0x02] + Array("ab".utf8) + [0xC0, 0x01] + Array(jamo.utf8)
        #expect(kept.packedBytes == expected)
        #expect(kept == terms)
        #expect(kept.strong == [cyrillic])
        #expect(kept.weak == [gothic, mixed, "ab", jamo])
        var indexed = SearchPostings(), packed = SearchPostings()
        indexed.add(terms)
        packed.add(kept)
        #expect(indexed.lists.mapValues { [$0.0, $0.1] } == packed.lists.mapValues { [$0.0, $0.1] })
    }

    @Test func packedTermsAreTheSameTermsInOneBuffer() {
        var random = SystemRandomNumberGenerator()
        var indexed = SearchPostings(), packed = SearchPostings()
        for round in 0..<300 {
            let terms = SearchTerms(strong: [Self.text(&random, unicode: round % 3 == 0)],
                                    weak: [.utf8(Array(Self.text(&random, unicode: round % 2 == 0).utf8))])
            let kept = terms.packed()
            #expect(kept == terms)
            #expect(terms == kept)
            #expect(kept.packed() == kept)
            #expect(kept.strong == terms.strong)
            #expect(kept.weak == terms.weak)
            #expect(kept.strongCount == terms.strongCount)
            #expect(kept.indexedArrays == nil)
            #expect(terms.packedBytes == nil)
            let all: [String] = terms.strong + terms.weak
            let length = all.reduce(0) { $0 + 1 + $1.utf8.count }
            let bytes = kept.packedBytes ?? []
            #expect(bytes.count == length)
            #expect(bytes.capacity < length + 32)
            kept.forEachTerm { _, hash, _ in #expect(hash == nil) }
            indexed.add(terms)
            packed.add(kept)
        }
        #expect(indexed.lists.mapValues { [$0.0, $0.1] } == packed.lists.mapValues { [$0.0, $0.1] })
        let ab = SearchTerms(strong: ["ruler"], weak: ["scale"])
        #expect(ab != SearchTerms(strong: ["ruler scale"], weak: [String]()).packed(), "as many strong terms")
        #expect(ab != SearchTerms(strong: ["ruler"], weak: ["water"]).packed())
        #expect(ab == SearchTerms(strong: ["ruler"], weak: ["scale"]).packed())
    }

    @Test func postingsEqualADictionaryOfTerms() {
        var random = SystemRandomNumberGenerator()
        let documents = (0..<200).map { round in
            SearchTerms(strong: [Self.text(&random, unicode: round % 4 == 0)], weak: [Self.text(&random, unicode: round % 5 == 0)])
        }
        var expected: [String: ([Int], [Int])] = [:]
        for (id, terms) in documents.enumerated() {
            for term in terms.strong { expected[term, default: ([], [])].0.append(id) }
            for term in terms.weak { expected[term, default: ([], [])].1.append(id) }
        }
        var postings = SearchPostings()
        for terms in documents { postings.add(terms) }
        let lists = postings.lists
        #expect(lists.count == expected.count)
        for (term, list) in expected {
            #expect(lists[term]?.0 == list.0 && lists[term]?.1 == list.1, "\(term)")
        }
    }

    /// The shard key's ASCII shortcut against its definition (the first characters).
    @Test func shardKeysAreTheFirstScalars() {
        for term in ["water", "w2", "a", "水の", "ciencia", "éte", "x水", "4242"] {
            for length in 1...3 {
                #expect(SearchIndexBuilder.shardKey(term, length: length)
                        == String(term.unicodeScalars.prefix(length).map(Character.init)))
            }
        }
    }
}

/// The index collected page by page (listing chunks as they fill, then the shards and
/// facets on every core) is the index made at once from all the documents.
@Test func collectedIndexEqualsTheIndexMadeAtOnce() {
    var random = SystemRandomNumberGenerator()
    let words = ["water", "cycle", "rain", "cloud", "measure", "quiz", "水", "ciencia", "x2", "42"]
    // One document with thousands of terms sharing a prefix, so that a group is split.
    let many = (0..<3000).map { "co" + String($0, radix: 36) + "word" }.joined(separator: " ")
    let documents = (0..<45).map { number in
        let text = (0..<20).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        return SearchDocument(title: "T\(number)", path: "p/\(number)/index.html", summary: "", thumbnail: "", meta: "m",
                              lang: "", terms: SearchTerms(strong: [number == 7 ? many : "doc"], weak: [text]),
                              facets: ["type": [number % 3 == 0 ? "quiz" : "book"], "age": number % 2 == 0 ? ["9-11"] : []])
    }
    let locale = LocaleID(rawValue: "en-us")
    var collector = SearchIndexCollector(locale: locale, builds: true)
    var files: [(path: String, text: String)] = []
    for document in documents { if let listing = collector.add(document) { files.append(listing) } }
    files += collector.finish()
    let expected = SearchIndexBuilder(locale: locale).files(for: documents)
    #expect(files.count == expected.count)
    #expect(files.last?.path == expected.last?.path && files.last?.text == expected.last?.text)
    let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.text) })
    for file in expected { #expect(byPath[file.path] == file.text, "\(file.path)") }
    #expect(expected.filter { $0.path.contains("/t-") }.count > 1, "the terms fill more than one pack")
}

/// The index's files written straight as bytes against their definitions as `JSON` values
/// and dictionaries.
struct SearchFileTests {
    private static let texts = ["Water <cycle>", "a \"quoted\" & \\ path", "", "Ciéncia 水", "line\nbreak", "x"]

    @Test func chunkFileIsTheJSONOfItsListings() {
        let documents = (0..<20).map { number in
            SearchDocument(title: Self.texts[number % 6], path: "p/\(number)/", summary: Self.texts[(number + 1) % 6],
                           thumbnail: Self.texts[(number + 2) % 6], meta: Self.texts[(number + 3) % 6],
                           lang: number % 4 == 0 ? "fr" : "", terms: SearchTerms(strong: [], weak: [String]()), facets: [:])
        }
        let builder = SearchIndexBuilder(locale: LocaleID(rawValue: "en-us"))
        let file = builder.chunkFile(3, documents[4..<20])
        let json = JSON.array(documents[4..<20].map {
            JSON.strings([$0.title, $0.path, $0.summary, $0.thumbnail, $0.meta, $0.lang])
        }).serialized()
        var key = ""
        JSON.escape("search/en-us/d-3.js", into: &key)
        #expect(file.path == "search/en-us/d-3.js")
        #expect(file.text == "catalogSearch.load(\(key),\(json));\n")
    }

    @Test func facetListsAreEachValuesAscendingIDs() {
        var random = SystemRandomNumberGenerator()
        let values = ["9-11", "quiz", "book", "é", "a<b", "12-14"]
        let facets = (0..<300).map { _ in
            Dictionary(uniqueKeysWithValues: SearchIndexBuilder.facetNames.filter { _ in Bool.random(using: &random) }.map { name in
                (name, Array(values.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random))))
            })
        }
        let documents = facets.map {
            SearchDocument(title: "", path: "", summary: "", thumbnail: "", meta: "", lang: "",
                           terms: SearchTerms(strong: [], weak: [String]()), facets: $0)
        }
        let all = SearchFacetLists(documents)
        for name in SearchIndexBuilder.facetNames {
            var expected: [String: [Int]] = [:]
            for (id, document) in facets.enumerated() { for value in document[name] ?? [] { expected[value, default: []].append(id) } }
            var json = "{"
            for (index, value) in expected.keys.sorted().enumerated() {
                if index > 0 { json += "," }
                JSON.escape(value, into: &json)
                json += ":"
                SearchIndexBuilder.appendDeltas(expected[value]!, to: &json)
            }
            json += "}"
            #expect(all.json(name) == json, "\(name)")
            #expect(SearchFacetLists(documents, names: [name]).json(name) == json, "\(name)")
        }
    }

    /// The collected table's terms sort as their `String`s do, ASCII and not.
    @Test func tableTermsSortAsStrings() {
        let words = ["water", "wat", "w2", "a", "ab", "水の", "ciencia", "ciéncia", "x", "zz", "z", "42", "4", "straße", "ｆｕｌｌ"]
        let terms = Self.tableTerms(of: words, documents: 50, wordsEach: 8)
        #expect(terms.sorted.map(terms.text) == terms.texts.sorted())
        #expect(Set(terms.texts).count == terms.texts.count)
    }

    /// The sort compares NFC bytes, eight at a time first: Hangul (kept as jamo, which NFC
    /// composes into syllables that sort elsewhere), terms sharing their first eight bytes
    /// or ending within them, and scripts of two, three and four bytes a scalar.
    @Test func tableTermsSortAsStringsAcrossScriptsAndLongPrefixes() {
        let words = ["한국어", "한국", "가", "각", "강아지", "ᄀ", "javascript", "javascripts", "javascriptengine", "javascrip",
                     "javascri", "javas", "δοκιμή", "δοκ", "тест", "тестування", "مرحبا", "𝐀𝐁", "𠀀𠀁", "ǆemal", "ﬁne",
                     "zzzzzzzzz", "zzzzzzzz", "zzzzzzz", "a1", "a10", "a9", "ümlaut", "umlaut"]
        let terms = Self.tableTerms(of: words, documents: 200, wordsEach: 6)
        #expect(terms.sorted.map(terms.text) == terms.texts.sorted())
    }

    /// A locale's table of `documents` texts, each `wordsEach` of `words` drawn at random.
    private static func tableTerms(of words: [String], documents: Int, wordsEach: Int) -> SearchTableTerms {
        var random = SystemRandomNumberGenerator()
        var postings = SearchPostings()
        for _ in 0..<documents {
            let text = (0..<wordsEach).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            postings.add(SearchTerms(strong: [], weak: [text]))
        }
        return SearchTableTerms(postings.table)
    }

    /// A table finds terms by their first eight bytes and, past eight, by the rest: terms
    /// that share those bytes, end at or within them, or differ only in length are apart.
    @Test func termSetTellsTermsSharingTheirFirstEightBytesApart() {
        let words = ["abcdefgh", "abcdefg", "abcdefghi", "abcdefghj", "abcdefghij", "abcdefgi", "ab", "b", "水水水", "水水水水"]
        var set = SearchTermSet(expected: 1)
        for (index, word) in (words + words.reversed() + words).enumerated() {
            var word = word
            let (number, inserted) = word.withUTF8 { set.number(of: $0, hash: SearchTermSet.hash($0)) }
            #expect(inserted == (index < words.count), "\(word)")
            #expect(number == words.firstIndex(of: word), "\(word)")
        }
        #expect((0..<set.count).map { String(decoding: set.arena[set.term($0)], as: UTF8.self) } == words)
    }
}
