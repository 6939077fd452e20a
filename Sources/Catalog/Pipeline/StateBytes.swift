import Foundation

/// A compact binary writer for saved build state: unsigned numbers as LEB128 varints,
/// signed ones zigzagged first, strings as their length then their UTF-8 bytes.
struct StateByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    var count: Int { bytes.count }

    /// Bytes as they are (a header), written before the values.
    mutating func raw(_ values: [UInt8]) { bytes.append(contentsOf: values) }

    /// Empties the buffer and keeps its room (a writer that hands its bytes on in pieces).
    mutating func clear() { bytes.removeAll(keepingCapacity: true) }

    /// Replaces bytes already written (a header's hash, known once the rest is written).
    mutating func replace(at offset: Int, with values: [UInt8]) {
        bytes.replaceSubrange(offset..<offset + values.count, with: values)
    }

    mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func int(_ value: Int) { signed(Int64(value)) }

    mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        unsigned(UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    mutating func strings(_ values: [String]) {
        unsigned(UInt64(values.count))
        for value in values { string(value) }
    }
}

/// Reads what `StateByteWriter` wrote. Every read checks the bounds: a damaged file gives
/// nil (through `failed`), never a crash or a huge allocation.
struct StateByteReader {
    private let bytes: [UInt8]
    private var offset: Int
    private(set) var failed = false

    init(_ bytes: [UInt8], from offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func unsigned() -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        failed = true
        return 0
    }

    mutating func signed() -> Int64 {
        let raw = unsigned()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    mutating func int() -> Int {
        let value = signed()
        guard let int = Int(exactly: value) else { failed = true; return 0 }
        return int
    }

    /// A count of items that each take at least one byte: at most what is left.
    mutating func count() -> Int {
        let value = unsigned()
        guard value <= UInt64(bytes.count - offset) else { failed = true; return 0 }
        return Int(value)
    }

    mutating func bool() -> Bool {
        guard offset < bytes.count, bytes[offset] <= 1 else { failed = true; return false }
        offset += 1
        return bytes[offset - 1] == 1
    }

    mutating func string() -> String {
        let length = count()
        guard !failed else { return "" }
        defer { offset += length }
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[offset..<offset + length]), as: UTF8.self) }
    }

    mutating func strings() -> [String] {
        (0..<count()).map { _ in string() }
    }
}
