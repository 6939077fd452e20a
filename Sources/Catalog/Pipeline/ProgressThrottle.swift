/// Decides which progress reports a display shows: the first of each stage at once (so
/// that the stage being run is always the one shown), then at most one per `interval`
/// seconds (10 a second by default, as cargo and `swift build` redraw), so that thousands
/// of reports a second cost a few writes. A stage's last report is shown only if its turn
/// has come; the display clears the line at the end anyway. Pure logic, no terminal code:
/// the command line draws what it returns.
public struct ProgressThrottle: Sendable {
    public var interval: Double
    private var lastShown: Double?
    private var lastText: String?
    private var lastStage: BuildProgress.Stage?

    public init(interval: Double = 0.1) { self.interval = interval }

    /// The line to show for `progress` at time `now` (seconds, any origin), or nil to
    /// leave the display as it is.
    public mutating func line(for progress: BuildProgress, at now: Double) -> String? {
        if progress.stage == lastStage, let lastShown, now - lastShown < interval { return nil }
        let text = progress.text
        guard text != lastText else { return nil }
        lastShown = now
        lastStage = progress.stage
        lastText = text
        return text
    }

    /// Whether anything was shown, so that the display knows to clear its line.
    public var hasShown: Bool { lastText != nil }
}
