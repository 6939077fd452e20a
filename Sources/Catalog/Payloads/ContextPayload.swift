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

extension ContextPayload {
    /// `PayloadWriter.requestItem(context(node, version:, thumbnailId:))` written without the
    /// `JSON` values: the same keys in the same order, a nil or empty field left out alike.
    static func contextItem(_ node: ContextNode, version: ContextVersion, thumbnailId: String?) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2048)
        var payload = PrettyJSONObject(bytes, indent: PayloadWriter.itemIndent)
        payload.object("metadata") { metadata in
            metadata.string("locale", version.locale.rawValue)
            metadata.strings("presentableLocales", [version.locale.rawValue])
            metadata.string("minimumBundleVersion", node.minimumBundleVersion)
            metadata.strings("keywords", version.keywords.isEmpty ? nil : version.keywords)
            metadata.strings("standardsAlignments", node.standardsAlignments.isEmpty ? nil : node.standardsAlignments)
        }
        payload.object("data") { data in
            data.strings("identifierPath", node.identifierPath)
            data.string("title", version.title)
            data.string("type", node.type.rawValue)
            data.string("customTypeName", version.customTypeName)
            data.string("summary", version.summary)
            data.string("thumbnailId", thumbnailId)
            data.int("displayOrder", Int64(node.displayOrder))
            data.string("topic", node.topic?.rawValue)
            data.range("suggestedAge", node.suggestedAge)
            data.range("suggestedCompletionTime", node.suggestedCompletionTime)
            data.bool("isAssignable", node.isAssignable)
            data.objects("progressReportingCapabilities", version.progressReporting.isEmpty ? nil : version.progressReporting) {
                capability, object in
                object.string("kind", capability.kind.rawValue)
                object.string("details", capability.details)
            }
            data.string("universalLinkURL", node.universalLinkURL)
        }
        payload.close()
        return payload.out
    }
}
