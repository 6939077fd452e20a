/// Where a diagnostic points: a file as the user should see it, and a 1-based line and column.
///
/// Columns count Unicode characters (as Yams does); cmark's UTF-8 byte columns are
/// converted once, in `Rendering/SourceColumns.swift`.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int = 1, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

public enum Severity: String, Sendable, Comparable, Codable {
    case warning
    case error

    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}

/// One problem found in content or configuration.
public struct Diagnostic: Hashable, Sendable {
    public var rule: RuleID
    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(_ rule: RuleID, _ severity: Severity? = nil, at location: SourceLocation, _ message: String) {
        self.rule = rule
        self.severity = severity ?? Rules.rule(rule).severity
        self.location = location
        self.message = message
    }

    public static func error(_ rule: RuleID, at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(rule, .error, at: location, message)
    }

    public static func warning(_ rule: RuleID, at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(rule, .warning, at: location, message)
    }
}

/// Collects diagnostics from every stage; the stages never stop at the first problem.
public struct DiagnosticBag: Sendable {
    public private(set) var items: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { items.contains { $0.severity == .error } }
    public var errorCount: Int { items.count { $0.severity == .error } }
    public var warningCount: Int { items.count { $0.severity == .warning } }

    public mutating func append(_ diagnostic: Diagnostic) { items.append(diagnostic) }
    public mutating func append(contentsOf other: some Sequence<Diagnostic>) { items.append(contentsOf: other) }

    public mutating func error(_ rule: RuleID, at location: SourceLocation, _ message: String) {
        items.append(.error(rule, at: location, message))
    }

    public mutating func warning(_ rule: RuleID, at location: SourceLocation, _ message: String) {
        items.append(.warning(rule, at: location, message))
    }

    /// Diagnostics in a stable order: by file, line, column, then rule; duplicates removed.
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return items
            .filter { seen.insert($0).inserted }
            .sorted { ($0.location, $0.rule.rawValue, $0.message) < ($1.location, $1.rule.rawValue, $1.message) }
    }
}
