/// A stable identifier of a validation rule, as printed in `[brackets]` and documented
/// in docs/DIAGNOSTICS.md.
public struct RuleID: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }
}

/// The documentation of one rule: what it checks, why, an example and the fix.
public struct Rule: Sendable {
    public var id: RuleID
    public var severity: Severity
    public var summary: String
    public var rationale: String
    public var example: String
    public var fix: String
    /// Why `rules:` cannot turn it off or lower it to a warning; nil when it can.
    public var protection: RuleProtection? = nil
}
