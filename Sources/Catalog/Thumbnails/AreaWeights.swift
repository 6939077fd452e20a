/// One axis of an area (box) resample: output sample `i` averages the source interval
/// `[origin + i·scale, origin + (i+1)·scale)`, each source sample weighted by how much of
/// it lies inside. Unlike a point filter, every source pixel counts exactly once, so
/// fine detail averages out instead of aliasing.
struct AreaWeights: Sendable {
    /// For output `i`: `spans[2i]` is its first source index, `spans[2i+1]` the count.
    let spans: [Int]
    /// For output `i`: its weights at `i·stride ..< i·stride + count` (they sum to 1).
    let weights: [Float]
    let stride: Int
    var outputCount: Int { spans.count / 2 }

    /// `origin` and `length` select the source window (fractions allowed); `sourceCount`
    /// bounds it, so rounding at the edges never reads outside the image.
    init(origin: Double, length: Double, sourceCount: Int, outputCount: Int) {
        let scale = length / Double(outputCount)
        let stride = Int(scale.rounded(.up)) + 2
        var spans = [Int](repeating: 0, count: 2 * outputCount)
        var weights = [Float](repeating: 0, count: stride * outputCount)
        for i in 0..<outputCount {
            let a = origin + Double(i) * scale, b = min(a + scale, Double(sourceCount))
            let first = max(0, Int(a.rounded(.down)))
            let end = min(sourceCount, max(first + 1, Int(b.rounded(.up))))
            var total = 0.0
            for k in first..<end {
                let overlap = max(0, min(Double(k + 1), b) - max(Double(k), a))
                weights[i * stride + k - first] = Float(overlap)
                total += overlap
            }
            // Normalise so that rounding at the window's edges cannot darken or lighten.
            for k in 0..<(end - first) {
                weights[i * stride + k] = total > 0 ? Float(Double(weights[i * stride + k]) / total) : 1 / Float(end - first)
            }
            spans[2 * i] = first
            spans[2 * i + 1] = end - first
        }
        self.spans = spans
        self.weights = weights
        self.stride = stride
    }

    /// The source samples any output reads: rows outside it need no work.
    var sourceRange: Range<Int> {
        guard outputCount > 0 else { return 0..<0 }
        return spans[0]..<(spans[2 * (outputCount - 1)] + spans[2 * outputCount - 1])
    }
}

/// The same weights turned around, for a resampler fed one source row at a time: for each
/// source sample, the outputs it adds to and with what weight (one or two when shrinking).
struct SourceTaps: Sendable {
    /// The source samples that count; the others have no taps.
    let sources: Range<Int>
    /// Source `s`'s taps are at `starts[s - sources.lowerBound] ..< starts[s - sources.lowerBound + 1]`.
    private let starts: [Int]
    let outputs: [Int]
    let weights: [Float]

    init(_ area: AreaWeights) {
        sources = area.sourceRange
        var perSource = [[(output: Int, weight: Float)]](repeating: [], count: sources.count)
        for i in 0..<area.outputCount {
            let first = area.spans[2 * i]
            for k in 0..<area.spans[2 * i + 1] where area.weights[i * area.stride + k] > 0 {
                perSource[first + k - sources.lowerBound].append((i, area.weights[i * area.stride + k]))
            }
        }
        starts = perSource.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        outputs = perSource.flatMap { $0.map(\.output) }
        weights = perSource.flatMap { $0.map(\.weight) }
    }

    /// The range of `outputs` and `weights` for source sample `source`.
    func taps(of source: Int) -> Range<Int> {
        guard sources.contains(source) else { return 0..<0 }
        return starts[source - sources.lowerBound]..<starts[source - sources.lowerBound + 1]
    }
}
