import Foundation
@testable import Catalog

/// Images made at test time for the image budget's tests: progressive JPEGs from the
/// codec's own encoder, then edited byte by byte (a scan repeated, a size rewritten), and
/// an interlaced PNG of any size whose deflate stream is written by hand.
enum HostileImages {
    /// A progressive JPEG (libjpeg's 10 scans) of one flat colour: every AC scan is a few
    /// bytes of end-of-band runs, so repeating one costs bytes, not size.
    static func progressive(width: Int, height: Int, fullChroma: Bool) throws -> Data {
        let pixel: [UInt8] = [120, 130, 140]
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { buffer, count in
            for i in 0..<width * height { buffer[3 * i] = pixel[0]; buffer[3 * i + 1] = pixel[1]; buffer[3 * i + 2] = pixel[2] }
            count = width * height * 3
        }
        let image = PixelImage(width: width, height: height, channels: 3, pixels: pixels)
        return try ImageCodec.encodeProgressiveJPEG(image, quality: 90, fullChroma: fullChroma)
    }

    /// `jpeg` with its last scan (from its SOS marker to EOI) repeated `times` more times:
    /// the 2,000-scan file of issue #16. A marker's FF DA never occurs inside entropy-coded
    /// data (an FF there is followed by 00 or a restart marker).
    static func repeatingLastScan(_ jpeg: Data, times: Int) -> Data {
        let bytes = [UInt8](jpeg)
        let lastScan = (0..<bytes.count - 1).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }!
        let scan = bytes[lastScan..<bytes.count - 2]
        var out = bytes[..<(bytes.count - 2)]
        for _ in 0..<times { out += scan }
        return Data(out + [0xFF, 0xD9])
    }

    /// The number of SOS markers in `jpeg`.
    static func scans(_ jpeg: Data) -> Int {
        let bytes = [UInt8](jpeg)
        return (0..<bytes.count - 1).count { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
    }

    /// `jpeg` with the size in its progressive frame header (SOF2) rewritten: the header of
    /// a huge image over a small image's scans. A decoder that believed it would allocate
    /// the coefficients of the size claimed before noticing the data runs short.
    static func claiming(width: Int, height: Int, _ jpeg: Data) -> Data {
        var bytes = [UInt8](jpeg)
        let frame = (0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC2 }!
        bytes[frame + 5] = UInt8(height >> 8); bytes[frame + 6] = UInt8(height & 0xFF)
        bytes[frame + 7] = UInt8(width >> 8); bytes[frame + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }

    /// What libjpeg allocates for a multi-scan JPEG's coefficients: 128 bytes per 8×8 block
    /// of each component, the blocks rounded up to whole MCUs (as jdcoefct.c asks for them).
    static func coefficientBytes(width: Int, height: Int, fullChroma: Bool) -> Int {
        let up = { (value: Int, step: Int) in (value + step - 1) / step * step }
        if fullChroma { return 3 * up(width, 8) / 8 * up(height, 8) / 8 * 128 }
        let luma = up(up(width, 8) / 8, 2) * up(up(height, 8) / 8, 2)
        let chroma = up(width, 16) / 16 * up(height, 16) / 16
        return (luma + 2 * chroma) * 128
    }
}

/// A black, Adam7-interlaced RGB PNG of any size, a few MB even at 100
/// megapixels: its filtered rows are all zero bytes, deflated by hand as one literal and
/// then back-references of 258 bytes (fixed Huffman codes).
enum InterlacedPNG {
    static func black(side: Int) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBig(UInt32(side)); header.appendBig(UInt32(side))
        header += [8, 2, 0, 0, 1] // 8 bits, RGB, deflate, adaptive filters, Adam7
        png += chunk("IHDR", header)
        let raw = rawBytes(side: side)
        var zlib = Data([0x78, 0x01]) + deflateZeros(count: raw)
        zlib.appendBig(UInt32(raw % 65521) << 16 | 1) // Adler-32 of zeros: A = 1, B = count
        png += chunk("IDAT", zlib)
        return png + chunk("IEND", Data())
    }

    /// Bytes of the filtered image: every pass's rows, each a filter byte and its pixels.
    static func rawBytes(side: Int) -> Int {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.reduce(0) { total, pass in
            let (x0, y0, dx, dy) = pass
            let columns = side > x0 ? (side - x0 + dx - 1) / dx : 0
            let rows = side > y0 ? (side - y0 + dy - 1) / dy : 0
            return total + (columns == 0 ? 0 : rows * (1 + 3 * columns))
        }
    }

    /// One final block of fixed Huffman codes: a literal 0, then copies at distance 1.
    static func deflateZeros(count: Int) -> Data {
        var bits = BitWriter()
        bits.write(1, count: 1); bits.write(1, count: 2) // BFINAL, BTYPE = 01 (fixed)
        bits.writeCode(0b00110000, length: 8) // literal 0
        var left = count - 1
        while left >= 3 {
            // Never leave 1 or 2 bytes, which no copy can take.
            let run = left <= 258 ? left : left <= 260 ? left - 3 : 258
            bits.writeLength(run)
            bits.writeCode(0, length: 5) // distance 1
            left -= run
        }
        for _ in 0..<left { bits.writeCode(0b00110000, length: 8) }
        bits.writeCode(0, length: 7) // end of block (256)
        return bits.finish()
    }

    private static func chunk(_ kind: String, _ body: Data) -> Data {
        var out = Data(); out.appendBig(UInt32(body.count))
        let typed = Data(kind.utf8) + body
        out += typed
        out.appendBig(crc32(typed))
        return out
    }

    private static let crcTable: [UInt32] = (0..<256).map { (n: UInt32) in
        (0..<8).reduce(n) { crc, _ in crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }

    private static func crc32(_ data: Data) -> UInt32 {
        ~data.reduce(0xFFFF_FFFF as UInt32) { crc, byte in crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}

/// Deflate's bit order: values least significant bit first, Huffman codes most first.
private struct BitWriter {
    var bytes = [UInt8]()
    var current: UInt32 = 0
    var used = 0

    mutating func write(_ value: Int, count: Int) {
        for i in 0..<count {
            current |= UInt32((value >> i) & 1) << used
            used += 1
            if used == 8 { bytes.append(UInt8(current)); current = 0; used = 0 }
        }
    }

    mutating func writeCode(_ code: Int, length: Int) {
        for i in stride(from: length - 1, through: 0, by: -1) { write((code >> i) & 1, count: 1) }
    }

    /// A length of 3...258 in fixed codes (RFC 1951 §3.2.5).
    mutating func writeLength(_ length: Int) {
        if length == 258 { writeCode(285 - 280 + 0b1100_0000, length: 8); return }
        let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227]
        let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5]
        let index = bases.lastIndex { $0 <= length }!
        let symbol = 257 + index
        if symbol <= 279 { writeCode(symbol - 256, length: 7) } else { writeCode(symbol - 280 + 0b1100_0000, length: 8) }
        write(length - bases[index], count: extras[index])
    }

    mutating func finish() -> Data {
        if used > 0 { bytes.append(UInt8(current)) }
        return Data(bytes)
    }
}

private extension Data {
    mutating func appendBig(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
