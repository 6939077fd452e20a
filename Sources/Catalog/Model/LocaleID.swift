import Foundation

/// A locale identifier normalized to lowercase with hyphens (`en_US` → `en-us`).
public struct LocaleID: RawRepresentable, Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Normalizes an author's spelling; nil when it is not shaped like a locale
    /// (a 2–3 letter language, then 2–8 character alphanumeric subtags).
    public init?(normalizing text: String) {
        let normalized = text.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: "_", with: "-").lowercased()
        guard LocaleID.isWellFormed(normalized) else { return nil }
        self.rawValue = normalized
    }

    static func isWellFormed(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    public var description: String { rawValue }
    public static func < (a: LocaleID, b: LocaleID) -> Bool { a.rawValue < b.rawValue }

    /// The language subtag (`ar` for `ar-sa`).
    public var language: String { String(rawValue.prefix { $0 != "-" }) }

    /// Whether text in this locale is written right to left: by its script subtag when it
    /// has one (`pa-arab`, `uz-arab` right to left; `sd-deva` left to right), else by its
    /// language. Asked for every page: subtags are compared as numbers, without a string made.
    public var isRightToLeft: Bool {
        let bytes = rawValue.utf8
        guard let end = bytes.firstIndex(of: UInt8(ascii: "-")) else { return Self.isRightToLeft(language: bytes[...]) }
        let script = bytes[bytes.index(after: end)...].prefix { $0 != UInt8(ascii: "-") }
        if script.count == 4, script.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) {
            return Self.rightToLeftScripts.contains(Self.key(script))
        }
        return Self.isRightToLeft(language: bytes[..<end])
    }

    private static func isRightToLeft<Bytes: Collection>(language: Bytes) -> Bool where Bytes.Element == UInt8 {
        language.count <= 3 && rightToLeftLanguages.contains(key(language))
    }

    private static func key<Bytes: Collection>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        bytes.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * $1.offset) }
    }

    /// Arabic, Hebrew, Thaana, Syriac, N'Ko, Adlam, Hanifi Rohingya, Mandaic and Samaritan,
    /// each as `isRightToLeft`'s number.
    private static let rightToLeftScripts: [UInt32] = ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr"]
        .map { key($0.utf8) }

    /// "ar", "he", "fa", "ur", "iw", "ps", "sd", "yi", "ckb", "dv", "ug" and "ks", each as
    /// `isRightToLeft`'s number.
    private static let rightToLeftLanguages: [UInt32] = ["ar", "he", "fa", "ur", "iw", "ps", "sd", "yi", "ckb", "dv", "ug", "ks"]
        .map { key($0.utf8) }
}
