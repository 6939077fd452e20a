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
/// A class over raw buffers (the worker's, reused from image to image): the inner loops
/// run on pointers, with no per-pixel bounds checks or copy-on-write checks. Used by one
/// thread at a time.
final class AreaAccumulator {
    let width: Int, height: Int, channels: Int
    private let columns: ColumnTable
    private let rowTaps: SourceTaps
    /// width × height weighted sums, one per pixel (premultiplied for RGBA).
    private let sums: UnsafeMutablePointer<SIMD4<Float>>
    /// One source row averaged horizontally: width sums.
    private let line: UnsafeMutablePointer<SIMD4<Float>>
    /// Owns `sums` and `line`: held so that they outlive the accumulator.
    private let buffers: WorkerBuffers

    /// `window` is in the pixels of the `sourceWidth` × `sourceHeight` image the rows come
    /// from. The sums and line live in `buffers` until they are next taken.
    init(window: SourceWindow, sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, channels: Int,
         buffers: WorkerBuffers = WorkerBuffers()) {
        (self.width, self.height, self.channels) = (width, height, channels)
        columns = ColumnTable(AreaWeights(origin: window.x, length: window.width, sourceCount: sourceWidth, outputCount: width))
        rowTaps = SourceTaps(AreaWeights(origin: window.y, length: window.height, sourceCount: sourceHeight, outputCount: height))
        self.buffers = buffers
        sums = buffers.sums.take(width * height)
        sums.initialize(repeating: SIMD4(), count: width * height)
        line = buffers.line.take(width)
    }

    func add(_ rows: DecodedRows) {
        for i in 0..<rows.count {
            let taps = rowTaps.taps(of: rows.y + i * rows.yStep)
            guard !taps.isEmpty else { continue }
            let row = SourceRow(pixels: rows.row(i), x: rows.x, step: rows.xStep, count: rows.width)
            columns.average(row, premultiplied: channels == 4, into: line)
            for tap in taps { addLine(to: rowTaps.outputs[tap], weight: rowTaps.weights[tap]) }
        }
    }

    /// The resampled image: rounded to bytes, un-premultiplied for RGBA.
    func image() -> PixelImage {
        let count = width * height
        let pixels = [UInt8](unsafeUninitializedCapacity: count * channels) { out, initialized in
            if channels == 4 {
                Self.storeUnpremultiplied(sums, count: count, into: out.baseAddress!)
            } else {
                Self.store(sums, count: count, into: out.baseAddress!)
            }
            initialized = count * channels
        }
        return PixelImage(width: width, height: height, channels: channels, pixels: pixels)
    }

    private func addLine(to output: Int, weight: Float) {
        let target = sums + output * width
        for i in 0..<width { target[i] += weight * line[i] }
    }

    /// RGB: the filler lane is dropped.
    private static func store(_ sums: UnsafePointer<SIMD4<Float>>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count {
            let sum = sums[i]
            out[3 * i] = byte(sum[0])
            out[3 * i + 1] = byte(sum[1])
            out[3 * i + 2] = byte(sum[2])
        }
    }

    private static func storeUnpremultiplied(_ sums: UnsafePointer<SIMD4<Float>>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count {
            let sum = sums[i], alpha = sum[3]
            let scale: Float = alpha > 0 ? 1 / alpha : 0
            out[4 * i] = byte(sum[0] * scale)
            out[4 * i + 1] = byte(sum[1] * scale)
            out[4 * i + 2] = byte(sum[2] * scale)
            out[4 * i + 3] = byte(alpha)
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
        let fourBytes = image.channels == 4 ? image.pixels
            : (0..<image.width * image.height).flatMap { i in image.pixels[(3 * i)..<(3 * i + 3)] + [255] }
        fourBytes.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            accumulator.add(DecodedRows(y: 0, yStep: 1, count: image.height, x: 0, xStep: 1, width: image.width,
                                        channels: image.channels, stride: image.width * 4, base: base))
        }
        return accumulator.image()
    }
}
