import CCmark
import Foundation
import PropertyBased
import Testing
@testable import Catalog

/// The limits that keep hostile bodies from crashing or stalling a build, one by one
/// (end to end: `Security/BodyLimitsTests`).
@Suite struct BodyLimitsUnitTests {
    // MARK: Search terms

    @Test func tokenizerCutsLongTermsTo64Characters() {
        let long = String(repeating: "ab", count: 100)
        #expect(SearchTokenizer.terms("x \(long) y1") == [String(repeating: "ab", count: 32), "y1"])
        #expect(SearchTokenizer.terms(String(repeating: "ж", count: 100)) == [String(repeating: "ж", count: 64)])
        #expect(SearchTokenizer.terms(String(repeating: "q", count: 64)) == [String(repeating: "q", count: 64)])
        // Kept as the cut term is, hash included.
        #expect(SearchTerms(strong: [long], weak: [String]()) == SearchTerms(strong: [String(long.prefix(64))], weak: [String]()))
    }

    /// A term too large for any shard is a shard of its own, keyed by the whole term, as
    /// splitting it letter by letter would end; two long terms sharing a long prefix are
    /// split without recursion.
    @Test func termsLargerThanAShardGetShardsOfTheirOwn() {
        let ids = Array(0..<20_000)
        let one = String(repeating: "a", count: 2_000)
        let single = SearchIndexBuilder.shard([one], postings: [one: (ids, [])], keyLength: 2)
        #expect(single.map(\.key) == [one])
        let twins = [one + "b", one + "c"]
        let shards = SearchIndexBuilder.shard(twins, postings: [twins[0]: (ids, []), twins[1]: (ids, [])], keyLength: 2)
        #expect(shards.map(\.key) == twins)
    }

    // MARK: Budget

    /// Marks are ASCII punctuation, line breaks and `w` (where the autolink extension ends a
    /// text node); with a possible delimiter row, every line counts as a row of the widest
    /// line's cells.
    @Test func budgetCountsMarksAndPaddedTableCells() {
        func cost(_ text: String) -> Int { var text = text; return text.withUTF8 { MarkdownBudget.cost($0) } }
        #expect(cost("Plain text, and ünïcode\n") == 2)
        #expect(cost("Wild words: www\n") == 6)
        #expect(cost("a*b [c](d)\n") == 6)
        // 11 marks; 4 lines (the last one empty) of at most 4 cells.
        #expect(cost("|a|b|\n|-|-|\nx\n") == 11 + 16)
        #expect(cost("|a|b|\nno delimiter line\n") == 5)
        #expect(!MarkdownBudget.exceeds(String(repeating: "[", count: 399_999)))
        #expect(MarkdownBudget.exceeds(String(repeating: "[", count: 400_001)))
    }

