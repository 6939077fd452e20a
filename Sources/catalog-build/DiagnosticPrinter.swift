import Catalog
import Foundation

/// Prints diagnostics as cli.md says: text on standard error, JSON and GitHub commands
/// on standard output (JSON even when there is nothing to report). Text shows each rule's
/// first occurrences and a summary (`DiagnosticDigest`) unless `all`; the others are complete.
struct DiagnosticPrinter {
    let format: OutputFormat
    /// `--quiet`: the text shows errors only (JSON and GitHub commands stay complete).
    var quiet = false
    /// `--all`: the text shows every diagnostic, not only the first 20 of each rule.
    var all = false

    func print(_ bag: DiagnosticBag, extraJSON: [(String, JSON)] = []) {
        let diagnostics = bag.sorted
        switch format {
        case .text:
            let terminal = isatty(STDERR_FILENO) == 1
            let shown = quiet ? diagnostics.filter { $0.severity == .error } : diagnostics
            Output.standardError(DiagnosticDigest.text(shown, all: all, excerpts: terminal,
                                                        colors: terminal && noColorUnset, totals: !quiet))
        case .json:
            DiagnosticFormatter.json(diagnostics, extra: extraJSON) { Output.standardOutput(Data($0)) }
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
        standardOutput(Data(text.utf8))
    }

    static func standardOutput(_ data: Data) {
        guard !data.isEmpty else { return }
        FileHandle.standardOutput.write(data)
    }
}
