/// The labels of the site's interface in one locale. An author's `site.strings` win,
/// then the built-in table for the full locale (`zh-hans`), then for its language
/// (`es` for `es-us`), then English. Keys are documented in the README; a value may
/// hold placeholders such as `{count}` that `format` fills in.
struct InterfaceStrings: Sendable {
    let locale: LocaleID
    private let overrides: [String: String]
    private let table: [String: String]

    init(locale: LocaleID, settings: SiteSettings) {
        self.locale = locale
        overrides = settings.strings[locale] ?? [:]
        table = Self.builtIn[locale.rawValue] ?? Self.builtIn[locale.language] ?? [:]
    }

    subscript(key: String) -> String {
        overrides[key] ?? table[key] ?? Self.english[key] ?? key
    }

    /// The string for `key` with `{name}` placeholders replaced.
    func format(_ key: String, _ values: [String: String]) -> String {
        var text = self[key]
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    func typeName(_ type: ContextType) -> String { self["type.\(type.rawValue)"] }
    func topicName(_ topic: Topic) -> String { self["topic.\(topic.rawValue)"] }
    func progressName(_ kind: ProgressKind) -> String { self["progress.\(kind.rawValue)"] }

    static let builtIn: [String: [String: String]] = [
        "en": english, "es": spanish, "zh-hans": simplifiedChinese, "zh": simplifiedChinese,
        "ja": japanese, "ar": arabic,
    ]
}
