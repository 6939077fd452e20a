import Testing
@testable import Catalog

/// `DiagnosticBag.sorted`: by file, line, column and rule, each diagnostic once, the first
/// of equal places kept in the order they were found.
@Suite struct DiagnosticOrderTests {
    static func at(_ file: String, _ line: Int) -> Catalog.SourceLocation { SourceLocation(file: file, line: line, column: 3) }

    @Test func sortedByPlaceThenRuleWithDuplicatesRemoved() {
        var bag = DiagnosticBag()
        bag.warning("raw-html", at: Self.at("b.md", 2), "second")
        bag.error("topic", at: Self.at("a.md", 9), "first")
        bag.warning("raw-html", at: Self.at("b.md", 2), "second")
        bag.warning("empty-body", at: Self.at("b.md", 2), "before raw-html")
        bag.error("topic", at: Self.at("a.md", 9), "first")
        #expect(bag.sorted.map { "\($0.location.file):\($0.location.line) \($0.rule) \($0.message)" } == [
            "a.md:9 topic first", "b.md:2 empty-body before raw-html", "b.md:2 raw-html second",
        ])
    }

    @Test func theSameProblemAtBothSeveritiesIsKeptInTheOrderFound() {
        var bag = DiagnosticBag()
        bag.warning("raw-html", at: Self.at("a.md", 1), "same")
        bag.error("raw-html", at: Self.at("a.md", 1), "same")
        bag.warning("raw-html", at: Self.at("a.md", 1), "same")
        bag.warning("raw-html", at: Self.at("a.md", 1), "other")
        bag.error("raw-html", at: Self.at("a.md", 1), "same")
        #expect(bag.sorted.map { "\($0.severity) \($0.message)" } == ["warning other", "warning same", "error same"])
    }

    /// The positions are sorted field by field (`DiagnosticBag.precedes`); the order is the
    /// stable sort of the diagnostics by the tuple (place, rule, message), as it was made
    /// before, over random bags with many ties, NFC and NFD names and both severities.
    @Test func sortingPositionsGivesTheTupleSortsOrder() {
        var generator = SystemRandomNumberGenerator()
        let files = ["a.md", "b.md", "é.md", "e\u{301}.md", "B.md", "a/b.md", "a-b.md"]
        let rules: [RuleID] = ["raw-html", "topic", "empty-body", "link-broken"]
        for _ in 0..<200 {
            var bag = DiagnosticBag()
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                let location = SourceLocation(file: files.randomElement(using: &generator)!, line: Int.random(in: 1...3, using: &generator),
                                              column: Int.random(in: 1...2, using: &generator))
                let rule = rules.randomElement(using: &generator)!, message = ["x", "y", "é"].randomElement(using: &generator)!
                Bool.random(using: &generator) ? bag.warning(rule, at: location, message) : bag.error(rule, at: location, message)
            }
            let ordered = bag.items.sorted { ($0.location, $0.rule.rawValue, $0.message) < ($1.location, $1.rule.rawValue, $1.message) }
            var expected: [Diagnostic] = []
            for diagnostic in ordered where !expected.contains(diagnostic) { expected.append(diagnostic) }
            #expect(bag.sorted == expected)
        }
    }
}
