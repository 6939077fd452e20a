/// The labels of the site's interface in one locale. An author's `site.strings` win,
/// then the built-in table for the full locale (`zh-hans`), then for its language
/// (`es` for `es-us`), then English. Keys are documented in the README; a value may
/// hold placeholders such as `{count}` that `format` fills in.
struct InterfaceStrings: Sendable {
    let locale: LocaleID
    /// Every key, already resolved through the order above: one lookup per label.
    private let table: [String: String]

    init(locale: LocaleID, settings: SiteSettings) {
        self.locale = locale
        let builtIn = Self.builtIn[locale.rawValue] ?? Self.builtIn[locale.language] ?? [:]
        table = Self.english.merging(builtIn) { $1 }.merging(settings.strings[locale] ?? [:]) { $1 }
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

    func typeName(_ type: ContextType) -> String { self["type.\(type.rawValue)"] }
    func topicName(_ topic: Topic) -> String { self["topic.\(topic.rawValue)"] }
    func progressName(_ kind: ProgressKind) -> String { self["progress.\(kind.rawValue)"] }

    static let builtIn: [String: [String: String]] = [
        "en": english, "es": spanish, "zh-hans": simplifiedChinese, "zh": simplifiedChinese,
        "ja": japanese, "ar": arabic,
    ]
}
