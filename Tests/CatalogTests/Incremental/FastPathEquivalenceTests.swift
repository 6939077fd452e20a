import Foundation
import Testing
@testable import Catalog

/// The loader's fast paths (front matter split by byte scan, range bounds without
/// Decimal) must give exactly what the straightforward versions gave.
@Suite struct FastPathEquivalenceTests {
    /// The previous implementation: split into lines, find the fence, join.
    static func referenceSplit(_ text: String) -> FrontMatter {
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { Substring($0) }[...]
        func isFence(_ line: Substring) -> Bool {
            var trimmed = line
            while let last = trimmed.last, last == " " || last == "\t" || last == "\r" { trimmed = trimmed.dropLast() }
            return trimmed == "---"
        }
        guard let first = lines.first, isFence(first) else {
            return FrontMatter(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1, isUnclosed: false)
        }
        lines = lines.dropFirst()
        guard let close = lines.firstIndex(where: isFence) else {
            return FrontMatter(yaml: lines.joined(separator: "\n"), yamlFirstLine: 2, body: "", bodyFirstLine: 1, isUnclosed: true)
        }
        return FrontMatter(yaml: lines[..<close].joined(separator: "\n"), yamlFirstLine: 2,
                           body: lines[(close + 1)...].joined(separator: "\n"), bodyFirstLine: close + 2, isUnclosed: false)
    }

    static let pieces = ["---", "--- ", "---\r", "title: A", "", "body", "é", "\r", " ---", "----", "a: [1, 2]"]

    @Test(arguments: 0..<400)
    func splitMatchesReference(seed: Int) {
        var random = SeededGenerator(state: UInt64(seed))
        let count = Int.random(in: 0...7, using: &random)
        let lines = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }
        let text = lines.joined(separator: Bool.random(using: &random) ? "\n" : "\r\n")
            + (Bool.random(using: &random) ? "\n" : "")
        #expect(FrontMatter.split(text) == Self.referenceSplit(text), "\(text.debugDescription)")
    }

    @Test(arguments: ["9", "09", "9-11", "12-9", "1.5 h", "90 min", " 7 + ", "3-", "", "x", "2 h", "15–20",
                      "99999999999999999999", "1.25 h", "0"])
    func rangesParse(text: String) {
        let node = YAMLNode(value: .scalar(text, isPlain: true), location: SourceLocation(file: "f"))
        // Reference values, computed by hand from content-format.md §3.
        let expected: [String: String] = [
            "9": "9...9", "09": "9...9", "9-11": "9...11", "12-9": "reversed", "0": "0...0", "3-": "malformed",
            "": "malformed", "x": "malformed", "99999999999999999999": "malformed",
        ]
        guard let want = expected[text] else { return }
        let got: String
        switch RangeSyntax.age(node) {
        case .success(let range): got = "\(range.lower)...\(range.upper)"
        case .failure(.reversed): got = "reversed"
        case .failure: got = "malformed"
        }
        #expect(got == want)
    }
}
