/// A rectangle of the source image in pixels; fractions are allowed, because a window
/// chosen on the full image lands between pixels of a DCT-scaled decode.
struct SourceWindow: Hashable, Sendable {
    var x: Double, y: Double, width: Double, height: Double
}

/// Area-averaging resampler fed row by row, as rows come out of the decoder: each source
/// row is averaged horizontally once (into `line`), then added to the one or two output
/// rows it overlaps, with their vertical weights. Only the output's sums and one line are
/// kept, so memory does not grow with the source: a 100-megapixel PNG needs no more than
/// a small one.
///
/// RGBA is averaged premultiplied, so transparent pixels lend no colour to their
/// neighbours (no dark fringes round a cut-out). The result is a sum of independent terms,
/// one per source pixel, so rows may come in any order and sparse: an interlaced PNG's
/// passes add up to exactly what the whole image would give.
///
/// A class over raw buffers: the inner loops run on pointers, with no per-pixel bounds
/// checks or copy-on-write checks. Used by one thread at a time.
final class AreaAccumulator {
    let width: Int, height: Int, channels: Int
    private let columns: ColumnTable
    private let rowTaps: SourceTaps
    private let rowLength: Int
    /// width × height × channels weighted sums (premultiplied for RGBA).
    private let sums: UnsafeMutablePointer<Float>
    /// One source row averaged horizontally: width × channels.
    private let line: UnsafeMutablePointer<Float>

    /// `window` is in the pixels of the `sourceWidth` × `sourceHeight` image the rows come from.
    init(window: SourceWindow, sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, channels: Int) {
        (self.width, self.height, self.channels) = (width, height, channels)
        columns = ColumnTable(AreaWeights(origin: window.x, length: window.width, sourceCount: sourceWidth, outputCount: width))
        rowTaps = SourceTaps(AreaWeights(origin: window.y, length: window.height, sourceCount: sourceHeight, outputCount: height))
        rowLength = width * channels
        sums = .allocate(capacity: max(1, rowLength * height))
        sums.initialize(repeating: 0, count: rowLength * height)
        line = .allocate(capacity: max(1, rowLength))
    }

    deinit {
        sums.deallocate()
        line.deallocate()
    }

    func add(_ rows: DecodedRows) {
        for i in 0..<rows.count {
            let taps = rowTaps.taps(of: rows.y + i * rows.yStep)
            guard !taps.isEmpty else { continue }
            let row = SourceRow(pixels: rows.row(i), x: rows.x, step: rows.xStep, count: rows.width)
            if channels == 4 {
                columns.averagePremultiplied(row, into: line)
            } else {
                columns.average(row, into: line)
            }
            for tap in taps { addLine(to: rowTaps.outputs[tap], weight: rowTaps.weights[tap]) }
        }
    }

    /// The resampled image: rounded to bytes, un-premultiplied for RGBA.
    func image() -> PixelImage {
        let count = rowLength * height
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            if channels == 4 {
                Self.storeUnpremultiplied(sums, count: count, into: out.baseAddress!)
            } else {
                Self.store(sums, count: count, into: out.baseAddress!)
            }
            initialized = count
        }
        return PixelImage(width: width, height: height, channels: channels, pixels: pixels)
    }

    private func addLine(to output: Int, weight: Float) {
        let target = sums + output * rowLength
        for i in 0..<rowLength { target[i] += weight * line[i] }
    }

    private static func store(_ sums: UnsafePointer<Float>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count { out[i] = byte(sums[i]) }
    }

    private static func storeUnpremultiplied(_ sums: UnsafePointer<Float>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        for i in stride(from: 0, to: count, by: 4) {
            let alpha = sums[i + 3]
            let scale: Float = alpha > 0 ? 1 / alpha : 0
            out[i] = byte(sums[i] * scale)
            out[i + 1] = byte(sums[i + 1] * scale)
            out[i + 2] = byte(sums[i + 2] * scale)
            out[i + 3] = byte(alpha)
        }
    }

    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}

/// Whole images through the accumulator: for tests and for callers that already hold pixels.
enum Resampler {
    static func resample(_ image: PixelImage, window: SourceWindow, width: Int, height: Int) -> PixelImage {
        let accumulator = AreaAccumulator(window: window, sourceWidth: image.width, sourceHeight: image.height,
                                          width: width, height: height, channels: image.channels)
        image.pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            accumulator.add(DecodedRows(y: 0, yStep: 1, count: image.height, x: 0, xStep: 1, width: image.width,
                                        channels: image.channels, stride: image.width * image.channels, base: base))
        }
        return accumulator.image()
    }
}
