/// A rectangle of the source image in pixels; fractions are allowed, because a window
/// chosen on the full image lands between pixels of a DCT-scaled decode.
struct SourceWindow: Hashable, Sendable {
    var x: Double, y: Double, width: Double, height: Double
}

/// Area-averaging resampler: horizontal pass into a float buffer, then vertical pass.
/// RGBA is averaged premultiplied, so transparent pixels lend no colour to their
/// neighbours (no dark fringes round a cut-out).
enum Resampler {
    static func resample(_ image: PixelImage, window: SourceWindow, width: Int, height: Int) -> PixelImage {
        let xs = AreaWeights(origin: window.x, length: window.width, sourceCount: image.width, outputCount: width)
        let ys = AreaWeights(origin: window.y, length: window.height, sourceCount: image.height, outputCount: height)
        let rows = ys.sourceRange
        let rowLength = width * image.channels
        // Every element is written by the horizontal pass: no need to clear it first.
        let columns = [Float](unsafeUninitializedCapacity: rows.count * rowLength) { out, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                if image.channels == 4 {
                    horizontalPremultiplied(source, sourceWidth: image.width, rows: rows, xs, into: out)
                } else {
                    horizontal(source, sourceWidth: image.width, rows: rows, xs, into: out)
                }
            }
            initialized = out.count
        }
        let pixels = vertical(columns, firstRow: rows.lowerBound, rowLength: rowLength, ys, channels: image.channels)
        return PixelImage(width: width, height: height, channels: image.channels, pixels: pixels)
    }

    private static func horizontal(_ source: UnsafeBufferPointer<UInt8>, sourceWidth: Int, rows: Range<Int>,
                                   _ xs: AreaWeights, into out: UnsafeMutableBufferPointer<Float>) {
        xs.spans.withUnsafeBufferPointer { spans in
            xs.weights.withUnsafeBufferPointer { weights in
                var o = 0
                for y in rows {
                    let row = y * sourceWidth * 3
                    for x in 0..<xs.outputCount {
                        var r: Float = 0, g: Float = 0, b: Float = 0
                        var p = row + spans[2 * x] * 3
                        let w = x * xs.stride
                        for k in 0..<spans[2 * x + 1] {
                            let weight = weights[w + k]
                            r += Float(source[p]) * weight
                            g += Float(source[p + 1]) * weight
                            b += Float(source[p + 2]) * weight
                            p += 3
                        }
                        out[o] = r; out[o + 1] = g; out[o + 2] = b
                        o += 3
                    }
                }
            }
        }
    }

    private static func horizontalPremultiplied(_ source: UnsafeBufferPointer<UInt8>, sourceWidth: Int, rows: Range<Int>,
                                                _ xs: AreaWeights, into out: UnsafeMutableBufferPointer<Float>) {
        xs.spans.withUnsafeBufferPointer { spans in
            xs.weights.withUnsafeBufferPointer { weights in
                var o = 0
                for y in rows {
                    let row = y * sourceWidth * 4
                    for x in 0..<xs.outputCount {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        var p = row + spans[2 * x] * 4
                        let w = x * xs.stride
                        for k in 0..<spans[2 * x + 1] {
                            let alpha = Float(source[p + 3]) * weights[w + k]
                            r += Float(source[p]) * alpha
                            g += Float(source[p + 1]) * alpha
                            b += Float(source[p + 2]) * alpha
                            a += alpha
                            p += 4
                        }
                        out[o] = r; out[o + 1] = g; out[o + 2] = b; out[o + 3] = a
                        o += 4
                    }
                }
            }
        }
    }

    private static func vertical(_ columns: [Float], firstRow: Int, rowLength: Int, _ ys: AreaWeights, channels: Int) -> [UInt8] {
        var accumulator = [Float](repeating: 0, count: rowLength)
        var pixels = [UInt8](repeating: 0, count: ys.outputCount * rowLength)
        columns.withUnsafeBufferPointer { tmp in
            accumulator.withUnsafeMutableBufferPointer { acc in
                pixels.withUnsafeMutableBufferPointer { out in
                    for y in 0..<ys.outputCount {
                        for i in 0..<rowLength { acc[i] = 0 }
                        let first = ys.spans[2 * y] - firstRow
                        for k in 0..<ys.spans[2 * y + 1] {
                            let weight = ys.weights[y * ys.stride + k]
                            let row = (first + k) * rowLength
                            for i in 0..<rowLength { acc[i] += tmp[row + i] * weight }
                        }
                        let target = UnsafeMutableBufferPointer(rebasing: out[(y * rowLength)..<((y + 1) * rowLength)])
                        if channels == 4 { storeUnpremultiplied(acc, into: target) } else { store(acc, into: target) }
                    }
                }
            }
        }
        return pixels
    }

    private static func store(_ acc: UnsafeMutableBufferPointer<Float>, into out: UnsafeMutableBufferPointer<UInt8>) {
        for i in 0..<acc.count { out[i] = byte(acc[i]) }
    }

    private static func storeUnpremultiplied(_ acc: UnsafeMutableBufferPointer<Float>, into out: UnsafeMutableBufferPointer<UInt8>) {
        for i in stride(from: 0, to: acc.count, by: 4) {
            let alpha = acc[i + 3]
            let scale: Float = alpha > 0 ? 1 / alpha : 0
            out[i] = byte(acc[i] * scale)
            out[i + 1] = byte(acc[i + 1] * scale)
            out[i + 2] = byte(acc[i + 2] * scale)
            out[i + 3] = byte(alpha)
        }
    }

    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}
