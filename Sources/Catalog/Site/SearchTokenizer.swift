import Foundation

/// Splits text into search terms, exactly as the search script does in the browser:
/// compatibility-decompose, drop combining marks, lowercase, take runs of letters and
/// digits; Chinese and Japanese characters are terms on their own (these languages
/// do not separate words with spaces); other terms need at least two characters.
enum SearchTokenizer {
    static func terms(_ text: String, into terms: inout Set<String>) {
        forEachTerm(text) { terms.insert($0) }
    }

    /// Calls `body` for every term in order, repeats included (the index dedupes them
    /// itself, which saves building a set per document).
    static func forEachTerm(_ text: String, _ body: (String) -> Void) {
        var bytes = text
        let handled = bytes.withUTF8 { buffer -> Bool in
            guard buffer.allSatisfy({ $0 < 0x80 }) else { return false }
            asciiTerms(buffer, body)
            return true
        }
        if handled { return }
        let folded = String(String.UnicodeScalarView(text.decomposedStringWithCompatibilityMapping.unicodeScalars
            .filter { !isMark($0) })).lowercased()
        var word = String.UnicodeScalarView()
        func flush() {
            if word.count >= 2 { body(String(word)) }
            word.removeAll(keepingCapacity: true)
        }
        for scalar in folded.unicodeScalars {
            if isCJK(scalar) {
                flush()
                body(String(Character(scalar)))
            } else if isWordScalar(scalar) {
                word.append(scalar)
            } else {
                flush()
            }
        }
        flush()
    }

    /// The same rules for ASCII text, which needs no decomposition: most bodies are.
    private static func asciiTerms(_ text: UnsafeBufferPointer<UInt8>, _ body: (String) -> Void) {
        var word: [UInt8] = []
        word.reserveCapacity(32)
        func flush() {
            if word.count >= 2 { body(String(decoding: word, as: UTF8.self)) }
            word.removeAll(keepingCapacity: true)
        }
        for byte in text {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 32)
            default: flush()
            }
        }
        flush()
    }

    static func terms(_ text: String) -> Set<String> {
        var out = Set<String>()
        terms(text, into: &out)
        return out
    }

    /// The JS side's `[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]`.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: return true
        default: return false
        }
    }

    /// `\p{L}` or `\p{N}`.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// `\p{M}`.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
