/// What a rule is set to by the content's `rules:` (in catalog.yml, or in one file's
/// front matter): reported as an error, as a warning, or not at all.
public enum RuleLevel: String, CaseIterable, Sendable {
    case error, warning, off
}

/// A file's own `rules:`, with the file as diagnostics name it (its display path).
struct FileRuleLevels: Equatable, Sendable {
    var file: String
    var levels: [RuleID: RuleLevel]
}

/// The content's rule configuration: catalog.yml's `rules:` for every file, each file's
/// front matter `rules:` for that file (it wins). Only valid entries get here: known rules,
/// and protected rules never lowered (`RuleConfigReader` reports the others).
///
/// Applied where diagnostics are collected (`DiagnosticBag.configure`), so that `build`,
/// `validate` and `serve` agree on what is printed and on whether there are errors.
public struct RuleSettings: Equatable, Sendable {
    var catalog: [RuleID: RuleLevel] = [:]
    var files: [String: [RuleID: RuleLevel]] = [:]

    public init() {}

    init(catalog: [RuleID: RuleLevel], files: [FileRuleLevels]) {
        self.catalog = catalog
        for file in files where !file.levels.isEmpty { self.files[file.file] = file.levels }
    }

    public var isEmpty: Bool { catalog.isEmpty && files.isEmpty }

    /// The diagnostic as configured: nil when its rule is off, else with the configured
    /// severity. Applying it twice gives the same as once.
    public func apply(_ diagnostic: Diagnostic) -> Diagnostic? {
        guard let level = files[diagnostic.location.file]?[diagnostic.rule] ?? catalog[diagnostic.rule] else {
            return diagnostic
        }
        // Never lowered, whatever made the settings (the reader refuses such an entry).
        if Rules.rule(diagnostic.rule).protection != nil, level.lowers(diagnostic.severity) { return diagnostic }
        var configured = diagnostic
        switch level {
        case .off: return nil
        case .warning: configured.severity = .warning
        case .error: configured.severity = .error
        }
        return configured
    }
}

extension RuleLevel {
    /// Whether this level reports less than `severity`: off always, warning for an error.
    func lowers(_ severity: Severity) -> Bool {
        self == .off || (self == .warning && severity == .error)
    }
}
