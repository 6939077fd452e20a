/// One decoded row: `count` pixels for the source columns `x`, `x + step`, … (the step is
/// more than 1 only in an interlaced PNG's passes).
struct SourceRow {
    var pixels: UnsafePointer<UInt8>
    var x: Int
    var step: Int
    var count: Int
}

/// The horizontal half of the area filter: `AreaWeights` copied into raw buffers, and the
/// loops that average one row into `width × channels` floats. A row that holds every
/// column the filter reads takes the dense loops (contiguous pixels, no checks); others
/// (interlace passes, a region narrower than the window) take the general one.
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

    private func isDense(_ row: SourceRow) -> Bool {
        row.step == 1 && row.x <= sourceRange.lowerBound && row.x + row.count >= sourceRange.upperBound
    }

    /// RGB: `out` gets width × 3 weighted sums.
    func average(_ row: SourceRow, into out: UnsafeMutablePointer<Float>) {
        guard isDense(row) else { return averageSparse(row, channels: 3, into: out) }
        var target = out
        for i in 0..<outputCount {
            var pixel = row.pixels + (firsts[i] - row.x) * 3
            var weight = weights + i * stride
            var r: Float = 0, g: Float = 0, b: Float = 0
            for _ in 0..<counts[i] {
                let w = weight.pointee
                r += Float(pixel[0]) * w
                g += Float(pixel[1]) * w
                b += Float(pixel[2]) * w
                pixel += 3
                weight += 1
            }
            target[0] = r; target[1] = g; target[2] = b
            target += 3
        }
    }

    /// RGBA: `out` gets width × 4 sums of colour × alpha and of alpha.
    func averagePremultiplied(_ row: SourceRow, into out: UnsafeMutablePointer<Float>) {
        guard isDense(row) else { return averageSparse(row, channels: 4, into: out) }
        var target = out
        for i in 0..<outputCount {
            var pixel = row.pixels + (firsts[i] - row.x) * 4
            var weight = weights + i * stride
            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
            for _ in 0..<counts[i] {
                let alpha = Float(pixel[3]) * weight.pointee
                r += Float(pixel[0]) * alpha
                g += Float(pixel[1]) * alpha
                b += Float(pixel[2]) * alpha
                a += alpha
                pixel += 4
                weight += 1
            }
            target[0] = r; target[1] = g; target[2] = b; target[3] = a
            target += 4
        }
    }

    /// Any row: only the pixels it has count, each with its column's weight.
    private func averageSparse(_ row: SourceRow, channels: Int, into out: UnsafeMutablePointer<Float>) {
        for i in 0..<outputCount {
            let first = firsts[i], end = first + counts[i]
            var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
            var k = first <= row.x ? 0 : (first - row.x + row.step - 1) / row.step
            while k < row.count, row.x + k * row.step < end {
                let w = weights[i * stride + row.x + k * row.step - first]
                let pixel = row.pixels + k * channels
                let alpha = channels == 4 ? Float(pixel[3]) * w : w
                sum.0 += Float(pixel[0]) * alpha
                sum.1 += Float(pixel[1]) * alpha
                sum.2 += Float(pixel[2]) * alpha
                sum.3 += alpha
                k += 1
            }
            let target = out + i * channels
            target[0] = sum.0; target[1] = sum.1; target[2] = sum.2
            if channels == 4 { target[3] = sum.3 }
        }
    }
}
