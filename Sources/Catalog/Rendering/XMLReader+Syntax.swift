/// `XMLReader`'s lexical pieces: names, spaces, literals, the document type and UTF-8.
extension XMLReader {
    /// Reads an XML name at `position` (letters, digits, `_ : - .` and any character past
    /// ASCII; not starting with a digit, `-` or `.`).
    mutating func readName(what: String) throws(Failure) -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        guard position > start else {
            throw Failure(offset: start, reason: "\(what) is expected here")
        }
        let first = bytes[start]
        guard !(first.isASCIIDigit || first == UInt8(ascii: "-") || first == UInt8(ascii: ".")) else {
            throw Failure(offset: start, reason: "\(what) cannot start with `\(Character(Unicode.Scalar(first)))`")
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        byte.isASCIILetter || byte.isASCIIDigit || byte >= 0x80
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Skips spaces, tabs and line ends; whether there were any.
    mutating func skipSpace() -> Bool {
        let start = position
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        return position > start
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    func leadingSpace(from start: Int) -> Int {
        var index = start
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index - start
    }

    /// Whether the bytes at `position` are `literal`'s.
    func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for index in 0..<count where bytes[position + index] != pointer[index] { return false }
        return true
    }

    /// The offset of the next `literal` at or after `position`, or nil.
    func find(_ literal: StaticString) -> Int? {
        let count = literal.utf8CodeUnitCount
        let first = literal.utf8Start[0]
        var index = position
        while index + count <= bytes.count {
            if bytes[index] == first {
                var same = true
                for offset in 1..<count where bytes[index + offset] != literal.utf8Start[offset] {
                    same = false
                    break
                }
                if same { return index }
            }
            index += 1
        }
        return nil
    }

    /// A quoted literal at `position` (without its quotes); `position` moves past it.
    mutating func readQuoted(what: String) throws(Failure) -> ArraySlice<UInt8> {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw Failure(offset: position, reason: "\(what) is expected here, in quotes")
        }
        let quote = bytes[position]
        let start = position + 1
        guard let end = bytes[start...].firstIndex(of: quote) else {
            throw Failure(offset: position, reason: "\(what) is never closed")
        }
        position = end + 1
        return bytes[start..<end]
    }

