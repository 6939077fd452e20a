import Foundation

/// How far one of a build's long stages has got: `done` of `total` items. The library
/// only reports it (`BuildOptions.progress`); the command line decides whether and how
/// to show it.
public struct BuildProgress: Hashable, Sendable {
    public enum Stage: String, Sendable {
        /// Content files read and their front matter parsed.
        case loading = "Loading"
        /// Distinct thumbnail sources made (or taken from the cache).
        case thumbnails = "Thumbnails"
        /// Context pages rendered and written, every locale together.
        case pages = "Pages"
    }

    public var stage: Stage
    public var done: Int
    public var total: Int

    public init(stage: Stage, done: Int, total: Int) {
        self.stage = stage
        self.done = done
        self.total = total
    }

    public var left: Int { max(0, total - done) }

    /// `Pages 5,000/110,000`: the stage, then the counts with thousands separators.
    public var text: String { "\(stage.rawValue) \(Self.grouped(done))/\(Self.grouped(total))" }

    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }
}

/// Counts a stage's finished items from any thread and reports each new count.
final class ProgressCounter: Sendable {
    private let stage: BuildProgress.Stage
    private let total: Int
    private let report: @Sendable (BuildProgress) -> Void
    private let done = Locked(0)

    /// Nil without a handler, so that a stage without a listener counts nothing.
    init?(_ stage: BuildProgress.Stage, total: Int, report: (@Sendable (BuildProgress) -> Void)?) {
        guard let report else { return nil }
        self.stage = stage
        self.total = total
        self.report = report
    }

    func advance(by count: Int = 1) {
        let now = done.withLock { done in
            done += count
            return done
        }
        report(BuildProgress(stage: stage, done: now, total: total))
    }
}
