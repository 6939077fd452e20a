import Crypto
import Foundation

/// The first 16 bytes of a file's SHA-256, as two numbers: what the build state keeps for
/// every output file to tell an unchanged one (collisions are not a concern at 128 bits).
/// Kept inline rather than as 32 hex digits in a `String`, which took a heap allocation
/// per file: 40 MB at 250,000 versions.
struct OutputDigest: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    init(of data: some DataProtocol) {
        var high: UInt64 = 0, low: UInt64 = 0
        for (offset, byte) in SHA256.hash(data: data).prefix(16).enumerated() {
            if offset < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.init(high: high, low: low)
    }

    /// Reads the 32 lowercase hex digits `hex` writes; nil for anything else.
    init?(hex bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0
        for (offset, byte) in bytes.enumerated() {
            guard let value = Self.value(of: byte) else { return nil }
            if offset < 16 { high = high << 4 | value } else { low = low << 4 | value }
        }
        self.init(high: high, low: low)
    }

    /// The 32 lowercase hex digits (`IncrementalSink.hash` of the same bytes), appended.
    func appendHex(to out: inout [UInt8]) {
        for word in [high, low] {
            for shift in stride(from: 60, through: 0, by: -4) {
                out.append(Self.digits[Int(word >> UInt64(shift) & 0xF)])
            }
        }
    }

    var hex: String {
        var out: [UInt8] = []
        out.reserveCapacity(32)
        appendHex(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static let digits = Array("0123456789abcdef".utf8)

    private static func value(of digit: UInt8) -> UInt64? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(digit - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(digit - UInt8(ascii: "a") + 10)
        default: nil
        }
    }
}
