import Catalog
import Foundation

/// What `build` prints about its stages besides diagnostics: each stage as it begins
/// (`--timings`) and the one line of an interrupt.
enum StageMarks {
    /// Prints `stage NAME (at S s)` on standard error as each stage begins.
    static func printer() -> @Sendable (String) -> Void {
        let start = ContinuousClock.now
        return { stage in
            let parts = (ContinuousClock.now - start).components
            let seconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
            Output.standardError(lineStart + String(format: "stage %@ (at %.3f s)\n", stage, seconds))
        }
    }

    /// The line an interrupt prints, before and after the output was replaced.
    static func interruptLines(output: String) -> InterruptCleanup.Lines {
        InterruptCleanup.Lines(unchanged: lineStart + "Interrupted; \(output)/ is unchanged.",
                               replaced: lineStart + "Interrupted; \(output)/ already holds the new build.")
    }

    /// The line an interrupt prints for a command that replaces no output folder.
    static func interruptLine(_ text: String) -> InterruptCleanup.Lines {
        InterruptCleanup.Lines(unchanged: lineStart + text, replaced: lineStart + text)
    }

    /// On a terminal, clears the progress line (`ProgressLine`) first.
    private static var lineStart: String { isatty(STDERR_FILENO) == 1 ? "\r\u{1B}[K" : "" }
}
