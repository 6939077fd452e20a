import Foundation

/// The range syntaxes of suggestedAge and suggestedCompletionTime (content-format.md §3).
enum RangeSyntax {
    enum Failure: Error, Equatable {
        case malformed
        case negative
        case notWhole
        case reversed(lower: Int64, upper: Int64)
    }

    /// `9-11`, `9+`, `9` or `[9, 11]`, in whole years.
    static func age(_ node: YAMLNode) -> Result<ClosedIntRange, Failure> {
        if case .sequence(let items) = node.value { return pair(items, unit: 1) }
        guard let text = node.scalar else { return .failure(.malformed) }
        return parse(text, units: [:])
    }

    /// `N`, `N-M` or `N+` with an optional unit (minutes by default), or `[15, 20]`.
    static func completionTime(_ node: YAMLNode) -> Result<ClosedIntRange, Failure> {
        if case .sequence(let items) = node.value { return pair(items, unit: 1) }
        guard let text = node.scalar else { return .failure(.malformed) }
        return parse(text, units: timeUnits)
    }

    static let timeUnits: [String: Decimal] = {
        var units: [String: Decimal] = [:]
        for name in ["m", "min", "mins", "minute", "minutes"] { units[name] = 1 }
        for name in ["h", "hr", "hrs", "hour", "hours"] { units[name] = 60 }
        return units
    }()

    private static func pair(_ items: [YAMLNode], unit: Decimal) -> Result<ClosedIntRange, Failure> {
        if items.contains(where: { $0.scalar.map(isNegativeNumber) == true }) { return .failure(.negative) }
        guard items.count == 2, let low = items[0].scalar, let high = items[1].scalar,
              items.allSatisfy({ $0.isPlainNumber }) else { return .failure(.malformed) }
        return bounds(low, high, multiplier: unit)
    }

    /// Parses `lower[-upper|+][ unit]`; with no unit allowed (`units` empty) a unit is malformed.
    private static func parse(_ raw: String, units: [String: Decimal]) -> Result<ClosedIntRange, Failure> {
        parseSimple(raw, units: units) ?? parseGeneral(raw, units: units)
    }

    /// Every form, with Unicode spaces, en dashes, decimals and their diagnostics.
    static func parseGeneral(_ raw: String, units: [String: Decimal]) -> Result<ClosedIntRange, Failure> {
        var text = raw.trimmingSpaces.lowercased()
        if isNegativeNumber(text) { return .failure(.negative) }
        var multiplier: Decimal = 1
        if let unitStart = text.lastIndex(where: { $0.isNumber || $0 == "+" }).map(text.index(after:)),
           unitStart < text.endIndex {
            let unit = text[unitStart...].trimmingSpaces
            guard let factor = units[unit] else { return .failure(.malformed) }
            multiplier = factor
            text = text[..<unitStart].trimmingSpaces
        }
        if text.hasSuffix("+") {
            let lower = text.dropLast().trimmingSpaces
            return whole(lower, multiplier).map { ClosedIntRange(lower: $0, upper: ClosedIntRange.unboundedUpper) }
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "–", omittingEmptySubsequences: false) }
            .map { $0.trimmingSpaces }
        switch parts.count {
        case 1: return bounds(parts[0], parts[0], multiplier: multiplier)
        case 2: return bounds(parts[0], parts[1], multiplier: multiplier)
        default: return .failure(.malformed)
        }
    }

    private static func bounds(_ low: String, _ high: String, multiplier: Decimal) -> Result<ClosedIntRange, Failure> {
        whole(low, multiplier).flatMap { lower in
            whole(high, multiplier).flatMap { upper in
                lower <= upper ? .success(ClosedIntRange(lower: lower, upper: upper))
                    : .failure(.reversed(lower: lower, upper: upper))
            }
        }
    }

    /// `-3`, `-1.5 h`: a minus sign before a number (not a range separator).
    private static func isNegativeNumber(_ text: String) -> Bool {
        let trimmed = text.trimmingSpaces
        return trimmed.hasPrefix("-") && trimmed.dropFirst().first?.isNumber == true
    }

    /// A non-negative decimal times the unit, which must come out whole.
    private static func whole(_ text: String, _ multiplier: Decimal) -> Result<Int64, Failure> {
        // Fast path for the common case, plain digits and a whole unit: no Decimal, no Locale.
        if text.utf8.count <= 15, !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
           let value = Int64(text), let factor: Int64 = multiplier == 1 ? 1 : multiplier == 60 ? 60 : nil {
            let product = value * factor
            return product < ClosedIntRange.unboundedUpper ? .success(product) : .failure(.malformed)
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              text.first != ".", text.filter({ $0 == "." }).count <= 1,
              let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            return .failure(.malformed)
        }
        var product = number * multiplier, rounded = Decimal()
        NSDecimalRound(&rounded, &product, 0, .plain)
        guard rounded == product else { return .failure(.notWhole) }
        guard rounded < Decimal(ClosedIntRange.unboundedUpper) else { return .failure(.malformed) }
        return .success(NSDecimalNumber(decimal: rounded).int64Value)
    }
}

extension YAMLNode {
    /// A plain scalar made of digits and at most one dot.
    var isPlainNumber: Bool {
        guard case .scalar(let text, true) = value, !text.isEmpty else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }
}
