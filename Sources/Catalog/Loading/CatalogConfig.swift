import Foundation

/// `catalog.yml`, read and checked (content-format.md §2).
struct CatalogConfig: Sendable {
    var bundleIdentifier: String
    var title: Localized<String>?
    var defaultLocale: LocaleID
    var locales: [LocaleID]
    var minimumBundleVersion: String?
    var topic: Topic?
    var universalLinkBase: String?
    var missingTranslation: MissingTranslationPolicy
    var site: SiteSettings
    /// `rules:`: each rule's level for every file (a file's own `rules:` wins).
    var rules: [RuleID: RuleLevel] = [:]
    var source: SourceFile

    static let keys = ["bundleIdentifier", "title", "defaultLocale", "locales", "minimumBundleVersion",
                       "topic", "universalLinkBase", "missingTranslation", "site", "rules"]
    static let siteKeys = ["title", "baseURL", "logo", "accentColor", "stylesheet", "strings"]
}

enum CatalogConfigReader {
    /// Reads catalog.yml; nil when it is missing or too broken to go on (diagnostics say why).
    static func read(_ root: ContentRoot, into bag: inout DiagnosticBag) -> CatalogConfig? {
        let file = root.file("catalog.yml")
        let url = root.absoluteURL("catalog.yml")
        guard FileManager.default.fileExists(atPath: url.path) else {
            bag.error("catalog-missing", at: SourceLocation(file: root.displayPath),
                      "no catalog.yml in \(root.displayPath); create one with bundleIdentifier, title, defaultLocale and locales")
            return nil
        }
        // Like every other content file, catalog.yml may be a link only to a file inside.
        guard let resolved = root.resolvedInside("catalog.yml") else {
            bag.error("path-outside-content", at: file.location(),
                      "catalog.yml is a link that leads outside the content directory; copy the file into content/")
            return nil
        }
        // Nor to a hidden file (`catalog.yml -> .env`), whose keys its diagnostics would name.
        if let inside = PublishPolicy.hiddenPath(resolved, under: root.absolutePath("")) {
            bag.error("link-hidden-file", at: file.location(),
                      "catalog.yml is a link to '\(inside)', which is hidden (it starts with a dot), so it is not read; make catalog.yml a file of its own")
            return nil
        }
        guard let text = ContentFiles.readText(path: resolved, file: file, noFollow: true, into: &bag) else { return nil }
        var syntax = DiagnosticBag()
        let parsed = YAMLReader.parse(text, file: file, firstLine: 1, into: &syntax)
        bag.append(contentsOf: syntax.items)
        guard let node = parsed else {
            // An empty file parses to nothing without a syntax error; it still lacks every key.
            if !syntax.hasErrors {
                bag.error("catalog-required", at: file.location(),
                          "catalog.yml is empty; add bundleIdentifier, title, defaultLocale and locales")
            }
            return nil
        }
        guard case .mapping(let pairs) = node.value else {
            bag.error("value-type", at: node.location, "catalog.yml must be a map of keys such as bundleIdentifier and title")
            return nil
        }
        return readMapping(pairs, file: file, node: node, into: &bag)
    }

