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
}
