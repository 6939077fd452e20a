import Foundation

/// A locale identifier normalized to lowercase with hyphens (`en_US` → `en-us`).
public struct LocaleID: RawRepresentable, Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Normalizes an author's spelling; nil when it is not shaped like a locale
    /// (a 2–3 letter language, then 2–8 character alphanumeric subtags).
    public init?(normalizing text: String) {
        // Asked of every file name's suffix: one already written the normalized way
        // (lowercase ASCII, digits, hyphens) is its own normalization.
        let normalized = text.utf8.allSatisfy(Self.isNormalByte) ? text
            : text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-").lowercased()
        guard LocaleID.isWellFormed(normalized) else { return nil }
        self.rawValue = normalized
    }

    /// Hyphen-separated parts: first a 2–3 letter language, then 2–8 letters or digits
    /// each, all ASCII (either case).
    static func isWellFormed(_ text: String) -> Bool {
        var part = 0, length = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "-") {
                guard Self.fits(part: part, length: length) else { return false }
                (part, length) = (part + 1, 0)
                continue
            }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard isLetter || (isDigit && part > 0) else { return false }
            length += 1
        }
        return Self.fits(part: part, length: length)
    }

    private static func fits(part: Int, length: Int) -> Bool {
        part == 0 ? (2...3).contains(length) : (2...8).contains(length)
    }

    private static func isNormalByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-")
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