    private static func readMapping(_ pairs: [YAMLPair], file: SourceFile, node: YAMLNode,
                                    into bag: inout DiagnosticBag) -> CatalogConfig? {
        let fields = KeyedFields(pairs, known: CatalogConfig.keys, into: &bag)
        var reader = FieldReader(locales: [])
        let (defaultLocale, locales) = readLocales(fields, at: node.location, reader: &reader)
        reader = FieldReader(diagnostics: reader.diagnostics, locales: locales)
        let bundle = fields["bundleIdentifier"].flatMap { reader.text("bundleIdentifier", $0) }
        checkBundleIdentifier(bundle, fields: fields, at: node.location, reader: &reader)
        let title = fields["title"].flatMap { reader.localizedPlainText("title", $0) }
        if title == nil, fields["title"] == nil {
            reader.diagnostics.error("catalog-required", at: node.location, "catalog.yml has no title; add the app's name as title")
        }
        let config = CatalogConfig(
            bundleIdentifier: bundle?.value ?? "",
            title: title,
            defaultLocale: defaultLocale ?? LocaleID(rawValue: "en-us"),
            locales: locales,
            minimumBundleVersion: fields["minimumBundleVersion"].flatMap { SharedFields.bundleVersion($0, reader: &reader) },
            topic: fields["topic"].flatMap { reader.choice("topic", $0, rule: "topic", as: Topic.self)?.value },
            universalLinkBase: fields["universalLinkBase"].flatMap { SharedFields.absoluteURL("universalLinkBase", $0, reader: &reader) },
            missingTranslation: fields["missingTranslation"].flatMap {
                reader.choice("missingTranslation", $0, rule: "value-type", as: MissingTranslationPolicy.self)?.value
            } ?? .fallback,
            site: fields["site"].map { SiteSettingsReader.read($0, reader: &reader) } ?? SiteSettings(),
            rules: fields["rules"].map { RuleConfigReader.read($0, reader: &reader) } ?? [:],
            source: file)
        bag.append(contentsOf: reader.diagnostics.items)
        return config
    }

    private static func readLocales(_ fields: KeyedFields, at location: SourceLocation,
                                    reader: inout FieldReader) -> (LocaleID?, [LocaleID]) {
        var locales: [LocaleID] = []
        if let node = fields["locales"], let list = reader.textList("locales", node) {
            for (item, text) in zip(node.sequenceItems, list.value) {
                guard let locale = LocaleID(normalizing: text) else {
                    reader.diagnostics.error("locale-invalid", at: item.location,
                                             "'\(text)' is not a locale; write a language and region such as en-us")
                    continue
                }
                if locales.contains(locale) {
                    reader.diagnostics.error("default-locale", at: item.location, "locale '\(text)' is listed twice; remove one")
                } else {
                    locales.append(locale)
                }
            }
        } else if fields["locales"] == nil {
            reader.diagnostics.error("catalog-required", at: location, "catalog.yml has no locales; add e.g. locales: [en-us]")
        }
        guard let node = fields["defaultLocale"] else {
            reader.diagnostics.error("catalog-required", at: location, "catalog.yml has no defaultLocale; add e.g. defaultLocale: en-us")
            return (nil, locales)
        }
        guard let text = reader.text("defaultLocale", node) else { return (nil, locales) }
        guard let locale = LocaleID(normalizing: text.value) else {
            reader.diagnostics.error("locale-invalid", at: text.location, "'\(text.value)' is not a locale; write e.g. en-us")
            return (nil, locales)
        }
        if !locales.isEmpty, !locales.contains(locale) {
            reader.diagnostics.error("default-locale", at: text.location,
                                     "defaultLocale '\(text.value)' is not in locales; add it to locales")
        }
        return (locale, locales.isEmpty ? [locale] : locales)
    }

    private static func checkBundleIdentifier(_ bundle: Located<String>?, fields: KeyedFields,
                                              at location: SourceLocation, reader: inout FieldReader) {
        guard let bundle else {
            if fields["bundleIdentifier"] == nil {
                reader.diagnostics.error("catalog-required", at: location,
                                         "catalog.yml has no bundleIdentifier; add the app's bundle identifier, e.g. com.example.books")
            }
            return
        }
        let allowed = bundle.value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
        if bundle.value.isEmpty || !allowed || bundle.value.utf16.count > 155 {
            reader.diagnostics.error("bundle-identifier", at: bundle.location,
                                     "bundleIdentifier '\(bundle.value)' is not a bundle identifier; use letters, digits, '-' and '.', e.g. com.example.books")
        }
    }
}

extension YAMLNode {
    var sequenceItems: [YAMLNode] {
        if case .sequence(let items) = value { return items }
        return []
    }
}
