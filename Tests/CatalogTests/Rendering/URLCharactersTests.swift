import Testing
@testable import Catalog

/// `URLCharacters` finds what a search by Characters finds, also where scalars around
/// the punctuation join it into one Character (accents after it, prepended marks before
/// it, CR LF) or the text is not ASCII at all.
@Suite struct URLCharactersTests {
    private static let pieces = [":", "?", "#", "a", "Z", "9", "/", ".", "%20", "\r", "\n", "\r\n", "\u{301}", "\u{600}",
                                 "é", "日本", "\u{200D}", "👍🏽", " ", "\t"]

    @Test(arguments: 0..<2000)
    func byteSearchMatchesCharacterSearch(seed: Int) {
        var random = SeededGenerator(state: UInt64(seed))
        let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
        for target in [":", "?", "#"] as [Character] {
            let byte = target.asciiValue!
            let found = URLCharacters.firstIndex(in: text) { $0 == byte }
            #expect(found.map { text.utf8.distance(from: text.startIndex, to: $0) }
                        == text.firstIndex(of: target).map { text.utf8.distance(from: text.startIndex, to: $0) },
                    "\(text.debugDescription) \(target)")
        }
    }

    @Test func joinedPunctuationIsNotFound() {
        #expect(URLCharacters.firstIndex(in: "javascript:\u{301}x") { $0 == UInt8(ascii: ":") } == nil)
        #expect(URLCharacters.firstIndex(in: "https://e.org") { $0 == UInt8(ascii: ":") } != nil)
    }
}
