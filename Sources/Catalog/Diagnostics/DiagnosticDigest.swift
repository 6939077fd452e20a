/// Text output that stays readable at any scale: each rule's first `perRule` occurrences in
/// the listing's order, then one line per rule that had more (`… and 12,345 more
/// [raw-html]; --all shows every one`), then a table of every rule with its severity,
/// count and first location when the listing is long, then the totals. JSON and GitHub
/// commands are never capped.
public enum DiagnosticDigest {
    /// How many occurrences of one rule the text output shows without `--all`.
    public static let perRule = 20

    /// The table is shown when there are more diagnostics than this (always when a rule
    /// was capped): below it the listing is short enough to read whole.
    public static let tableThreshold = 20

    /// The whole text report of `diagnostics` (already in the spec's order): the listing,
    /// capped per rule unless `all`, the "more" lines, the table and (unless not `totals`)
    /// the totals line.
    public static func text(_ diagnostics: [Diagnostic], all: Bool, excerpts: Bool, colors: Bool = false,
                            totals: Bool = true) -> String {
        guard !diagnostics.isEmpty else { return "" }
        let shown = all ? diagnostics : capped(diagnostics, perRule: perRule)
        var out = DiagnosticFormatter.text(shown, excerpts: excerpts, colors: colors)
        let groups = RuleGroup.groups(of: diagnostics)
        if !all { out += moreLines(groups) }
        if diagnostics.count > tableThreshold { out += table(groups) }
        guard totals else { return out }
        let errors = diagnostics.count { $0.severity == .error }
        return out + DiagnosticFormatter.summaryLine(errors: errors, warnings: diagnostics.count - errors) + "\n"
    }

    /// The diagnostics with each rule's occurrences after its first `perRule` left out.
    static func capped(_ diagnostics: [Diagnostic], perRule limit: Int) -> [Diagnostic] {
        var seen: [RuleID: Int] = [:]
        return diagnostics.filter { diagnostic in
            seen[diagnostic.rule, default: 0] += 1
            return seen[diagnostic.rule]! <= limit
        }
    }

    /// One line for each rule with more than `perRule` occurrences, in rule order.
    static func moreLines(_ groups: [RuleGroup]) -> String {
        var counts: [RuleID: Int] = [:]
        for group in groups { counts[group.rule, default: 0] += group.count }
        return counts.keys.sorted().compactMap { rule in
            let count = counts[rule]!
            guard count > perRule else { return nil }
            return "… and \(grouped(count - perRule)) more [\(ControlCharacters.escaped(rule.rawValue))]; --all shows every one\n"
        }.joined()
    }

    /// Rule, severity, count and first location of every rule, aligned in columns.
    static func table(_ groups: [RuleGroup]) -> String {
        let header = ["rule", "severity", "count", "first location"]
        let rows = groups.map { group in
            [ControlCharacters.escaped(group.rule.rawValue), group.severity.rawValue, grouped(group.count),
             ControlCharacters.escaped(group.first.file) + ":\(group.first.line):\(group.first.column)"]
        }
        let widths = (0..<3).map { column in ([header] + rows).map { $0[column].count }.max()! }
        return ([header] + rows).map { row in
            row[0].padding(toLength: widths[0], withPad: " ", startingAt: 0) + "  "
                + row[1].padding(toLength: widths[1], withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: widths[2] - row[2].count) + row[2] + "  " + row[3] + "\n"
        }.joined()
    }

    /// `12345` as `12,345`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}

/// The diagnostics of one rule at one severity (a rule's severity can differ per file
/// when the content configures it), with how many and where the first one is.
struct RuleGroup: Equatable {
    var rule: RuleID
    var severity: Severity
    var count: Int
    var first: SourceLocation

    /// By rule id, errors before warnings of the same rule.
    static func groups(of diagnostics: [Diagnostic]) -> [RuleGroup] {
        var byKey: [String: RuleGroup] = [:]
        for diagnostic in diagnostics {
            let key = diagnostic.rule.rawValue + "\u{0}" + diagnostic.severity.rawValue
            if byKey[key] == nil {
                byKey[key] = RuleGroup(rule: diagnostic.rule, severity: diagnostic.severity, count: 0,
                                       first: diagnostic.location)
            }
            byKey[key]!.count += 1
        }
        return byKey.values.sorted { ($0.rule.rawValue, $1.severity) < ($1.rule.rawValue, $0.severity) }
    }
}
