import Foundation

/// One field in which Apple's copy of a context differs from the build's.
public struct FieldDifference: Sendable, Equatable {
    /// `data.title`, `metadata.keywords` and the like.
    public var field: String
    /// Nil when that side does not have the field.
    public var local: JSON?
    public var remote: JSON?
}

/// Compares a context as `build` wrote it with the version Get a Context returns, field by
/// field, after undoing what Apple documents it does to a stored context: numbers come
/// back as strings (catalog-api.md §6.2), a `duration` capability with empty details is
/// added when none is given (§2.5), absent fields take their defaults (`displayOrder` 0,
/// `isAssignable` true, ranges unbounded, `presentableLocales` the locale; §2.4, §2.6),
/// `customTypeName` counts only for `custom` (F5), and 2^63−1 and 2^63−2 both mean no
/// upper bound (§7, item 4). Key order never counts.
public enum ContextComparison {
    public static func differences(local: JSON, remote: JSON) -> [FieldDifference] {
        ["data", "metadata"].flatMap { section in
            let mine = normalized(section, of: local), theirs = normalized(section, of: remote)
            let names = mine.map(\.0) + theirs.map(\.0).filter { name in !mine.contains { $0.0 == name } }
            return names.compactMap { name in
                let a = mine.first { $0.0 == name }?.1, b = theirs.first { $0.0 == name }?.1
                return a == b ? nil : FieldDifference(field: section + "." + name, local: a, remote: b)
            }
        }
    }

    /// The key a context in a `ContextsResponse` is the version of, its locale compared as
    /// `Foundation.Locale` would (case and `_` or `-` do not matter).
    static func isVersion(_ context: JSON, of key: ContextKey) -> Bool {
        guard let path = context["data"]?["identifierPath"]?.arrayValue?.compactMap(\.stringValue),
              let locale = context["metadata"]?["locale"]?.stringValue else { return false }
        return path == key.identifierPath && localeForm(locale) == localeForm(key.locale)
    }

    static let unbounded: Int64 = Int64.max - 1

    private static func normalized(_ section: String, of context: JSON) -> [(String, JSON)] {
        guard case .object(let pairs)? = context[section] else { return [] }
        var fields = pairs.map { ($0.0, canonical($0.1)) }
        func set(_ name: String, _ change: (JSON?) -> JSON?) {
            let value = change(fields.first { $0.0 == name }?.1)
            fields.removeAll { $0.0 == name }
            if let value { fields.append((name, value)) }
        }
        if section == "data" {
            set("displayOrder") { integer($0 ?? .int(0)) }
            set("isAssignable") { $0 ?? .bool(true) }
            for range in ["suggestedAge", "suggestedCompletionTime"] {
                set(range) { bounds($0 ?? .array([.int(0), .int(unbounded)])) }
            }
            set("progressReportingCapabilities") { capabilities($0) }
            if fields.first(where: { $0.0 == "type" })?.1 != .string("custom") { set("customTypeName") { _ in nil } }
        } else {
            let locale = fields.first { $0.0 == "locale" }?.1.stringValue.map(localeForm)
            set("locale") { _ in locale.map(JSON.string) }
            set("presentableLocales") { value in value ?? locale.map { JSON.strings([$0]) } }
        }
        return fields.sorted { $0.0 < $1.0 }
    }

    /// Objects with their keys sorted, at every depth.
    static func canonical(_ value: JSON) -> JSON {
        switch value {
        case .object(let pairs): .object(pairs.map { ($0.0, canonical($0.1)) }.sorted { $0.0 < $1.0 })
        case .array(let items): .array(items.map(canonical))
        default: value
        }
    }

    private static func integer(_ value: JSON) -> JSON {
        switch value {
        case .string(let text): Int64(text).map(JSON.int) ?? value
        case .double(let number) where number.rounded() == number && abs(number) < 9e18: .int(Int64(number))
        default: value
        }
    }

    private static func bounds(_ value: JSON) -> JSON {
        guard let items = value.arrayValue else { return value }
        return .array(items.map(integer).map { $0.intValue.map { .int(min($0, unbounded)) } ?? $0 })
    }

    /// A set: order does not count, and `{"kind":"duration","details":""}` is what Apple adds
    /// when none is given, so it counts as absent on either side.
    private static func capabilities(_ value: JSON?) -> JSON? {
        guard let items = value?.arrayValue else { return value }
        let implicit = canonical(.fields(["kind": .string("duration"), "details": .string("")]))
        let kept = items.filter { $0 != implicit }.sorted { $0.serialized() < $1.serialized() }
        return kept.isEmpty ? nil : .array(kept)
    }

    private static func localeForm(_ locale: String) -> String {
        locale.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
