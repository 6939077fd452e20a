import Foundation

/// A one-line progress indicator on a terminal (standard error), silent otherwise.
enum ProgressLine {
    /// Shown only when there are enough images for the wait to be noticeable.
    static func thumbnails(minimum: Int = 20) -> (@Sendable (Int, Int) -> Void)? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        return { done, total in
            guard total >= minimum else { return }
            let end = done == total ? "\r\u{1B}[K" : ""
            FileHandle.standardError.write(Data("\rThumbnails \(done)/\(total)\(end)".utf8))
        }
    }
}
