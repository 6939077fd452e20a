/// Builds HTML text. Text and attribute values always go through `HTMLEscaping`;
/// only markup that this module writes itself is appended raw.
struct HTMLBuilder {
    private(set) var out = ""

    init(capacity: Int = 8192) { out.reserveCapacity(capacity) }

    mutating func raw(_ markup: String) { out += markup }

    /// Lets `write` append markup it escapes itself (the Markdown renderer's) in place.
    mutating func raw(writing write: (inout String) -> Void) { write(&out) }

    mutating func text(_ text: String) { HTMLEscaping.escape(text, into: &out) }

    /// `<tag a="v" …>`; attributes whose value is nil are left out, "" writes a bare name.
    mutating func open(_ tag: String, _ attributes: KeyValuePairs<String, String?> = [:]) {
        out += "<"
        out += tag
        for (name, value) in attributes {
            guard let value else { continue }
            out += " "
            out += name
            if value.isEmpty { continue }
            out += "=\""
            HTMLEscaping.escape(value, into: &out)
            out += "\""
        }
        out += ">"
    }

    mutating func close(_ tag: String) {
        out += "</"
        out += tag
        out += ">"
    }

    /// An element holding escaped text.
    mutating func element(_ tag: String, _ attributes: KeyValuePairs<String, String?> = [:], text: String) {
        open(tag, attributes)
        self.text(text)
        close(tag)
    }

    mutating func newline() { out += "\n" }
}

/// The `lang` and `dir` a piece of text needs inside a page of another locale: set only
/// when the text is a fallback in the default locale.
struct TextLanguage: Sendable {
    var lang: String?
    var dir: String?

    static let inherit = TextLanguage(lang: nil, dir: nil)

    static func of(_ version: ContextVersion, page: LocaleID, defaultLocale: LocaleID) -> TextLanguage {
        guard version.isFallback, page != defaultLocale else { return .inherit }
        let direction = defaultLocale.isRightToLeft == page.isRightToLeft ? nil : (defaultLocale.isRightToLeft ? "rtl" : "ltr")
        return TextLanguage(lang: defaultLocale.rawValue, dir: direction)
    }
}
