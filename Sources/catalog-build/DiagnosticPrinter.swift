import Catalog
import Foundation

/// Prints diagnostics as cli.md says: text on standard error, JSON and GitHub commands
/// on standard output (JSON even when there is nothing to report). Text shows each rule's
/// first occurrences and a summary (`DiagnosticDigest`) unless `all`; the others are complete.
struct DiagnosticPrinter {
    let format: OutputFormat
    var all = false

    func print(_ bag: DiagnosticBag, extraJSON: [(String, JSON)] = []) {
        let diagnostics = bag.sorted
        switch format {
        case .text:
            let terminal = isatty(STDERR_FILENO) == 1
            Output.standardError(DiagnosticDigest.text(diagnostics, all: all, excerpts: terminal,
                                                        colors: terminal && noColorUnset))
        case .json:
            Output.standardOutput(DiagnosticFormatter.json(diagnostics, extra: extraJSON))
        case .github:
            Output.standardOutput(DiagnosticFormatter.github(diagnostics))
        }
    }

    private var noColorUnset: Bool { ProcessInfo.processInfo.environment["NO_COLOR"] == nil }
}

enum Output {
    static func standardError(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func standardOutput(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
