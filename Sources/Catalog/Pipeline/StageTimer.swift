import Foundation

/// The wall time of one pipeline stage.
public struct StageTiming: Sendable, Equatable {
    public var stage: String
    public var seconds: Double
}

/// Measures each pipeline stage's wall time, in the order the stages ran, for
/// `build --timings` (like Hugo's `--templateMetrics`). Cheap enough to run always.
public struct StageTimer: Sendable {
    public private(set) var timings: [StageTiming] = []

    public init() {}

    /// Runs `body`, adding its wall time to `stage` (a stage may run in several parts).
    public mutating func measure<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        defer { record(stage, since: start) }
        return try body()
    }

    public mutating func record(_ stage: String, seconds: Double) {
        if let index = timings.firstIndex(where: { $0.stage == stage }) {
            timings[index].seconds += seconds
        } else {
            timings.append(StageTiming(stage: stage, seconds: seconds))
        }
    }

    private mutating func record(_ stage: String, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let parts = elapsed.components
        record(stage, seconds: Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
    }

    public var total: Double { timings.reduce(0) { $0 + $1.seconds } }

    /// One line: `load 12.3 ms, validate 4.5 ms, …` (for `serve`'s log).
    public var summary: String {
        timings.map { String(format: "%@ %.1f ms", $0.stage, $0.seconds * 1000) }.joined(separator: ", ")
    }

    /// A fixed-width table: stage, milliseconds, share of the total.
    public var table: String {
        let width = max(5, timings.map(\.stage.count).max() ?? 0)
        var lines = ["\("stage".padding(toLength: width, withPad: " ", startingAt: 0))        ms      %"]
        for timing in timings + [StageTiming(stage: "total", seconds: total)] {
            let share = total > 0 ? timing.seconds / total * 100 : 0
            lines.append(timing.stage.padding(toLength: width, withPad: " ", startingAt: 0)
                         + String(format: " %9.1f %6.1f", timing.seconds * 1000, share))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
