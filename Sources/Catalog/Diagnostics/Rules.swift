/// The registry of every rule the tool reports. docs/DIAGNOSTICS.md is generated from it
/// (`catalog-build rules --markdown`), and a test guards that every rule has a fixture
/// under Tests/Fixtures/rules/ and an entry in the document.
public enum Rules {
    public static func rule(_ id: RuleID) -> Rule {
        byID[id] ?? Rule(id: id, severity: .error, summary: "", rationale: "", example: "", fix: "")
    }

    public static let byID: [RuleID: Rule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    public static let all: [Rule] = (fileRules + catalogRules + frontMatterRules + hierarchyRules
        + translationRules + bodyRules + thumbnailRules + practiceRules + configurationRules + invocationRules)
        .map { rule in var rule = rule; rule.protection = protection(of: rule); return rule }
        .sorted { $0.id < $1.id }
}

extension Rule {
    init(_ id: RuleID, _ severity: Severity, _ summary: String, why: String, example: String, fix: String) {
        self.init(id: id, severity: severity, summary: summary, rationale: why, example: example, fix: fix)
    }
}
