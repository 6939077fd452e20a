import Foundation
import Testing
@testable import Catalog

/// The tokenizer's path for text that is not all ASCII writes each word's UTF-8 straight
/// into a scratch buffer. It must give exactly the terms of the `String` pipeline it
/// replaced (decompose, drop marks, `lowercased()`, split), which the browser's script
/// mirrors: that pipeline is kept here as the reference.
struct SearchTokenizerTests {
    /// The tokenizer as it was: every term in order, repeats included.
    private static func reference(_ text: String) -> [String] {
        let folded = String(String.UnicodeScalarView(text.decomposedStringWithCompatibilityMapping.unicodeScalars
            .filter { !isMark($0) })).lowercased()
        var terms: [String] = [], word = String.UnicodeScalarView(), length = 0
        func flush() {
            if length >= 2 { terms.append(String(word)) }
            word.removeAll()
            length = 0
        }
        for scalar in folded.unicodeScalars {
            if SearchTokenizer.isCJK(scalar) {
                flush()
                terms.append(String(Character(scalar)))
            } else if isWord(scalar) {
                if length < SearchTokenizer.maxTermLength {
                    word.append(scalar)
                    length += 1
                }
            } else {
                flush()
            }
        }
        flush()
        return terms
    }

    private static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
    }

    private static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        SearchTokenizer.forEachTerm(text) { terms.append($0) }
        return terms
    }

    /// Case, decomposition and marks where scripts differ: Turkish dotted I, Greek sigma,
    /// German sharp s (the capital one alone is too short a term), a ligature, kana with a voicing mark, Hangul syllables (decomposed
    /// into jamo), a digraph with a caron, Roman numerals, circled digits, Arabic
    /// vowel marks and the tatweel (a letter).
    @Test func foldsEachScriptAsTheStringPipelineDid() {
        #expect(Self.terms("İSTANBUL ΣΟΦΟΣ Straße ẞ ﬁne") == ["istanbul", "σοφοσ", "straße", "fine"])
        #expect(Self.terms("がぎ 한국 Ǆemal Ⅻ ①② x²") == ["か", "き", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}", "dzemal", "xii", "12", "x2"])
        #expect(Self.terms("ما هو الـ JavaScript؟ مُتَغَيِّر") == ["ما", "هو", "الـ", "javascript", "متغير"])
    }

    /// Random text from many scripts, marks and separators: the same terms, in the same
    /// order, as the reference, and words longer than 64 characters cut alike.
    @Test func givesTheReferenceTermsForRandomText() {
        let pool: [String] = [
            "a", "Z", "7", " ", "-", "_", "’", "—", "\n", "`code`", "é", "É", "\u{301}", "\u{308}", "ß", "ẞ", "İ", "ı",
            "Σ", "ς", "σ", "Ω", "ά", "Ж", "ё", "Ї", "ع", "ل", "\u{64E}", "\u{651}", "ـ", "؟", "א", "\u{5B7}", "क",
            "\u{93F}", "\u{94D}", "水", "の", "が", "ガ", "ｶ", "ﾞ", "한", "ㄱ", "Ａ", "４", "ﬁ", "Ǆ", "ǅ", "Ⅻ", "①", "²",
            "K", "Å", "🙂", "\u{200D}", "\u{FE0F}", "ŉ", "ǰ", "ΐ", "ﬀ", "ᾈ", "Ⓐ", "ⓐ", "𝐀", "٣", "〇", "々",
        ]
        var random = SeededGenerator(state: 19)
        for round in 0..<3_000 {
            let count = round % 50 == 0 ? 200 : Int.random(in: 0...40, using: &random)
            let text = (0..<count).map { _ in pool.randomElement(using: &random)! }.joined()
            #expect(Self.terms(text) == Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
