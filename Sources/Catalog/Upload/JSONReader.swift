import Foundation

/// Parses JSON text into `JSON`, keeping object keys in the order they were written.
///
/// Foundation's parsers lose key order and blur booleans with numbers on Linux; the
/// upload hashes and re-sends what `build` wrote, so it needs both kept exactly.
struct JSONReader {
    struct SyntaxError: Error, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    private let bytes: [UInt8]
    private var index = 0

    static func parse(_ data: Data) throws -> JSON {
        var reader = JSONReader(bytes: Array(data))
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.error("trailing characters") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String) -> SyntaxError { SyntaxError(offset: index, reason: reason) }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func value(depth: Int) throws -> JSON {
        guard depth < 512 else { throw error("nested too deeply") }
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    private mutating func expect(_ character: Character) throws {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == character.asciiValue else { throw error("expected \(character)") }
        index += 1
    }

    private mutating func consume(_ character: Character) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
        index += 1
        return true
    }

    private mutating func object(depth: Int) throws -> JSON {
        index += 1
        var pairs: [(String, JSON)] = []
        if consume("}") { return .object(pairs) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try string()
            try expect(":")
            pairs.append((key, try value(depth: depth + 1)))
        } while consume(",")
        try expect("}")
        return .object(pairs)
    }

    private mutating func array(depth: Int) throws -> JSON {
        index += 1
        var items: [JSON] = []
        if consume("]") { return .array(items) }
        repeat { items.append(try value(depth: depth + 1)) } while consume(",")
        try expect("]")
        return .array(items)
    }

    private mutating func literal(_ word: String) throws {
        let utf8 = Array(word.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("expected \(word)")
        }
        index += utf8.count
    }

    private mutating func number() throws -> JSON {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if let integer = Int64(text) { return .int(integer) }
        guard !text.isEmpty, let double = Double(text) else { throw error("invalid value") }
        return .double(double)
    }

    private mutating func string() throws -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: String(decoding: bytes[run..<index], as: UTF8.self).unicodeScalars)
                index += 1
                return String(scalars)
            }
            if byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: String(decoding: bytes[run..<index], as: UTF8.self).unicodeScalars)
                index += 1
                scalars.append(try escape())
                run = index
            } else if byte < 0x20 {
                throw error("control character in string")
            } else {
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func escape() throws -> Unicode.Scalar {
        guard index < bytes.count else { throw error("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try unicodeEscape()
        default: throw error("invalid escape")
        }
    }

    private mutating func unicodeEscape() throws -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high) {
            try literal("\\u")
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate") }
        return scalar
    }

    private mutating func hex4() throws -> UInt32 {
        guard bytes.count - index >= 4,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("invalid \\u escape") }
        index += 4
        return value
    }
}

extension JSON {
    subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var arrayValue: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }
}
