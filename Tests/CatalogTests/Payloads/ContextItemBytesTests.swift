import PropertyBased
import Testing
@testable import Catalog

/// `ContextPayload.contextItem` writes what printing `ContextPayload.context`'s JSON writes,
/// byte for byte, whichever fields a context has: each optional field present or absent,
/// empty and non-empty lists, text that needs escaping, ranges to the unbounded upper end.
@Suite struct ContextItemBytesTests {
    static let texts = ["", "Plain", "Quote \" back\\slash", "tab\t new\nline\r", "<b>&amp;</b>", "é 中文 🙂",
                        "line\u{2028}sep\u{2029}", "ctl\u{01}\u{1F}", "\u{E2}\u{82}\u{AC}"]

    static func node(_ rng: inout SplitMix) -> (ContextNode, ContextVersion, String?) {
        func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
        func maybe<T>(_ value: @autoclosure () -> T) -> T? { rng.next() % 2 == 0 ? value() : nil }
        func list(_ most: Int) -> [String] { (0..<Int(rng.next() % UInt64(most + 1))).map { _ in pick(texts) } }
        let ranges = [ClosedIntRange(lower: 0, upper: 0), ClosedIntRange(lower: 4, upper: 11),
                      ClosedIntRange(lower: -3, upper: 7), ClosedIntRange(lower: 12, upper: ClosedIntRange.unboundedUpper)]
        let locale = pick([LocaleID(rawValue: "en-us"), LocaleID(rawValue: "zh-hans")])
        let version = ContextVersion(
            locale: locale, title: pick(texts), summary: maybe(pick(texts)), customTypeName: maybe(pick(texts)),
            keywords: list(3),
            progressReporting: (0..<Int(rng.next() % 3)).map { _ in
                ProgressCapability(kind: pick(ProgressKind.allCases), details: pick(texts))
            })
        let node = ContextNode(
            identifier: "c", identifierPath: ["com.example.app"] + list(3), type: pick(ContextType.allCases),
            source: SourceFile(relativePath: "c.md", displayPath: "c.md"), isDirectory: false,
            displayOrder: pick([0, 1, -5, Int(Int32.max)]), isAssignable: rng.next() % 2 == 0,
            topic: maybe(pick(Topic.allCases)), suggestedAge: maybe(pick(ranges)),
            suggestedCompletionTime: maybe(pick(ranges)), universalLinkURL: maybe(pick(texts)),
            minimumBundleVersion: maybe(pick(texts)), standardsAlignments: list(2))
        return (node, version, maybe(pick(texts)))
    }

    @Test func contextItemEqualsThePrintedPayload() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix(seed: UInt64(seed))
            var mismatches: [String] = []
            for _ in 0..<50 {
                let (node, version, thumbnailId) = Self.node(&rng)
                let printed = PayloadWriter.requestItem(ContextPayload.context(node, version: version, thumbnailId: thumbnailId))
                let written = ContextPayload.contextItem(node, version: version, thumbnailId: thumbnailId)
                if written != printed { mismatches.append(String(decoding: written, as: UTF8.self)) }
            }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(2))")
        }
    }

    /// The payload's numbers are written without a `String`: the same digits, extremes included.
    @Test func decimalsAreWhatStringWrites() {
        let values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, 12_345, -987_654_321, Int64(Int32.max), Int64(Int32.min),
                               999_999_999_999_999_999, Int64.max, Int64.min, Int64.min + 1]
        var rng = SplitMix(seed: 19)
        for value in values + (0..<2_000).map({ _ in Int64(bitPattern: rng.next()) >> (rng.next() % 64) }) {
            var out: [UInt8] = [UInt8(ascii: "x")]
            DecimalBytes.append(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == "x\(value)")
        }
    }

    /// One item in full, as a request body indents it (the shape `PayloadWriter` joins).
    @Test func contextItemIsIndentedForItsPlaceInTheRequest() {
        let version = ContextVersion(locale: LocaleID(rawValue: "en-us"), title: "T", keywords: ["k"],
                                     progressReporting: [ProgressCapability(kind: .score, details: "")])
        let node = ContextNode(identifier: "c", identifierPath: ["app", "c"], type: .quiz,
                               source: SourceFile(relativePath: "c.md", displayPath: "c.md"), isDirectory: false,
                               displayOrder: 2, suggestedAge: ClosedIntRange(lower: 6, upper: 9))
        let expected = """
            {
                  "metadata": {
                    "locale": "en-us",
                    "presentableLocales": [
                      "en-us"
                    ],
                    "keywords": [
                      "k"
                    ]
                  },
                  "data": {
                    "identifierPath": [
                      "app",
                      "c"
                    ],
                    "title": "T",
                    "type": "quiz",
                    "displayOrder": 2,
                    "suggestedAge": [
                      6,
                      9
                    ],
                    "isAssignable": true,
                    "progressReportingCapabilities": [
                      {
                        "kind": "score",
                        "details": ""
                      }
                    ]
                  }
                }
            """
        let written = ContextPayload.contextItem(node, version: version, thumbnailId: nil)
        #expect(String(decoding: written, as: UTF8.self) == expected)
    }
}
