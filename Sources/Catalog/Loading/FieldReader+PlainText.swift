/// Fields shown as text (titles, summaries, keywords): control characters in them are
/// reported and left out (`text-control-character`), HTML markup is reported (`text-markup`)
/// and its text is used (`TextMarkup`), so payloads, pages and search never carry either.
extension FieldReader {
    mutating func plainText(_ key: String, _ node: YAMLNode) -> Located<String>? {
        guard var read = text(key, node) else { return nil }
        if let cleaned = ControlCharacters.removingInvisibleControls(read.value) {
            diagnostics.warning("text-control-character", at: read.location,
                                "\(key) holds the control character \(ControlCharacters.code(cleaned.first)), which no reader sees, so it is left out; remove the escape that wrote it")
            read = Located(value: cleaned.text, location: read.location)
        }
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
