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
        forEachTermBytes(text) { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// `forEachTerm` with each term's UTF-8 bytes, valid only during the call: ASCII
    /// text (most bodies) then makes no `String` for a term its caller has seen.
    static func forEachTermBytes(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var bytes = text
        let handled = bytes.withUTF8 { buffer -> Bool in
            guard buffer.allSatisfy({ $0 < 0x80 }) else { return false }
            asciiTerms(buffer, body)
            return true
        }
        if !handled { unicodeTerms(text) { term in var term = term; term.withUTF8(body) } }
    }

    private static func unicodeTerms(_ text: String, _ body: (String) -> Void) {
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

    /// The same rules for ASCII text, which needs no decomposition: the text is
    /// lowercased into one scratch buffer and each word handed out as a slice of it.
    private static func asciiTerms(_ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(text.count, 1)) { lowered in
            var length = 0
            for (offset, byte) in text.enumerated() {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): lowered[offset] = byte
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): lowered[offset] = byte + 32
                default:
                    if length >= 2 { body(UnsafeBufferPointer(rebasing: lowered[(offset - length)..<offset])) }
                    length = 0
                    continue
                }
                length += 1
            }
            if length >= 2 { body(UnsafeBufferPointer(rebasing: lowered[(text.count - length)..<text.count])) }
        }
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