    static func normalizingLineEnds(_ slice: ArraySlice<UInt8>) -> String {
        guard slice.contains(0x0D) else { return String(decoding: slice, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(slice.count)
        var index = slice.startIndex
        while index < slice.endIndex {
            if slice[index] == 0x0D {
                output.append(0x0A)
                if index + 1 < slice.endIndex, slice[index + 1] == 0x0A { index += 1 }
            } else {
                output.append(slice[index])
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The value of `name="…"` in an XML declaration's text.
    static func pseudoAttribute(_ name: String, in text: String) -> String? {
        guard let range = text.range(of: name) else { return nil }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    // MARK: Document type

    /// `<!DOCTYPE svg PUBLIC "…" "…" [ … ]>`: the external DTD is never read; the internal
    /// subset may declare entities whose values are plain text, and anything but entities
    /// (element, attribute list and notation declarations, comments, instructions) is skipped.
    mutating func readDocumentType() throws(Failure) {
        let start = position
        position += 9
        guard skipSpace() else { throw Failure(offset: position, reason: "`<!DOCTYPE` needs a space and a name") }
        _ = try readName(what: "the document type's name")
        _ = skipSpace()
        if matches("PUBLIC") || matches("SYSTEM") {
            let isPublic = matches("PUBLIC")
            position += 6
            _ = skipSpace()
            _ = try readQuoted(what: "the document type's identifier")
            if isPublic {
                _ = skipSpace()
                _ = try readQuoted(what: "the document type's system identifier")
            }
            _ = skipSpace()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "[") {
            position += 1
            try readInternalSubset()
            _ = skipSpace()
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw Failure(offset: start, reason: "its `<!DOCTYPE` is not closed with `>`")
        }
        position += 1
    }

    private mutating func readInternalSubset() throws(Failure) {
        while true {
            _ = skipSpace()
            guard position < bytes.count else { throw Failure(offset: position, reason: "its document type's `[` is never closed with `]`") }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return }
            if matches("<!ENTITY") {
                try readEntityDeclaration()
            } else if matches("<!--") {
                let start = position
                position += 4
                guard let end = find("-->") else { throw Failure(offset: start, reason: "a comment is never closed with `-->`") }
                position = end + 3
            } else if matches("<?") {
                let start = position
                guard let end = find("?>") else { throw Failure(offset: start, reason: "a processing instruction is never closed with `?>`") }
                position = end + 2
            } else if matches("<!ELEMENT") || matches("<!ATTLIST") || matches("<!NOTATION") {
                try skipDeclaration()
            } else if bytes[position] == UInt8(ascii: "%") {
                throw Failure(offset: position, reason: "its document type uses a parameter entity (`%…;`), which is never read; remove the document type")
            } else {
                throw Failure(offset: position, reason: "its document type holds something that is not a declaration")
            }
        }
    }

    /// `<!ENTITY name "plain text">`; a parameter entity, an external one or a value that
    /// refers to another entity or holds markup is refused.
    private mutating func readEntityDeclaration() throws(Failure) {
        let start = position
        position += 8
        _ = skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "%") {
            throw Failure(offset: start, reason: "its document type declares a parameter entity, which is never read; remove the document type")
        }
        let name = try readName(what: "an entity name")
        _ = skipSpace()
        if matches("SYSTEM") || matches("PUBLIC") {
            throw Failure(offset: start, reason: "its document type declares `\(name)` as an external entity, a file the SVG would read from elsewhere; remove the declaration")
        }
        let literal = try readQuoted(what: "the value of entity `\(name)`")
        guard !literal.contains(UInt8(ascii: "<")), !literal.contains(UInt8(ascii: "%")) else {
            throw Failure(offset: start, reason: "the entity `\(name)` holds markup or a parameter entity; only plain text is read")
        }
        var value: [UInt8] = []
        var index = literal.startIndex
        while index < literal.endIndex {
            if literal[index] == UInt8(ascii: "&") {
                guard index + 1 < literal.endIndex, literal[index + 1] == UInt8(ascii: "#") else {
                    throw Failure(offset: start, reason: "the entity `\(name)` refers to another entity; only plain text is read")
                }
                guard let semicolon = literal[index...].prefix(16).firstIndex(of: UInt8(ascii: ";")) else {
                    throw Failure(offset: index, reason: "`&#` starts no character reference")
                }
                let digits = String(decoding: literal[(index + 2)..<semicolon], as: UTF8.self)
                guard let character = Self.characterReference(digits) else {
                    throw Failure(offset: index, reason: "`&#\(digits);` is not a character XML allows")
                }
                value += character
                index = semicolon + 1
                continue
            }
            value.append(literal[index])
            index += 1
        }
        _ = skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw Failure(offset: start, reason: "the declaration of entity `\(name)` is not closed with `>`")
        }
        position += 1
        guard value.count <= Self.maximumEntityLength else {
            throw Failure(offset: start, reason: "the entity `\(name)` is longer than \(Self.maximumEntityLength) bytes")
        }
        guard entities.count < Self.maximumEntities else {
            throw Failure(offset: start, reason: "its document type declares more than \(Self.maximumEntities) entities")
        }
        // The first declaration of a name is binding, as XML says.
        if entities[name] == nil { entities[name] = String(decoding: value, as: UTF8.self) }
    }

    /// The UTF-8 of a character reference's number (`60`, `x3C`: what follows `&#`), or nil
    /// when it names no character XML allows.
    static func characterReference(_ digits: String) -> [UInt8]? {
        let scalar = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let scalar, isXMLCharacter(scalar), let character = Unicode.Scalar(scalar) else { return nil }
        return Array(String(Character(character)).utf8)
    }

    /// Skips an element, attribute list or notation declaration, quoted parts included.
    private mutating func skipDeclaration() throws(Failure) {
        let start = position
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: ">"):
                position += 1
                return
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                _ = try readQuoted(what: "a quoted value")
            case UInt8(ascii: "%"):
                throw Failure(offset: position, reason: "its document type uses a parameter entity (`%…;`), which is never read; remove the document type")
            default:
                position += 1
            }
        }
        throw Failure(offset: start, reason: "a declaration in its document type is never closed with `>`")
    }

    // MARK: Characters

    /// XML 1.0's `Char`: tab, line ends, and everything from space up but surrogates,
    /// U+FFFE and U+FFFF.
    static func isXMLCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// The scalar at `index` and its length in bytes; nil for bytes that are not UTF-8
    /// (overlong forms and surrogates included).
    static func decodeUTF8(_ bytes: [UInt8], at index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        let length: Int, minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return (scalar, length)
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
