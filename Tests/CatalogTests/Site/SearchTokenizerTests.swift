import Foundation
import Testing
@testable import Catalog

/// The tokenizer's path for text that is not all ASCII looks each scalar up in a generated
/// table (`SearchFolding`) and writes each word's UTF-8 straight into a scratch buffer. It
/// must give exactly the terms of the `String` pipeline it replaced (Foundation's
/// compatibility decomposition, drop marks, `lowercased()`, split), which the browser's
/// script mirrors: that pipeline is kept here as the reference.
struct SearchTokenizerTests {
    /// The tokenizer as it was: every term in order, repeats included.
    private static func reference(_ text: String) -> [String] {
        let folded = String(String.UnicodeScalarView(text.decomposedStringWithCompatibilityMapping.unicodeScalars
            .filter { !isMark($0) })).lowercased().replacingOccurrences(of: "\u{3C2}", with: "\u{3C3}")
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
        // The browser writes a word-final Σ as ς: both sides fold ς to σ, so any spelling meets.
        #expect(Self.terms("σοφός ΣΟΦΟΣ Σοφος") == ["σοφοσ", "σοφοσ", "σοφοσ"])
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

    /// Every scalar (surrogates aside) between words, in texts of one table block each: the
    /// table gives what Foundation's decomposition and the standard library's case mapping
    /// and categories give, through all the tokenizer's paths (a word scalar joins the
    /// words around it, a separator splits them, a mark vanishes, a CJK character stands
    /// alone, an expansion does each of these, a Hangul syllable becomes its jamo).
    @Test func everyScalarFoldsAsFoundationDecomposesIt() {
        let blockSize = 1 << SearchFolding.blockShift
        var mismatches: [String] = []
        for block in stride(from: 0, through: 0x10FFFF, by: blockSize) {
            let scalars = (block..<block + blockSize).compactMap { Unicode.Scalar(UInt32($0)) }
            let text = scalars.map { "xx\($0)yy" }.joined(separator: " ")
            if Self.terms(text) != Self.reference(text) { mismatches.append(String(block, radix: 16)) }
        }
        #expect(mismatches == [], "blocks whose scalars fold otherwise than Foundation's NFKD says")
    }

    /// Every scalar that has a non-zero canonical combining class is a mark: NFKD's
    /// reordering moves only marks, which the tokenizer drops, so the terms of a text are
    /// those of its scalars decomposed one at a time (what `SearchFolding` rests on).
    @Test func onlyMarksHaveACombiningClass() {
        let unmarked = (0...0x10FFFF).compactMap { Unicode.Scalar(UInt32($0)) }.filter {
            $0.properties.canonicalCombiningClass.rawValue != 0 && !Self.isMark($0)
        }
        #expect(unmarked == [])
    }

    /// Random multi-script text drawn from every assigned scalar (letters, marks in runs that
    /// NFKD reorders, symbols, compatibility characters, Hangul, supplementary planes), cut
    /// into words by spaces and punctuation: the reference's terms, in order.
    @Test func givesTheReferenceTermsForRandomScalars() {
        let assigned = (0...0x10FFFF).compactMap { Unicode.Scalar(UInt32($0)) }.filter {
            $0.properties.generalCategory != .unassigned && $0.properties.generalCategory != .privateUse
        }
        let marks = assigned.filter(Self.isMark)
        var random = SeededGenerator(state: 1912)
        for round in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...(round % 100 == 0 ? 400 : 30), using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: text.append(" ")
                case 1: text.append(contentsOf: (0..<3).map { _ in marks.randomElement(using: &random)! })
                case 2: text.append(Unicode.Scalar(UInt32.random(in: 0xAC00...0xD7A3, using: &random))!)
                case 3: text.append(Unicode.Scalar(UInt8.random(in: 0x21...0x7E, using: &random)))
                default: text.append(assigned.randomElement(using: &random)!)
                }
            }
            let string = String(text)
            #expect(Self.terms(string) == Self.reference(string), "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Bytes that are not UTF-8 (a body read as bytes could hold them) separate words, as the
    /// U+FFFD that `String(decoding:)` puts in their place does: truncated and overlong
    /// sequences, surrogates, lone continuation bytes, bytes above F4.
    @Test func malformedUTF8SeparatesWords() {
        let pieces: [[UInt8]] = [
            Array("é".utf8), Array("水".utf8), Array("𝐀".utf8), Array("ab".utf8), Array("Ω".utf8), [0x20],
            [0xC3], [0xE6, 0xB0], [0xF0, 0x9D], [0x80], [0xBF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF], [0xF8, 0x88, 0x80, 0x80, 0x80],
        ]
        var random = SeededGenerator(state: 8)
        for _ in 0..<3_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            var terms: [String] = []
            var sink = Collected { terms.append($0) }
            bytes.withUnsafeBufferPointer { SearchTokenizer.tokenize(utf8: $0, into: &sink) }
            #expect(terms == Self.reference(String(decoding: bytes, as: UTF8.self)), "\(bytes)")
        }
        #expect(Self.terms("naïve\u{FFFD}Ωmega") == ["naive", "ωmega"])
    }

    private struct Collected: SearchTermSink {
        let body: (String) -> Void
        mutating func add(_ term: UnsafeBufferPointer<UInt8>, hash: UInt32) {
            #expect(hash == SearchTermSet.hash(term))
            body(String(decoding: term, as: UTF8.self))
        }
    }
}
