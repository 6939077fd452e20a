import Foundation
import Testing
@testable import Catalog

/// 8-bit RGB and RGBA PNGs go through the codec's own inflate-and-unfilter path
/// (png_fast.c) instead of libpng: every row filter must give libpng's exact pixels, and
/// damaged data libpng's exact message.
@Suite struct PNGFastPathTests {
    @Test(arguments: [3, 4], [0, 97])
    func everyRowFilterDecodesToTheExactPixels(channels: Int, chunkSize: Int) throws {
        let image = TestPNG(width: 37, height: 23, channels: channels)
        let decoded = try ImageCodec.decode(image.png(chunkSize: chunkSize), minimumWidth: 37, minimumHeight: 23)
        #expect(decoded.width == 37 && decoded.height == 23 && decoded.channels == channels)
        for y in 0..<23 {
            for x in 0..<37 {
                #expect(Array(decoded.pixel(x: x, y: y)) == image.pixel(x: x, y: y), "at \(x),\(y)")
            }
        }
    }

    @Test func anUnknownFilterFailsWithLibpngsMessage() {
        var image = TestPNG(width: 37, height: 23, channels: 4)
        image.filterOverride = (row: 5, filter: 7)
        #expect(throws: ImageCodecError.corrupt(format: .png, "bad adaptive filter value")) {
            try ImageCodec.decode(image.png(), minimumWidth: 37, minimumHeight: 23)
        }
    }

    @Test func dataThatEndsEarlyFailsWithLibpngsMessage() {
        var image = TestPNG(width: 37, height: 23, channels: 3)
        image.rowsWritten = 11
        #expect(throws: ImageCodecError.corrupt(format: .png, "Not enough image data")) {
            try ImageCodec.decode(image.png(), minimumWidth: 37, minimumHeight: 23)
        }
    }
}

/// A PNG whose rows use filters 0, 1, 2, 3, 4 in turn, over pixels varied enough that
/// every Paeth predictor case occurs; deflated as stored (uncompressed) blocks.
struct TestPNG {
    var width: Int
    var height: Int
    var channels: Int
    var filterOverride: (row: Int, filter: UInt8)?
    var rowsWritten: Int?

    func pixel(x: Int, y: Int) -> [UInt8] {
        let value = { (c: Int) in UInt8(truncatingIfNeeded: (x * 37 + y * 91 + c * 53) ^ (x * y * (c + 3))) }
        return (0..<channels).map(value)
    }

    func png(chunkSize: Int = 0) -> Data {
        var header = Data()
        header.append(big: UInt32(width)); header.append(big: UInt32(height))
        header += [8, channels == 4 ? 6 : 2, 0, 0, 0]
        let zlib = Self.storedZlib(filteredRows())
        let step = chunkSize > 0 ? chunkSize : zlib.count
        var out = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Self.chunk("IHDR", header)
        for start in stride(from: 0, to: zlib.count, by: step) {
            out += Self.chunk("IDAT", zlib.subdata(in: start..<min(start + step, zlib.count)))
        }
        return out + Self.chunk("IEND", Data())
    }

    private func row(_ y: Int) -> [UInt8] { (0..<width).flatMap { pixel(x: $0, y: y) } }

    private func filteredRows() -> Data {
        var out = Data()
        var above = [UInt8](repeating: 0, count: width * channels)
        for y in 0..<(rowsWritten ?? height) {
            let raw = row(y), filter = UInt8(y % 5)
            out.append(filterOverride?.row == y ? filterOverride!.filter : filter)
            out += (0..<raw.count).map { i in
                let a = i >= channels ? Int(raw[i - channels]) : 0, b = Int(above[i])
                let c = i >= channels ? Int(above[i - channels]) : 0
                return raw[i] &- UInt8(truncatingIfNeeded: Self.predictor(filter, a: a, b: b, c: c))
            }
            above = raw
        }
        return out
    }

    private static func predictor(_ filter: UInt8, a: Int, b: Int, c: Int) -> Int {
        switch filter {
        case 1: return a
        case 2: return b
        case 3: return (a + b) / 2
        case 4:
            let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
            return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        default: return 0
        }
    }

    private static func storedZlib(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        var start = 0
        repeat {
            let count = min(65535, data.count - start)
            out.append(start + count == data.count ? 1 : 0)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data.subdata(in: start..<start + count)
            start += count
        } while start < data.count
        let (a, b) = data.reduce((UInt32(1), UInt32(0))) { sums, byte in
            let a = (sums.0 + UInt32(byte)) % 65521
            return (a, (sums.1 + a) % 65521)
        }
        out.append(big: b << 16 | a)
        return out
    }

    private static func chunk(_ kind: String, _ body: Data) -> Data {
        var out = Data()
        out.append(big: UInt32(body.count))
        let typed = Data(kind.utf8) + body
        out += typed
        out.append(big: ~typed.reduce(0xFFFF_FFFF as UInt32) { crc, byte in
            (0..<8).reduce(crc ^ UInt32(byte)) { c, _ in c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        })
        return out
    }
}

private extension Data {
    mutating func append(big value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
