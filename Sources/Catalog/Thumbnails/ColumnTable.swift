/// One decoded row: `count` pixels of 4 bytes (RGBA, or RGB and a filler) for the source
/// columns `x`, `x + step`, … (the step is more than 1 only in an interlaced PNG's passes).
struct SourceRow {
    var pixels: UnsafePointer<UInt8>
    var x: Int
    var step: Int
    var count: Int

    /// Pixel `k` as four floats: one 32-bit load, widened. (Indices are within the row,
    /// so the arithmetic wraps rather than checks for overflow.)
    @inline(__always)
    func pixel(_ k: Int) -> SIMD4<Float> {
        SIMD4<Float>(UnsafeRawPointer(pixels + (k &<< 2)).loadUnaligned(as: SIMD4<UInt8>.self))
    }
}

/// The horizontal half of the area filter: `AreaWeights` copied into raw buffers, and the
/// loops that average one row into one `SIMD4<Float>` per output column, all four samples
/// of a pixel at once. A row that holds every column the filter reads takes the dense
/// loop (contiguous pixels, no checks); others (interlace passes, a region narrower than
/// the window) take the general one.
///
/// Opaque rows are summed as they are (the filler lane is ignored later). Rows with alpha
/// are premultiplied: colour × alpha × weight, and alpha × weight in the fourth lane.
final class ColumnTable {
    let outputCount: Int
    /// Every source column some output reads.
    let sourceRange: Range<Int>
    private let firsts: UnsafeMutablePointer<Int>
    private let counts: UnsafeMutablePointer<Int>
    private let weights: UnsafeMutablePointer<Float>
    private let stride: Int

    init(_ area: AreaWeights) {
        outputCount = area.outputCount
        sourceRange = area.sourceRange
        stride = area.stride
        firsts = .allocate(capacity: max(1, outputCount))
        counts = .allocate(capacity: max(1, outputCount))
        weights = .allocate(capacity: max(1, area.weights.count))
        for i in 0..<outputCount {
            firsts[i] = area.spans[2 * i]
            counts[i] = area.spans[2 * i + 1]
        }
        area.weights.withUnsafeBufferPointer { weights.initialize(from: $0.baseAddress!, count: $0.count) }
    }

    deinit {
        firsts.deallocate()
        counts.deallocate()
        weights.deallocate()
    }

    /// `out` gets `outputCount` weighted sums.
    func average(_ row: SourceRow, premultiplied: Bool, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let dense = row.step == 1 && row.x <= sourceRange.lowerBound && row.x + row.count >= sourceRange.upperBound
        switch (dense, premultiplied) {
        case (true, false): averageDense(row, into: out)
        case (true, true): averagePremultiplied(row, into: out)
        case (false, false): averageSparse(row, into: out) { $0 * $1 }
        case (false, true): averageSparse(row, into: out, Self.premultiply)
        }
    }

    /// (r, g, b, 1) × alpha × weight: the fourth lane sums alpha × weight.
    @inline(__always)
    private static func premultiply(_ pixel: SIMD4<Float>, _ weight: Float) -> SIMD4<Float> {
        var colour = pixel
        colour[3] = 1
        return colour * (pixel[3] * weight)
    }

    private func averageDense(_ row: SourceRow, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let (firsts, counts, weights, stride) = (self.firsts, self.counts, self.weights, self.stride)
        for i in 0..<outputCount {
            let first = firsts[i] &- row.x
            let weight = weights + i &* stride
            var sum = SIMD4<Float>()
            for k in 0..<counts[i] { sum += row.pixel(first &+ k) * weight[k] }
            out[i] = sum
        }
    }

    /// Colour × (alpha × weight) in all four lanes, whose fourth (alpha² × weight) is then
    /// replaced by the sum of alpha × weight kept beside: no lane insert in the inner loop.
    /// The same products, in the same order, as `premultiply`.
    private func averagePremultiplied(_ row: SourceRow, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let (firsts, counts, weights, stride) = (self.firsts, self.counts, self.weights, self.stride)
        for i in 0..<outputCount {
            let first = firsts[i] &- row.x
            let weight = weights + i &* stride
            var sum = SIMD4<Float>()
            var alphaSum: Float = 0
            for k in 0..<counts[i] {
                let pixel = row.pixel(first &+ k)
                let alpha = pixel[3] * weight[k]
                sum += pixel * alpha
                alphaSum += alpha
            }
            sum[3] = alphaSum
            out[i] = sum
        }
    }

    /// Any row: only the pixels it has count, each with its column's weight.
    @inline(__always)
    private func averageSparse(_ row: SourceRow, into out: UnsafeMutablePointer<SIMD4<Float>>,
                               _ term: (SIMD4<Float>, Float) -> SIMD4<Float>) {
        for i in 0..<outputCount {
            let first = firsts[i], end = first + counts[i]
            var sum = SIMD4<Float>()
            var k = first <= row.x ? 0 : (first - row.x + row.step - 1) / row.step
            while k < row.count, row.x + k * row.step < end {
                sum += term(row.pixel(k), weights[i * stride + row.x + k * row.step - first])
                k += 1
            }
            out[i] = sum
        }
    }
}
