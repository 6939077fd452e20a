/// Reads a `rules:` map (in catalog.yml or a file's front matter): rule id → error,
/// warning or off. Unknown ids, other values and protected rules lowered are errors at
/// their position; only the valid entries are returned.
enum RuleConfigReader {
    static func read(_ node: YAMLNode, reader: inout FieldReader) -> [RuleID: RuleLevel] {
        guard case .mapping(let pairs) = node.value else {
            reader.diagnostics.error("value-type", at: node.location,
                                     "rules must be a map of rule ids to error, warning or off (found \(node.kindName)), e.g. rules: {raw-html: off}")
            return [:]
        }
        var levels: [RuleID: RuleLevel] = [:]
        for pair in pairs {
            guard let rule = Rules.byID[RuleID(rawValue: pair.key)] else {
                reportUnknown(pair, into: &reader.diagnostics)
                continue
            }
            if let level = level(of: pair, rule: rule, reader: &reader) { levels[rule.id] = level }
        }
        return levels
    }

    private static func reportUnknown(_ pair: YAMLPair, into bag: inout DiagnosticBag) {
        let ids = Rules.all.map(\.id.rawValue)
        let hint = Suggestions.closest(to: pair.key, in: ids).map { "did you mean '\($0)'? " } ?? ""
        bag.error("rule-unknown", at: pair.keyLocation,
                  "unknown rule '\(pair.key)' in rules; \(hint)`catalog-build rules` lists every rule")
    }

    private static func level(of pair: YAMLPair, rule: Rule, reader: inout FieldReader) -> RuleLevel? {
        guard let text = reader.text("rules: \(pair.key)", pair.value) else { return nil }
        guard let level = RuleLevel(rawValue: text.value) else {
            let names = RuleLevel.allCases.map(\.rawValue), lowered = text.value.lowercased()
            // `warn` and `err` are what other linters accept: too short for an edit distance.
            let prefixed = lowered.isEmpty ? nil : names.first { $0.hasPrefix(lowered) }
            let hint = (prefixed ?? Suggestions.closest(to: text.value, in: names)).map { "did you mean '\($0)'? " } ?? ""
            reader.diagnostics.error("rule-severity", at: text.location,
                                     "rule '\(pair.key)' cannot be set to '\(text.value)'; \(hint)use error, warning or off")
            return nil
        }
        if let protection = rule.protection, level.lowers(rule.severity) {
            let change = level == .off ? "turned off" : "lowered to a warning"
            reader.diagnostics.error("rule-severity", at: text.location,
                                     "rule '\(pair.key)' cannot be \(change): \(protection.reason); remove it from rules and correct the content")
            return nil
        }
        return level
    }
}
