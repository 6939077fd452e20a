/// Why a rule cannot be turned off or lowered to a warning by `rules:` (content-format
/// rule configuration). Every error rule is protected; warnings can be turned off or
/// raised to errors.
public enum RuleProtection: String, Sendable {
    case payload, reading, safety, contract, configuration

    /// The reason, as `rules` and docs/DIAGNOSTICS.md show it and a refused `rules:` entry says.
    public var reason: String {
        switch self {
        case .payload:
            "it keeps the payloads valid: Apple's Catalog API rejects a context that breaks it, or teachers would see it wrong"
        case .reading:
            "without it the tool cannot tell what the content says: a build would publish something other than what was written"
        case .safety:
            "it keeps hostile or broken content from writing outside the output, running script on the site or exhausting memory (SECURITY.md)"
        case .contract:
            "the content format makes it an error, and scripts and pipelines rely on the build failing for it"
        case .configuration:
            "it reports a mistake in the rule configuration itself"
        }
    }
}

extension Rules {
    /// The protection of each error rule; an error rule missing here is protected as
    /// `.contract` (and `RuleSettingsTests` fails until it is listed).
    static let protections: [RuleID: RuleProtection] = {
        let groups: [RuleProtection: [RuleID]] = [
            .payload: ["title-required", "title-length", "summary-length", "identifier-invalid", "context-type",
                       "custom-type-name", "topic", "age-range", "completion-time", "progress-reporting", "bundle-version",
                       "universal-link", "identifier-duplicate", "depth-limit", "identifier-path-length", "children-limit",
                       "catalog-required", "bundle-identifier", "locale-invalid", "default-locale", "translation-progress",
                       "thumbnail-missing", "thumbnail-format", "thumbnail-too-small"],
            .reading: ["encoding", "yaml-syntax", "front-matter-unclosed", "duplicate-key", "value-type", "directory-index",
                       "catalog-missing", "home-front-matter", "translation-orphan", "translation-default-locale",
                       "translation-field", "thumbnail-fit"],
            .safety: ["identifier-unsafe", "path-outside-content", "file-not-regular", "file-too-large", "yaml-too-large",
                      "thumbnail-too-large", "thumbnail-memory", "thumbnail-scans", "body-too-deep", "body-too-large",
                      "link-active-file", "link-hidden-file", "link-private-key", "svg-invalid"],
            .contract: ["link-broken", "missing-translation", "command-line", "content-not-found", "output-unusable"],
            .configuration: ["rule-unknown", "rule-severity"],
        ]
        var table: [RuleID: RuleProtection] = [:]
        for (protection, rules) in groups { for rule in rules { table[rule] = protection } }
        return table
    }()

    static func protection(of rule: Rule) -> RuleProtection? {
        protections[rule.id] ?? (rule.severity == .error ? .contract : nil)
    }
}

extension Rules {
    static let configurationRules: [Rule] = [
        Rule("rule-unknown", .error, "`rules:` names only rules that exist.",
             why: "A misspelt rule id would leave the rule as it was while the writer believes it changed.",
             example: "rules:\\n  raw-htm: off",
             fix: "Use a rule id from this page (`catalog-build rules` lists them); the message suggests the closest one."),
        Rule("rule-severity", .error, "`rules:` sets each rule to error, warning or off, and never lowers a protected rule.",
             why: "Any other value would be a guess; protected rules keep the payloads valid, the content readable and the site safe.",
             example: "rules:\\n  title-required: off   # protected\\n  raw-html-removed: warn  # not error, warning or off",
             fix: "Write error, warning or off; for a protected rule, correct the content instead (each rule's entry says why it is protected)."),
    ]
}
