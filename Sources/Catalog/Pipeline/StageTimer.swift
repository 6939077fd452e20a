import Foundation

/// The wall time of one pipeline stage, and the CPU time (user and system, all threads)
/// the process spent in it: on a shared machine the CPU time is the steadier measure.
public struct StageTiming: Sendable, Equatable {
    public var stage: String
    public var seconds: Double
    public var cpuSeconds: Double = 0
    /// Work that ran on a thread of its own beside another stage (whose times include
    /// it): shown, but not added to the totals. Its CPU time is its thread's alone.
    public var isBeside = false
}

/// Measures each pipeline stage's wall time, in the order the stages ran, for
/// `build --timings` (like Hugo's `--templateMetrics`). Cheap enough to run always.
public struct StageTimer: Sendable {
    public private(set) var timings: [StageTiming] = []
    /// Told of each stage as it begins (once, before its first part), for `build --timings`.
    public var started: (@Sendable (_ stage: String) -> Void)?

    public init(started: (@Sendable (_ stage: String) -> Void)? = nil) { self.started = started }

    /// Runs `body`, adding its wall time to `stage` (a stage may run in several parts).
    public mutating func measure<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        if let started, !timings.contains(where: { $0.stage == stage }) { started(stage) }
        let start = ContinuousClock.now
        let cpuStart = Self.processCPUSeconds()
        defer { record(stage, since: start, cpuSince: cpuStart) }
        return try body()
    }

    public mutating func record(_ stage: String, seconds: Double, cpuSeconds: Double = 0) {
        if let index = timings.firstIndex(where: { $0.stage == stage }) {
            timings[index].seconds += seconds
            timings[index].cpuSeconds += cpuSeconds
        } else {
            timings.append(StageTiming(stage: stage, seconds: seconds, cpuSeconds: cpuSeconds))
        }
    }

    /// Records work that ran beside another stage (`StageTiming.isBeside`).
    public mutating func recordBeside(_ stage: String, seconds: Double, cpuSeconds: Double) {
        timings.append(StageTiming(stage: stage, seconds: seconds, cpuSeconds: cpuSeconds, isBeside: true))
    }

    private mutating func record(_ stage: String, since start: ContinuousClock.Instant, cpuSince cpuStart: Double) {
        let elapsed = ContinuousClock.now - start
        let parts = elapsed.components
        record(stage, seconds: Double(parts.seconds) + Double(parts.attoseconds) / 1e18,
               cpuSeconds: Self.processCPUSeconds() - cpuStart)
    }

    /// User plus system time of every thread of the process so far.
    private static func processCPUSeconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    public var total: Double { timings.filter { !$0.isBeside }.reduce(0) { $0 + $1.seconds } }
    public var totalCPU: Double { timings.filter { !$0.isBeside }.reduce(0) { $0 + $1.cpuSeconds } }

    /// One line: `load 12.3 ms, validate 4.5 ms, …` (for `serve`'s log).
    public var summary: String {
        timings.map { String(format: "%@ %.1f ms", $0.stage, $0.seconds * 1000) }.joined(separator: ", ")
    }

    /// A fixed-width table: stage, wall milliseconds, share of the total, CPU milliseconds.
    /// Work beside a stage is indented under it, its share left blank.
    public var table: String {
        let width = max(5, timings.map { $0.stage.count + ($0.isBeside ? 2 : 0) }.max() ?? 0)
        var lines = ["\("stage".padding(toLength: width, withPad: " ", startingAt: 0))        ms      %     cpu ms"]
        for timing in timings + [StageTiming(stage: "total", seconds: total, cpuSeconds: totalCPU)] {
            let share = total > 0 ? timing.seconds / total * 100 : 0
            let name = (timing.isBeside ? "  " : "") + timing.stage
            lines.append(name.padding(toLength: width, withPad: " ", startingAt: 0)
                         + String(format: " %9.1f ", timing.seconds * 1000)
                         + (timing.isBeside ? "      " : String(format: "%6.1f", share))
                         + String(format: " %10.1f", timing.cpuSeconds * 1000))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
