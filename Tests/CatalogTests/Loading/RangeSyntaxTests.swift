import Testing
@testable import Catalog

private func scalar(_ text: String, plain: Bool = true) -> YAMLNode {
    YAMLNode(value: .scalar(text, isPlain: plain), location: SourceLocation(file: "f"))
}

private func list(_ items: String...) -> YAMLNode {
    YAMLNode(value: .sequence(items.map { scalar($0) }), location: SourceLocation(file: "f"))
}

private let open = ClosedIntRange.unboundedUpper

@Test(arguments: [
    ("9-11", 9, 11), ("9+", 9, open), ("9", 9, 9), ("9 - 11", 9, 11), ("9–11", 9, 11), ("0-4", 0, 4),
])
func ageForms(text: String, lower: Int64, upper: Int64) throws {
    #expect(try RangeSyntax.age(scalar(text)).get() == ClosedIntRange(lower: lower, upper: upper))
}

@Test func ageAsList() throws {
    #expect(try RangeSyntax.age(list("9", "11")).get() == ClosedIntRange(lower: 9, upper: 11))
}

@Test(arguments: ["11-9", "nine", "9 years", "-3", "9-", "9.5", "9-11-13", ""])
func ageRejects(text: String) {
    #expect(throws: RangeSyntax.Failure.self) { try RangeSyntax.age(scalar(text)).get() }
}

@Test func ageReversedNamesBounds() {
    #expect(RangeSyntax.age(scalar("11-9")) == .failure(.reversed(lower: 11, upper: 9)))
}

@Test(arguments: [
    ("15-20 min", 15, 20), ("15-20", 15, 20), ("1-2 h", 60, 120), ("30+", 30, open), ("1.5 h", 90, 90),
    ("45 minutes", 45, 45), ("2 hours", 120, 120), ("10m", 10, 10), ("1 hr", 60, 60), ("30+ min", 30, open),
    ("0.5 hrs", 30, 30), ("90", 90, 90),
])
func completionTimeForms(text: String, lower: Int64, upper: Int64) throws {
    #expect(try RangeSyntax.completionTime(scalar(text)).get() == ClosedIntRange(lower: lower, upper: upper))
}

@Test func completionTimeList() throws {
    #expect(try RangeSyntax.completionTime(list("15", "20")).get() == ClosedIntRange(lower: 15, upper: 20))
}

@Test func completionTimeNotWhole() {
    #expect(RangeSyntax.completionTime(scalar("0.33 h")) == .failure(.notWhole))
    #expect(RangeSyntax.completionTime(scalar("1.5")) == .failure(.notWhole))
}

@Test(arguments: ["20-15 min", "15 days", "abc", "1..5 h", "[15]"])
func completionTimeRejects(text: String) {
    #expect(throws: RangeSyntax.Failure.self) { try RangeSyntax.completionTime(scalar(text)).get() }
}

/// The byte-level reader of the common forms gives what the general one gives, on random
/// texts made of the pieces ranges are written with.
@Test func simpleFormsReadAsTheGeneralParserReadsThem() {
    let pieces = ["0", "1", "9", "15", "007", "99999999", "-", "+", " ", "  ", "m", "min", "H", "hours", "Min", "–", ".", "\t",
                  "x", "é", "\u{A0}", "-3", "1234567890123456"]
    var rng = SplitMix(seed: 42)
    var simple = 0
    for _ in 0..<20_000 {
        let text = (0..<Int(rng.next() % 6)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
        for units in [[:], RangeSyntax.timeUnits] {
            guard let fast = RangeSyntax.parseSimple(text, units: units) else { continue }
            simple += 1
            #expect(fast == RangeSyntax.parseGeneral(text, units: units), "\(text.debugDescription)")
        }
    }
    #expect(simple > 1000)
}
