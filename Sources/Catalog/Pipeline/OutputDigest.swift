import Crypto
import Foundation

/// The first 16 bytes of a SHA-256, as two numbers: what the body state keeps of each
/// front matter and of its own bytes (`BodyStateFile`), where content must not be able to
/// make a collision (a cryptographic hash: none is known at 128 bits). Output files are
/// not hashed: `IncrementalSink` compares their bytes.
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
}
