import Foundation

/// The translation-coverage table that `validate` prints after the diagnostics.
public enum CoverageReport {
    public static func text(_ coverage: TranslationCoverage) -> String {
        var out = "Translation coverage:\n"
        for entry in coverage.entries {
            let percent = entry.total == 0 ? 100 : entry.translated * 100 / entry.total
            out += "  \(entry.locale.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(entry.translated)/\(entry.total) (\(percent)%)"
            if !entry.missing.isEmpty {
                let shown = entry.missing.prefix(5).joined(separator: ", ")
                out += " missing: \(shown)\(entry.missing.count > 5 ? ", and \(entry.missing.count - 5) more" : "")"
            }
            out += "\n"
        }
        return out
    }
}
