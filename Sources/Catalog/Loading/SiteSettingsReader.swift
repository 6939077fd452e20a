/// `site:` in catalog.yml: the HTML catalog's title, base URL and branding.
enum SiteSettingsReader {
    static func read(_ node: YAMLNode, reader: inout FieldReader) -> SiteSettings {
        guard case .mapping(let pairs) = node.value else {
            reader.typeError("site", node, expected: "a map with title, baseURL, logo, accentColor, stylesheet or strings")
            return SiteSettings()
        }
        let fields = KeyedFields(pairs, known: CatalogConfig.siteKeys, into: &reader.diagnostics)
        var site = SiteSettings()
        if let title = fields["title"].flatMap({ reader.localizedPlainText("site.title", $0) }) {
            site.title = title.plain.map { plain in
                Dictionary(uniqueKeysWithValues: reader.locales.map { ($0, plain) })
            } ?? title.byLocale
        }
        if let base = fields["baseURL"].flatMap({ baseURL($0, reader: &reader) }) {
            site.baseURL = base.hasSuffix("/") ? base : base + "/"
        }
        if let logo = fields["logo"].flatMap({ reader.text("site.logo", $0) }) {
            (site.logo, site.logoLocation) = (logo.value, logo.location)
        }
        if let stylesheet = fields["stylesheet"].flatMap({ reader.text("site.stylesheet", $0) }) {
            (site.stylesheet, site.stylesheetLocation) = (stylesheet.value, stylesheet.location)
        }
        site.accentColor = fields["accentColor"].flatMap { accentColor($0, reader: &reader) }
        site.strings = fields["strings"].map { strings($0, reader: &reader) } ?? [:]
        return site
    }

    /// The site's whole address (`https://books.example.com/books/`) or a path (`/books/`).
    /// It starts every page's canonical link and structured data and the sitemap's URLs,
    /// so a value that is no URL (a space, a quote, `<`, another scheme) is refused rather
    /// than written there.
    private static func baseURL(_ node: YAMLNode, reader: inout FieldReader) -> String? {
        guard let text = reader.text("site.baseURL", node) else { return nil }
        if let problem = baseURLProblem(text.value) {
            reader.diagnostics.error("value-type", at: text.location,
                                     "site.baseURL '\(text.value)' \(problem); write the site's address, such as \"https://books.example.com/books/\", or a path such as \"/books/\"")
            return nil
        }
        return text.value
    }

    /// Why `value` cannot be a base URL; nil when it can.
    static func baseURLProblem(_ value: String) -> String? {
        if let bad = value.unicodeScalars.first(where: { !isURLScalar($0) }) {
            let shown = bad.isASCII && bad.value > 0x20 && bad.value < 0x7F ? "'\(bad)'" : String(format: "U+%04X", bad.value)
            return "holds \(shown), which a URL cannot"
        }
        let scheme = value.prefix { $0 != ":" && $0 != "/" && $0 != "?" && $0 != "#" }
        guard scheme.count < value.count, value[scheme.endIndex] == ":" else { return nil }  // a path
        return SharedFields.isAbsoluteURL(value) ? nil : "is not an http or https address"
    }

    /// Scalars a URL may hold as they are (RFC 3986), and any beyond ASCII, which browsers
    /// encode; not the ones HTML or a URL would read as something else.
    private static func isURLScalar(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control }
        return scalar.value > 0x20 && scalar.value < 0x7F && !"\"<>\\^`{|}".unicodeScalars.contains(scalar)
    }

    private static func accentColor(_ node: YAMLNode, reader: inout FieldReader) -> String? {
        guard let text = reader.text("site.accentColor", node) else { return nil }
        let hex = text.value.dropFirst()
        guard text.value.first == "#", hex.count == 6, hex.allSatisfy(\.isHexDigit) else {
            reader.diagnostics.error("value-type", at: text.location,
                                     "site.accentColor '\(text.value)' must be a colour such as \"#0a6cff\" (quoted)")
            return nil
        }
        return text.value.lowercased()
    }

    /// `strings: {es-us: {suggestedAge: "Edad"}}`: interface strings the author overrides.
    private static func strings(_ node: YAMLNode, reader: inout FieldReader) -> [LocaleID: [String: String]] {
        guard case .mapping(let localePairs) = node.value else {
            reader.typeError("site.strings", node, expected: "a map of locale → map of string name → text")
            return [:]
        }
        var result: [LocaleID: [String: String]] = [:]
        for pair in localePairs {
            guard let locale = reader.listedLocale(pair.key, at: pair.keyLocation, key: "site.strings") else { continue }
            guard case .mapping(let entries) = pair.value.value else {
                reader.typeError("site.strings.\(pair.key)", pair.value, expected: "a map of string name → text")
                continue
            }
            for entry in entries {
                if let text = reader.text("site.strings.\(pair.key).\(entry.key)", entry.value) {
                    result[locale, default: [:]][entry.key] = text.value
                }
            }
        }
        return result
    }
}
