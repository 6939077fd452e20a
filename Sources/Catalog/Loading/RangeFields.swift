/// suggestedAge, suggestedCompletionTime and progressReporting, with their diagnostics.
enum RangeFields {
    static func age(_ node: YAMLNode, reader: inout FieldReader) -> ClosedIntRange? {
        report(RangeSyntax.age(node), node, reader: &reader, rule: "age-range", key: "suggestedAge",
               forms: "9-11, 9+, 9 or [9, 11] (whole years)")
    }

    static func time(_ node: YAMLNode, reader: inout FieldReader) -> ClosedIntRange? {
        report(RangeSyntax.completionTime(node), node, reader: &reader, rule: "completion-time",
               key: "suggestedCompletionTime", forms: "15-20 min, 1-2 h, 30+ or [15, 20] (minutes by default)")
    }

    private static func report(_ result: Result<ClosedIntRange, RangeSyntax.Failure>, _ node: YAMLNode,
                               reader: inout FieldReader, rule: RuleID, key: String, forms: String) -> ClosedIntRange? {
        switch result {
        case .success(let range):
            return range
        case .failure(.reversed(let lower, let upper)):
            reader.diagnostics.error(rule, at: node.location,
                                     "\(key) lower bound \(lower) is above upper bound \(upper); write the smaller number first")
        case .failure(.negative):
            reader.diagnostics.error(rule, at: node.location,
                                     "\(key) cannot be negative; write \(forms)")
        case .failure(.notWhole):
            reader.diagnostics.error(rule, at: node.location,
                                     "\(key) '\(node.scalar ?? "")' does not come out in whole \(rule == "age-range" ? "years" : "minutes"); write e.g. \(forms)")
        case .failure(.malformed):
            reader.diagnostics.error(rule, at: node.location,
                                     "\(key) '\(node.scalar ?? node.kindName)' is not a range; write \(forms)")
        }
        return nil
    }
}

enum ProgressFields {
    /// A list of `{kind, details}`; in a default file `details` may be a locale map.
    static func read(_ node: YAMLNode, localized: Bool, reader: inout FieldReader) -> Located<[ProgressField]>? {
        guard case .sequence(let items) = node.value else {
            reader.typeError("progressReporting", node, expected: "a list of {kind, details}")
            return nil
        }
        var fields: [ProgressField] = []
        for item in items {
            guard case .mapping(let pairs) = item.value else {
                reader.typeError("progressReporting entry", item, expected: "a map with kind and details")
                continue
            }
            let keyed = KeyedFields(pairs, known: ["kind", "details"], into: &reader.diagnostics)
            guard let kindNode = keyed["kind"] else {
                reader.diagnostics.error("progress-reporting", at: item.location,
                                         "a progressReporting entry needs a kind: duration, percent, binary, quantity or score")
                continue
            }
            guard let kind = reader.choice("kind", kindNode, rule: "progress-reporting", as: ProgressKind.self) else { continue }
            if fields.contains(where: { $0.kind == kind.value }) {
                reader.diagnostics.error("progress-reporting", at: kind.location,
                                         "progressReporting lists '\(kind.value.rawValue)' twice; list each kind once")
                continue
            }
            let details: Localized<String>? = keyed["details"].flatMap { node in
                localized ? reader.localizedText("details", node)
                    : reader.text("details", node).map { Localized(plain: $0.value, byLocale: [:], location: $0.location) }
            }
            fields.append(ProgressField(kind: kind.value, details: details, location: kind.location))
        }
        return Located(value: fields, location: node.location)
    }
}
