import Testing
@testable import Catalog

/// "Did you mean": the closest name within a typo's distance, never between names too long
/// to be typos (comparing two costs their lengths' product).
@Suite struct SuggestionsTests {
    @Test func theClosestNameWithinATyposDistanceIsSuggested() {
        #expect(Suggestions.closest(to: "knowlege-check", in: ["introduction", "knowledge-check", "knowledge"]) == "knowledge-check")
        #expect(Suggestions.closest(to: "Sumary", in: ["summary", "title"]) == "summary")
        #expect(Suggestions.closest(to: "flex-item", in: ["introduction", "growing"]) == nil)
    }

    @Test func namesLongerThanTheLongestAreNotCompared() {
        let long = String(repeating: "k", count: Suggestions.longest + 1)
        #expect(Suggestions.closest(to: long, in: [long + "x"]) == nil)
        #expect(Suggestions.closest(to: "kkkx", in: [long, "kkkk"]) == "kkkk")
        #expect(Suggestions.closest(to: String(long.dropLast()), in: [String(long.dropLast(2)) + "x"]) != nil)
    }
}
