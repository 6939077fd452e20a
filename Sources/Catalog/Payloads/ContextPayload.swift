/// One `Context` of a ContextsRequest (catalog-api.md §2.3–2.6) in a fixed key order:
/// metadata first, then data, as in the API's canonical example.
struct ContextPayload: Sendable {
    var identifierPath: [String]
    var locale: LocaleID
    var json: JSON

    /// The main app context: type app, not assignable, topic from catalog.yml.
    static func app(_ app: AppContext, locale: LocaleID) -> ContextPayload {
        let data = JSON.fields([
            "identifierPath": .strings(app.identifierPath),
            "title": .string(app.title[locale] ?? app.bundleIdentifier),
            "type": .string(ContextType.app.rawValue),
            "summary": app.summary[locale].map(JSON.string),
            "topic": app.topic.map { .string($0.rawValue) },
            "isAssignable": .bool(false),
            "universalLinkURL": app.universalLinkURL.map(JSON.string),
        ])
        let metadata = JSON.fields([
            "locale": .string(locale.rawValue),
            "presentableLocales": .strings([locale.rawValue]),
            "minimumBundleVersion": app.minimumBundleVersion.map(JSON.string),
        ])
        return ContextPayload(identifierPath: app.identifierPath, locale: locale,
                              json: .fields(["metadata": metadata, "data": data]))
    }

    static func context(_ node: ContextNode, version: ContextVersion, thumbnailId: String?) -> ContextPayload {
        let data = JSON.fields([
            "identifierPath": .strings(node.identifierPath),
            "title": .string(version.title),
            "type": .string(node.type.rawValue),
            "customTypeName": version.customTypeName.map(JSON.string),
            "summary": version.summary.map(JSON.string),
            "thumbnailId": thumbnailId.map(JSON.string),
            "displayOrder": .int(Int64(node.displayOrder)),
            "topic": node.topic.map { .string($0.rawValue) },
            "suggestedAge": node.suggestedAge.map(range),
            "suggestedCompletionTime": node.suggestedCompletionTime.map(range),
            "isAssignable": .bool(node.isAssignable),
            "progressReportingCapabilities": version.progressReporting.isEmpty ? nil
                : .array(version.progressReporting.map { .fields(["kind": .string($0.kind.rawValue), "details": .string($0.details)]) }),
            "universalLinkURL": node.universalLinkURL.map(JSON.string),
        ])
        let metadata = JSON.fields([
            "locale": .string(version.locale.rawValue),
            "presentableLocales": .strings([version.locale.rawValue]),
            "minimumBundleVersion": node.minimumBundleVersion.map(JSON.string),
            "keywords": version.keywords.isEmpty ? nil : .strings(version.keywords),
            "standardsAlignments": node.standardsAlignments.isEmpty ? nil : .strings(node.standardsAlignments),
        ])
        return ContextPayload(identifierPath: node.identifierPath, locale: version.locale,
                              json: .fields(["metadata": metadata, "data": data]))
    }

    private static func range(_ range: ClosedIntRange) -> JSON {
        .array([.int(range.lower), .int(range.upper)])
    }
}
