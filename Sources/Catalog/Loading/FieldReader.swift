/// Reads typed values out of YAML nodes. Every value that does not fit adds a
/// diagnostic at the value's position and reads as nil, so that reading goes on.
struct FieldReader {
    var diagnostics = DiagnosticBag()
    /// The locales of catalog.yml (empty while reading catalog.yml itself).
    let locales: [LocaleID]

    mutating func typeError(_ key: String, _ node: YAMLNode, expected: String) {
        diagnostics.error("value-type", at: node.location, "\(key) must be \(expected), not \(node.kindName)")
    }

    mutating func text(_ key: String, _ node: YAMLNode) -> Located<String>? {
        guard let text = node.scalar, !node.isNull else {
            typeError(key, node, expected: "text")
            return nil
        }
        return Located(value: text, location: node.location)
    }

    mutating func bool(_ key: String, _ node: YAMLNode) -> Located<Bool>? {
        if case .scalar(let text, true) = node.value {
            switch text.lowercased() {
            case "true", "yes", "on": return Located(value: true, location: node.location)
            case "false", "no", "off": return Located(value: false, location: node.location)
            default: break
            }
        }
        typeError(key, node, expected: "true or false")
        return nil
    }

    mutating func integer(_ key: String, _ node: YAMLNode) -> Located<Int>? {
        guard case .scalar(let text, true) = node.value, let number = Int(text) else {
            typeError(key, node, expected: "a whole number")
            return nil
        }
        return Located(value: number, location: node.location)
    }

    mutating func textList(_ key: String, _ node: YAMLNode) -> Located<[String]>? {
        list(key, node) { reader, item in reader.text(key, item) }
    }

    /// A list whose every item `read` accepts; nil (with the item's diagnostic) otherwise.
    mutating func list(_ key: String, _ node: YAMLNode,
                       item read: (inout FieldReader, YAMLNode) -> Located<String>?) -> Located<[String]>? {
        guard case .sequence(let items) = node.value else {
            typeError(key, node, expected: "a list of text")
            return nil
        }
        let texts = items.compactMap { read(&self, $0)?.value }
        return texts.count == items.count ? Located(value: texts, location: node.location) : nil
    }

    /// A value from a closed set, e.g. a context type; `rule` names what is wrong.
    mutating func choice<T: RawRepresentable & CaseIterable>(
        _ key: String, _ node: YAMLNode, rule: RuleID, as: T.Type
    ) -> Located<T>? where T.RawValue == String {
        guard let raw = text(key, node) else { return nil }
        if let value = T(rawValue: raw.value) { return Located(value: value, location: raw.location) }
        let names = T.allCases.map(\.rawValue)
        let hint = Suggestions.closest(to: raw.value, in: names).map { "did you mean '\($0)'? " } ?? ""
        diagnostics.error(rule, at: raw.location,
                          "\(key) '\(raw.value)' is not valid; \(hint)use one of: \(names.joined(separator: ", "))")
        return nil
    }

    /// Text, or a map of locale → text.
    mutating func localizedText(_ key: String, _ node: YAMLNode) -> Localized<String>? {
        localized(key, node) { reader, node in reader.text(key, node)?.value }
    }

    /// A list of text, or a map of locale → list of text.
    mutating func localizedList(_ key: String, _ node: YAMLNode) -> Localized<[String]>? {
        localized(key, node) { reader, node in reader.textList(key, node)?.value }
    }

    mutating func localized<V: Sendable & Equatable>(
        _ key: String, _ node: YAMLNode, read: (inout FieldReader, YAMLNode) -> V?
    ) -> Localized<V>? {
        guard case .mapping(let pairs) = node.value else {
            return read(&self, node).map { Localized(plain: $0, byLocale: [:], location: node.location) }
        }
        var values: [LocaleID: V] = [:]
        for pair in pairs {
            guard let locale = listedLocale(pair.key, at: pair.keyLocation, key: key),
                  let value = read(&self, pair.value) else { continue }
            values[locale] = value
        }
        return Localized(plain: nil, byLocale: values, location: node.location)
    }

    /// A key of a locale map: a listed locale in any spelling.
    mutating func listedLocale(_ text: String, at location: SourceLocation, key: String) -> LocaleID? {
        guard let locale = LocaleID(normalizing: text) else {
            diagnostics.error("locale-invalid", at: location,
                              "'\(text)' in \(key) is not a locale; write a language and region such as en-us")
            return nil
        }
        guard locales.contains(locale) else {
            diagnostics.warning("locale-not-listed", at: location,
                                "locale '\(text)' in \(key) is not listed in catalog.yml; it is ignored (listed: \(locales.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        return locale
    }
}
