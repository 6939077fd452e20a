/// The character references the raw-HTML fast paths read (`SimpleHTML`): the five
/// entities `HTMLEscaping` writes and numeric references to plain characters, read as the
/// HTML parser reads them. The scanner, the sanitized page, the search text and the checks
/// all take these and leave any other `&` to gumbo.
extension SimpleHTML {
    /// A text or value as the parser reads it: the five entities `HTMLEscaping` writes and
    /// plain numeric references (the only ones `canonical` takes) read back as their
    /// characters; any other `&` as it is.
    static func decoded(_ value: UnsafeBufferPointer<UInt8>) -> String {
        decoded(value, keepingOthers: true)!
    }

    /// The same, nil when an `&` starts neither: what the parser reads of it is not known here.
    static func decodedReadingEveryAmpersand(_ value: UnsafeBufferPointer<UInt8>) -> String? {
        decoded(value, keepingOthers: false)
    }

    private static func decoded(_ value: UnsafeBufferPointer<UInt8>, keepingOthers: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            guard value[index] == UInt8(ascii: "&") else {
                bytes.append(value[index])
                index += 1
                continue
            }
            if let entity = escapedEntity(in: value, at: index) {
                bytes.append(entity.character)
                index += entity.length
            } else if let reference = numericReference(in: value, at: index) {
                UTF8.encode(reference.scalar) { bytes.append($0) }
                index += reference.length
            } else {
                guard keepingOthers else { return nil }
                bytes.append(UInt8(ascii: "&"))
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `&#` and 1–8 decimal digits, or `&#x` (or `X`) and 1–8 hexadecimal ones, then `;`, at
    /// `index`: a numeric character reference, when it names a character the parser keeps
    /// as it is. Nil for anything the parser would change or might read otherwise (no `;`,
    /// NUL, controls and the C1 range it maps through windows-1252, surrogates, noncharacters,
    /// beyond U+10FFFF), and for a tab or a newline (one after `<pre>` would be dropped).
    static func numericReference(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (length: Int, scalar: Unicode.Scalar)? {
        guard index + 3 < bytes.count, bytes[index] == UInt8(ascii: "&"), bytes[index + 1] == UInt8(ascii: "#") else { return nil }
        let isHex = bytes[index + 2] | 0x20 == UInt8(ascii: "x")
        var position = index + (isHex ? 3 : 2)
        let digitsStart = position
        var value: UInt32 = 0
        while position < bytes.count, position - digitsStart < 8, let digit = Self.digit(bytes[position], hex: isHex) {
            value = value * (isHex ? 16 : 10) + digit
            position += 1
        }
        guard position > digitsStart, position < bytes.count, bytes[position] == UInt8(ascii: ";"),
              isPlainCharacter(value), let scalar = Unicode.Scalar(value) else { return nil }
        return (position + 1 - index, scalar)
    }

    private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func isPlainCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFDCF, 0xFDF0...0xFFFD: true
        case 0x10000...0x10FFFF: value & 0xFFFE != 0xFFFE
        default: false
        }
    }

    /// The five entities `HTMLEscaping` writes, the only named ones the fast paths read,
    /// and their characters.
    private static let escapedEntities: [(entity: StaticString, character: UInt8)] = [
        ("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
        ("&quot;", UInt8(ascii: "\"")), ("&#39;", UInt8(ascii: "'")),
    ]

    /// One of the five entities `HTMLEscaping` writes at `index`: its length and character.
    static func escapedEntity(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (length: Int, character: UInt8)? {
        for (entity, character) in escapedEntities {
            let count = entity.utf8CodeUnitCount
            guard index + count <= bytes.count, (0..<count).allSatisfy({ bytes[index + $0] == entity.utf8Start[$0] }) else { continue }
            return (count, character)
        }
        return nil
    }
}
