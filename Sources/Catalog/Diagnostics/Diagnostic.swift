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
///
/// Once configured with the content's `RuleSettings`, a bag keeps every diagnostic as
/// configured (a rule turned off left out, a severity changed), those it held and those
/// appended later, so that whether there are errors is always what will be printed.
public struct DiagnosticBag: Sendable {
    public private(set) var items: [Diagnostic] = []
    public private(set) var settings = RuleSettings()

    public init() {}

    public init(settings: RuleSettings) { self.settings = settings }

    /// Applies `settings` to the diagnostics held and to every one appended from now on.
    public mutating func configure(_ settings: RuleSettings) {
        self.settings = settings
        guard !settings.isEmpty else { return }
        items = items.compactMap(settings.apply)
    }

    public var hasErrors: Bool { items.contains { $0.severity == .error } }
    public var errorCount: Int { items.count { $0.severity == .error } }
    public var warningCount: Int { items.count { $0.severity == .warning } }

    public mutating func append(_ diagnostic: Diagnostic) {
        if settings.isEmpty {
            items.append(diagnostic)
        } else if let configured = settings.apply(diagnostic) {
            items.append(configured)
        }
    }

    public mutating func append(contentsOf other: some Sequence<Diagnostic>) {
        if settings.isEmpty {
            items.append(contentsOf: other)
        } else {
            items.append(contentsOf: other.compactMap(settings.apply))
        }
    }

    public mutating func error(_ rule: RuleID, at location: SourceLocation, _ message: String) {
        append(.error(rule, at: location, message))
    }

    public mutating func warning(_ rule: RuleID, at location: SourceLocation, _ message: String) {
        append(.warning(rule, at: location, message))
    }

    /// Diagnostics in a stable order: by file, line, column, then rule; duplicates removed.
    ///
    /// Sorted first (the sort is stable), then each run of the same place, rule and message
    /// keeps the first of each diagnostic in it (they can differ only by severity): the
    /// same list as removing later duplicates before sorting, without a set of every
    /// diagnostic (a build can have hundreds of thousands).
    ///
    /// The positions are sorted, not the diagnostics: moving a diagnostic retains and
    /// releases its three strings, and sorting 226,000 warnings that way took 0.4 s.
    public var sorted: [Diagnostic] {
        let order = items.withUnsafeBufferPointer { items in
            items.indices.sorted { Self.precedes(items[$0], items[$1]) }
        }
        var unique: [Diagnostic] = []
        unique.reserveCapacity(order.count)
        var run = 0
        for diagnostic in order.lazy.map({ self.items[$0] }) {
            if let last = unique.last, (last.location, last.rule, last.message) == (diagnostic.location, diagnostic.rule, diagnostic.message) {
                if unique[run...].contains(diagnostic) { continue }
            } else {
                run = unique.count
            }
            unique.append(diagnostic)
        }
        return unique
    }

    /// `(a.location, a.rule.rawValue, a.message) < (b.location, …)`, as tuples compare,
    /// field by field without making the tuples (each a copy of the strings).
    private static func precedes(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.location.file != b.location.file { return a.location.file < b.location.file }
        if a.location.line != b.location.line { return a.location.line < b.location.line }
        if a.location.column != b.location.column { return a.location.column < b.location.column }
        if a.rule.rawValue != b.rule.rawValue { return a.rule.rawValue < b.rule.rawValue }
        return a.message < b.message
    }
}
