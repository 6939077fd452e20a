import Foundation

/// The coverage tables that `validate` prints after the diagnostics: translations per
/// locale, and metadata of assignable activities per book.
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

    /// One row per book: its assignable activities, then how many of them have each
    /// piece of metadata, with the share. A book's name is its folder's, which may hold
    /// control characters: they are escaped as in diagnostics, so the terminal shows them.
    public static func text(_ coverage: MetadataCoverage) -> String {
        guard !coverage.entries.isEmpty else { return "" }
        let names = coverage.entries.map { ControlCharacters.escaped($0.book) }
        let width = max(4, names.map(\.count).max() ?? 0)
        var out = "Metadata of assignable activities:\n"
        out += row(["book", "activities", "thumbnail", "age", "time", "progress"], width: width)
        for (entry, name) in zip(coverage.entries, names) {
            let counts = [entry.thumbnail, entry.suggestedAge, entry.completionTime, entry.progressReporting]
            out += row([name, "\(entry.activities)"] + counts.map { share($0, of: entry.activities) }, width: width)
        }
        return out
    }

    /// The first cell `width` wide, the others 10, two spaces apart, with no trailing space.
    private static func row(_ cells: [String], width: Int) -> String {
        var line = "  " + pad(cells[0], width) + cells.dropFirst().map { "  " + pad($0, 10) }.joined()
        while line.hasSuffix(" ") { line.removeLast() }
        return line + "\n"
    }

    private static func share(_ count: Int, of total: Int) -> String {
        "\(count) (\(total == 0 ? 100 : count * 100 / total)%)"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }
}
