/// `catalog-build export --format json`: the tree as one JSON document (docs/EXPORT.md).
///
/// Keys come in a fixed order and locale maps in catalog.yml's locale order, so the same
/// content always gives the same bytes. Each context holds its children, so the document
/// is the tree itself, in pre-order.
public enum JSONExport {
    public static func document(_ tree: ExportTree) -> String {
        let index = Dictionary(uniqueKeysWithValues: tree.contexts.enumerated().map { ($1.identifierPath, $0) })
        let json = JSON.fields([
            "schemaVersion": .int(Int64(ExportTree.schemaVersion)),
            "bundleIdentifier": .string(tree.bundleIdentifier),
            "defaultLocale": .string(tree.defaultLocale),
            "locales": .strings(tree.locales),
            "app": context(0, tree: tree, index: index),
        ])
        return json.serialized(pretty: true) + "\n"
    }

    private static func context(_ position: Int, tree: ExportTree, index: [[String]: Int]) -> JSON {
        let context = tree.contexts[position]
        let children = context.children.compactMap { index[context.identifierPath + [$0]] }
        let map = { (text: [String: String]) in localized(text, order: tree.locales) }
        return JSON.fields([
            "identifierPath": .strings(context.identifierPath),
            "type": .string(context.type.rawValue),
            "customTypeName": map(context.customTypeName),
            "title": map(context.title),
            "summary": map(context.summary),
            "locales": .strings(context.locales),
            "topic": context.topic.map { .string($0.rawValue) },
            "isAssignable": .bool(context.isAssignable),
            "assessment": .bool(context.isAssessment),
            "suggestedAge": context.suggestedAge.map(range),
            "suggestedCompletionTime": context.suggestedCompletionTime.map(range),
            "progressReportingCapabilities": .array(context.progressReportingCapabilities.map {
                .fields(["kind": .string($0.kind.rawValue), "details": map($0.details)])
            }),
            "displayOrder": .int(Int64(context.displayOrder)),
            "thumbnail": context.thumbnail.map(JSON.string),
            "universalLinkURL": context.universalLinkURL.map(JSON.string),
            "children": .array(children.map { self.context($0, tree: tree, index: index) }),
        ])
    }

    /// A locale map in catalog.yml's order; nil (left out) when empty.
    private static func localized(_ text: [String: String], order: [String]) -> JSON? {
        guard !text.isEmpty else { return nil }
        return .object(order.compactMap { locale in text[locale].map { (locale, .string($0)) } })
    }

    /// Inclusive bounds, as the payloads send them: `[lower, upper]`.
    private static func range(_ range: ClosedIntRange) -> JSON {
        .array([.int(range.lower), .int(range.upper)])
    }
}
