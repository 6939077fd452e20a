/// The labels of the site's interface in one locale. An author's `site.strings` win,
/// then the built-in table found by `tableName(for:)` (the full locale, then its
/// parents: `zh-tw` → `zh-hant`, `pt-ao` → `pt-pt`, `es-mx` → `es`), then English. Keys
/// are documented in the README; a value may hold placeholders such as `{count}` that
/// `format` fills in, and a label with a number has a variant per CLDR plural category
/// (`ageExact.one`, `ageExact.few`…) beside its `other` form (`ageExact`).
struct InterfaceStrings: Sendable {
    let locale: LocaleID
    /// The built-in table the labels come from (`pt-pt`, `zh-hant`), or `en`: its
    /// plural rules pick the variants.
    let tableName: String
    /// Every key, already resolved through the order above: one lookup per label.
    private let table: [String: String]

    /// The keys that have plural variants.
    static let pluralKeys = ["ageRange", "ageFrom", "ageExact", "minutes", "hours", "results"]

    init(locale: LocaleID, settings: SiteSettings) {
        self.locale = locale
        let name = Self.tableName(for: locale)
        tableName = name ?? "en"
        var table = Self.english
        if let name, let builtIn = Self.builtIn[name] { Self.overlay(builtIn, on: &table) }
        Self.overlay(settings.strings[locale] ?? [:], on: &table)
        self.table = table
    }

    /// Lays `layer` over `table`. A layer that sets a plural key's `other` form replaces
    /// its variants too, so that English's "1 year" never shows beside a translation.
    private static func overlay(_ layer: [String: String], on table: inout [String: String]) {
        for key in pluralKeys where layer[key] != nil {
            for category in PluralCategory.allCases { table["\(key).\(category.rawValue)"] = nil }
        }
        table.merge(layer) { $1 }
    }

    subscript(key: String) -> String { table[key] ?? key }

    /// The string for `key` with `{name}` placeholders replaced. Runs for every card's
    /// age and time, so it scans once instead of searching for each placeholder.
    func format(_ key: String, _ values: [String: String]) -> String {
        let template = self[key]
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var out = ""
        out.reserveCapacity(template.utf8.count + 16)
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            out += values[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// `format` with the variant of `key` for `category` (its `other` form when the table has none).
    func format(_ key: String, _ category: PluralCategory, _ values: [String: String]) -> String {
        guard category != .other else { return format(key, values) }
        let variant = "\(key).\(category.rawValue)"
        return format(table[variant] == nil ? key : variant, values)
    }

    /// The plural category of a number, and of a range such as "9–11", in this table's language.
    func category(_ n: Int64) -> PluralCategory { PluralRules.category(n, language: tableName) }
    func category(_ start: Int64, _ end: Int64) -> PluralCategory {
        PluralRules.rangeCategory(start, end, language: tableName)
    }

    /// The variants of a plural key that the table has, in CLDR's order (`other` left out).
    func variants(_ key: String) -> [(category: PluralCategory, text: String)] {
        PluralCategory.allCases.compactMap { category in
            category == .other ? nil : table["\(key).\(category.rawValue)"].map { (category, $0) }
        }
    }

    func typeName(_ type: ContextType) -> String { self["type.\(type.rawValue)"] }
    func topicName(_ topic: Topic) -> String { self["topic.\(topic.rawValue)"] }
    func progressName(_ kind: ProgressKind) -> String { self["progress.\(kind.rawValue)"] }
}
