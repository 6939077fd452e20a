import Catalog
import Foundation

/// The build's progress on a terminal, as cargo and `swift build` show it: one line on
/// standard error (`Loading 1,234/10,000`, `Pages 5,000/110,000`), redrawn in place at
/// most 10 times a second (`ProgressThrottle`) and cleared at the end. Nothing at all when
/// standard error is not a terminal: a pipe, a file or CI's log gets no progress.
final class ProgressLine: Sendable {
    private let throttle = Locked(ProgressThrottle())
    private let start = ContinuousClock.now

    /// Nil when standard error is not a terminal.
    static func onTerminal() -> ProgressLine? { isatty(STDERR_FILENO) == 1 ? ProgressLine() : nil }

    /// The handler for `BuildOptions.progress`.
    var handler: @Sendable (BuildProgress) -> Void { { [self] in show($0) } }

    func show(_ progress: BuildProgress) {
        throttle.withLock { throttle in
            guard let line = throttle.line(for: progress, at: (ContinuousClock.now - start).seconds) else { return }
            Self.write("\r\u{1B}[K" + line)
        }
    }

    /// Clears the line, before the build's summary and diagnostics are printed.
    func finish() {
        throttle.withLock { throttle in
            if throttle.hasShown { Self.write("\r\u{1B}[K") }
        }
    }

    private static func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