    /// The quick bound is never below the cost (so `exceeds` answers as the cost does),
    /// and its byte counts are exact, on random mixes of the bytes that matter.
    @Test func budgetBoundIsAtLeastTheCost() async {
        let pieces = ["|", "-", ":", " ", "\n", "a", "w", "*", "ü", "\t", "||", "---"]
        await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix(seed: UInt64(seed))
            let text = (0..<Int(rng.next() % 300)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            var utf8 = text
            utf8.withUTF8 { bytes in
                let (lineBreaks, pipes) = ByteCount.occurrences(of: UInt8(ascii: "\n"), UInt8(ascii: "|"), in: bytes)
                #expect(lineBreaks == bytes.count { $0 == UInt8(ascii: "\n") } && pipes == bytes.count { $0 == UInt8(ascii: "|") },
                        "\(text.debugDescription)")
                #expect(MarkdownBudget.bound(bytes) >= MarkdownBudget.cost(bytes), "\(text.debugDescription)")
            }
        }
        #expect(ByteCount.zeroBytes(0) == 8 && ByteCount.zeroBytes(0x0100_FF00_0001_8000) == 4)
    }

    /// The autolink scan, which skips most bytes, answers as a walk over every byte does.
    @Test func autolinkScanAgreesWithAWalkOverEveryByte() async {
        func walk(_ text: String) -> Bool {
            var run = 0
            for byte in text.utf8 {
                run = [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, UInt8(ascii: "<")].contains(byte) ? 0 : run + 1
                if run > MarkdownParser.autolinkRunLimit { return false }
            }
            return true
        }
        let pieces = ["a", " ", "<", "\n", String(repeating: "b", count: 400), String(repeating: "c", count: 999), "\u{0B}"]
        var disallowed = 0
        await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix(seed: UInt64(seed))
            let text = (0..<Int(rng.next() % 12)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            #expect(MarkdownParser.allowsAutolinks(text) == walk(text), "\(text.debugDescription)")
        }
        for length in [999, 1_000, 1_001, 1_002] {
            let run = String(repeating: "d", count: length)
            for text in [run, " " + run, run + "<", "x\n" + run + " y"] where !MarkdownParser.allowsAutolinks(text) {
                disallowed += 1
            }
        }
        #expect(disallowed == 8)
    }

    // MARK: Heading ids

    /// The ids as they were made before: each repeat counted its suffix from 1.
    private final class ReferenceIDs {
        var used: Set<String>
        init(reserved: Set<String>) { used = reserved }
        func next(_ slug: String) -> String {
            let slug = slug.isEmpty ? "section" : slug
            var candidate = slug, counter = 0
            while !used.insert(candidate).inserted {
                counter += 1
                candidate = "\(slug)-\(counter)"
            }
            return candidate
        }
    }

    @Test func headingIDsAreTheSameAsBefore() async {
        let texts = ["Intro", "Intro 1", "intro-1", "Intro-2", "", "Setup", "section", "Intro!", "Ünïcode", "section 1"]
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix(seed: UInt64(seed))
            let reserved: Set<String> = rng.next() % 2 == 0 ? ["intro-2", "search"] : []
            let ids = HeadingIDs(reserved: reserved), reference = ReferenceIDs(reserved: reserved)
            for _ in 0..<Int(rng.next() % 60) {
                let text = texts[Int(rng.next() % UInt64(texts.count))]
                let slug = HeadingIDs(reserved: []).next(for: text)
                #expect(ids.next(for: text) == reference.next(slug), "\(seed)")
            }
        }
    }

    @Test func fiftyThousandEqualHeadingsTakeLinearTime() {
        let ids = HeadingIDs(reserved: [])
        let start = Date()
        let made = (0..<50_000).map { _ in ids.next(forPlainText: Array("Intro".utf8)) }
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(made.prefix(3) == ["intro", "intro-1", "intro-2"])
        #expect(made.last == "intro-49999")
    }

    // MARK: Nesting

    /// Random bodies of quotes, lists, indentation and inline openers nested up to ~150
    /// deep. The tree keeps at most `maximumDepth` levels and, below it, every node cmark
    /// made; `validate`'s scan (which skips parsing unless the byte bound says it may be
    /// deep) reports `body-too-deep` exactly where `build`'s parse does.
    @Test func conversionKeepsEveryNodeBelowTheLimitAndBothChecksAgree() async {
        let tooDeep = Locked(0)
        await propertyCheck(count: 400, input: Gen.int(in: 0...Int.max)) { seed in
            var generator = NestingGenerator(seed: UInt64(seed))
            let text = generator.body()
            let tree = MarkdownParser.parse(text)
            let full = MarkdownParser.parseWithReportables(text).reportables.filter(\.tooDeep)
            let scanned = MarkdownScanner.reportables(text).filter(\.tooDeep)
            #expect(scanned.map { "\($0.node.line):\($0.node.byteColumn)" } == full.map { "\($0.node.line):\($0.node.byteColumn)" },
                    "\(text.debugDescription)")
            #expect(Self.depth(tree) <= MarkdownParser.maximumDepth)
            if full.isEmpty {
                #expect(Self.count(tree) == Self.cmarkNodeCount(text), "\(text.debugDescription)")
            } else {
                tooDeep.withLock { $0 += 1 }
                #expect(MarkdownScanner.mayNestTooDeep(text), "\(text.debugDescription)")
                #expect(Self.depth(tree) == MarkdownParser.maximumDepth)
            }
        }
        // Both sides of the limit are tried often enough for the comparison to mean something.
        #expect((20...380).contains(tooDeep.withLock { $0 }), "\(tooDeep.withLock { $0 }) of 400 too deep")
    }

    /// Levels below the node at `index` (the document: 0), through `children(of:)`.
    private static func depth(_ document: MarkdownDocument, _ index: Int = 0) -> Int {
        1 + (document.children(of: index).map { depth(document, $0) }.max() ?? 0)
    }

    /// Nodes reached through `children(of:)`, which must be every node of the document.
    private static func count(_ document: MarkdownDocument, _ index: Int = 0) -> Int {
        let count = 1 + document.children(of: index).map { Self.count(document, $0) }.reduce(0, +)
        if index == 0 { #expect(count == document.nodes.count) }
        return count
    }

    private static func cmarkNodeCount(_ text: String) -> Int {
        MarkdownParser.withDocument(text) { root -> Int in
            guard let iterator = cmark_iter_new(root) else { return 0 }
            defer { cmark_iter_free(iterator) }
            var count = 0
            while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                if event == CMARK_EVENT_ENTER { count += 1 }
            }
            return count
        } ?? 0
    }
}

/// Lines of container markers and indentation followed by nested inline openers and their
/// closers, with blank lines between some.
private struct NestingGenerator {
    var rng: SplitMix
    init(seed: UInt64) { rng = SplitMix(seed: seed) }

    mutating func int(_ bound: Int) -> Int { Int(rng.next() % UInt64(bound)) }

    mutating func body() -> String {
        var lines: [String] = []
        let deep = [30, 120, 200][int(3)]
        for _ in 0..<(1 + int(6)) {
            if int(4) == 0 { lines.append("") }
            let prefixes = ["> ", "- ", "* ", "1. ", "  ", "\t", ">", "+ "]
            let prefix = (0..<int(deep)).map { _ in prefixes[int(prefixes.count)] }.joined()
            let pairs = [("*", "*"), ("_", "_"), ("**", "**"), ("~~", "~~"), ("[", "](u)"), ("![", "](u)")]
            let inline = (0..<int(deep)).map { _ in pairs[int(pairs.count)] }
            lines.append(prefix + inline.map { $0.0 + "w " }.joined() + "x" + inline.reversed().map { " w" + $0.1 }.joined())
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
