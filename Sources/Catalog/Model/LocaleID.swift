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

    /// Whether text in this locale is written right to left. Asked for every page: the
    /// language subtag's bytes are compared as one number, without a string made.
    public var isRightToLeft: Bool {
        var key: UInt32 = 0
        for (offset, byte) in rawValue.utf8.enumerated() {
            if byte == UInt8(ascii: "-") { break }
            guard offset < 3 else { return false }
            key |= UInt32(byte) << (8 * offset)
        }
        return Self.rightToLeftLanguages.contains(key)
    }

    /// "ar", "he", "fa", "ur", "iw", "ps", "sd", "yi", "ckb" and "dv", each as `isRightToLeft`'s number.
    private static let rightToLeftLanguages: [UInt32] = ["ar", "he", "fa", "ur", "iw", "ps", "sd", "yi", "ckb", "dv"].map { language in
        language.utf8.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * $1.offset) }
    }
}
