import Foundation

/// docs/DIAGNOSTICS.md, rendered from the rule registry so that the document can never
/// drift from the rules the tool reports (a test compares the committed file with this).
public enum RuleCatalogue {
    public static let regenerateCommand = "swift run catalog-build rules --markdown > docs/DIAGNOSTICS.md"

    /// The whole document: an index table, then one section per rule in id order.
    public static func markdown(_ rules: [Rule] = Rules.all) -> String {
        var out = """
            # Diagnostics

            <!-- Generated from Sources/Catalog/Diagnostics/Rules*.swift; do not edit.
                 Regenerate with: \(regenerateCommand) -->

            Every problem `catalog-build validate` or `build` reports names one of these rules
            in brackets (`[age-range]`), in the `rule` field of `--format json` and in the
            `title` of `--format github`. Errors make `validate` and `build` exit with status 1;
            warnings are printed and do not, unless `--strict` is given. Positions point at the
            offending value; a problem with a whole file points at its line 1, column 1.
            `catalog-build rules ID` prints one rule's section in the terminal.

            `rules:` in catalog.yml (every file) or in a file's front matter (that file only) sets
            a rule to `error`, `warning` or `off` ([CONTENT-FORMAT.md](CONTENT-FORMAT.md#configuring-the-rules)). Warnings can be
            turned off or made errors; the rules marked protected cannot be turned off or
            lowered to a warning, and each says why.


            """
        out += "| Rule | Severity | Configurable | What it checks |\n|---|---|---|---|\n"
        for rule in rules {
            let configurable = rule.protection == nil ? "yes" : "protected"
            out += "| [`\(rule.id)`](#\(rule.id)) | \(rule.severity.rawValue) | \(configurable) | \(tableCell(rule.summary)) |\n"
        }
        for rule in rules { out += "\n" + section(rule) }
        return out
    }

    /// One rule: heading, severity, what it checks, why, an example, the fix and whether
    /// `rules:` may change it.
    static func section(_ rule: Rule) -> String {
        """
        ## \(rule.id)

        **Severity:** \(rule.severity.rawValue)

        \(rule.summary)

        **Why:** \(rule.rationale)

        **Example:**

        \(example(rule.example))

        **Fix:** \(rule.fix)

        **Configurable:** \(configurable(rule))

        """
    }

    /// Whether `rules:` may change the rule, and why not when it may not.
    static func configurable(_ rule: Rule) -> String {
        guard let protection = rule.protection else {
            return "yes: `rules:` can turn it off or make it " + (rule.severity == .error ? "a warning." : "an error.")
        }
        return "no, it is protected: " + protection.reason + "."
    }

    /// Examples with written-out line breaks (`\n` in the registry) are YAML and shown as
    /// a code block; the others are prose.
    static func example(_ text: String) -> String {
        guard text.contains("\\n") else { return text }
        return "```yaml\n" + text.replacingOccurrences(of: "\\n", with: "\n") + "\n```"
    }

    /// A table cell cannot hold `|` or a line break.
    private static func tableCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// `catalog-build rules ID`: one rule explained for the terminal, as `cargo --explain`
    /// does: what it checks, why, an example of the problem and the fix.
    public static func explanation(_ rule: Rule) -> String {
        let example = rule.example.contains("\\n")
            ? "\n" + rule.example.components(separatedBy: "\\n").map { "    " + $0 }.joined(separator: "\n")
            : " " + rule.example
        return """
            \(rule.id) (\(rule.severity.rawValue)): \(rule.summary)

            Why: \(rule.rationale)

            Example of the problem:\(example)

            Fix: \(rule.fix)

            """
    }

    /// `catalog-build rules` without `--markdown`: one line per rule.
    public static func list(_ rules: [Rule] = Rules.all) -> String {
        let width = rules.map(\.id.rawValue.count).max() ?? 0
        return rules.map { rule in
            rule.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0) + "  "
                + (rule.protection == nil ? "configurable" : "protected   ") + "  " + rule.summary
        }.joined(separator: "\n") + "\n"
    }
}
