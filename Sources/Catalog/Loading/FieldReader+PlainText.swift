/// Fields shown as text (titles, summaries, keywords): HTML markup in them is reported
/// (`text-markup`) and its text is used (`TextMarkup`), so payloads, pages and search never
/// carry tags.
extension FieldReader {
    mutating func plainText(_ key: String, _ node: YAMLNode) -> Located<String>? {
        guard let read = text(key, node) else { return nil }
        guard let found = TextMarkup.plainText(of: read.value) else { return read }
        diagnostics.warning("text-markup", at: read.location,
                            "\(key) holds HTML markup (`\(found.first)`), but it is shown as text, so its text without the markup is used; write plain text (the site shows titles as text)")
        return Located(value: found.text, location: read.location)
    }

    mutating func plainTextList(_ key: String, _ node: YAMLNode) -> Located<[String]>? {
        list(key, node) { reader, item in reader.plainText(key, item) }
    }

    /// Text, or a map of locale → text, each read by `plainText`.
    mutating func localizedPlainText(_ key: String, _ node: YAMLNode) -> Localized<String>? {
        localized(key, node) { reader, node in reader.plainText(key, node)?.value }
    }

    /// A list of text, or a map of locale → list of text, each item read by `plainText`.
    mutating func localizedPlainList(_ key: String, _ node: YAMLNode) -> Localized<[String]>? {
        localized(key, node) { reader, node in reader.plainTextList(key, node)?.value }
    }
}
