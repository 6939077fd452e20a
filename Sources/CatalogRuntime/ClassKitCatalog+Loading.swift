import Foundation

extension ClassKitCatalog {
    /// Why a document could not be read as a catalog.
    public enum LoadError: Error, Equatable, CustomStringConvertible {
        /// The app's bundle has no file of that name.
        case notBundled(name: String)
        /// The document's `schemaVersion` is not one this reader knows.
        case unsupportedSchemaVersion(Int)
        /// The document has no app context, or two contexts share an identifier path.
        case malformed(String)

        public var description: String {
            switch self {
            case .notBundled(let name):
                "the app's bundle has no \(name).json: add the file `catalog-build export --format json` writes to the app's target"
            case .unsupportedSchemaVersion(let version):
                "schemaVersion \(version) is not supported (this CatalogRuntime reads \(ClassKitCatalog.schemaVersion)): update the package or export with a matching catalog-build"
            case .malformed(let reason): "not a catalog export: \(reason)"
            }
        }
    }

    /// Reads the document `catalog-build export --format json` writes.
    public init(data: Data) throws {
        let document = try JSONDecoder().decode(Document.self, from: data)
        guard document.schemaVersion == Self.schemaVersion else {
            throw LoadError.unsupportedSchemaVersion(document.schemaVersion)
        }
        var contexts: [Context] = []
        Self.flatten(document.app, defaultLocale: document.defaultLocale, into: &contexts)
        self.init(bundleIdentifier: document.bundleIdentifier, defaultLocale: document.defaultLocale,
                  locales: document.locales, contexts: contexts)
        guard positionsAreUnique else { throw LoadError.malformed("two contexts have the same identifier path") }
    }

    public init(contentsOf url: URL) throws {
        try self.init(data: Data(contentsOf: url))
    }

    /// The catalog in the app's bundle: `name`.json, as `catalog-build export --format json
    /// --output name.json` wrote it.
    public static func bundled(named name: String = "ClassKitCatalog", in bundle: Bundle = .main) throws -> ClassKitCatalog {
        guard let url = bundle.url(forResource: name, withExtension: "json") else { throw LoadError.notBundled(name: name) }
        return try ClassKitCatalog(contentsOf: url)
    }

    private var positionsAreUnique: Bool {
        Set(contexts.map(\.identifierPath)).count == contexts.count
    }

    /// Each context before its children, as the document nests them.
    private static func flatten(_ node: Document.Node, defaultLocale: String, into contexts: inout [Context]) {
        contexts.append(node.context(defaultLocale: defaultLocale))
        for child in node.children { flatten(child, defaultLocale: defaultLocale, into: &contexts) }
    }
}

/// The JSON document, as docs/EXPORT.md describes it.
private struct Document: Decodable {
    var schemaVersion: Int
    var bundleIdentifier: String
    var defaultLocale: String
    var locales: [String]
    var app: Node

    struct Node: Decodable {
        var identifierPath: [String]
        var type: ClassKitCatalog.ContextType
        var customTypeName: [String: String]?
        var title: [String: String]
        var summary: [String: String]?
        var locales: [String]
        var topic: ClassKitCatalog.Topic?
        var isAssignable: Bool
        var assessment: Bool
        var suggestedAge: [Int64]?
        var suggestedCompletionTime: [Int64]?
        var progressReportingCapabilities: [Capability]
        var displayOrder: Int
        var thumbnail: String?
        var universalLinkURL: String?
        var children: [Node]

        func context(defaultLocale: String) -> ClassKitCatalog.Context {
            ClassKitCatalog.Context(
                identifierPath: identifierPath, type: type, title: title, summary: summary ?? [:],
                customTypeName: customTypeName ?? [:], locales: locales, topic: topic, isAssignable: isAssignable,
                isAssessment: assessment, suggestedAge: Self.bounds(suggestedAge),
                suggestedCompletionTime: Self.bounds(suggestedCompletionTime),
                progressReportingCapabilities: progressReportingCapabilities.map {
                    ClassKitCatalog.Capability(kind: $0.kind, details: $0.details)
                },
                displayOrder: displayOrder, thumbnail: thumbnail, universalLinkURL: universalLinkURL,
                children: children.map { $0.identifierPath.last ?? "" }, defaultLocale: defaultLocale)
        }

        private static func bounds(_ pair: [Int64]?) -> ClassKitCatalog.Bounds? {
            guard let pair, pair.count == 2 else { return nil }
            return ClassKitCatalog.Bounds(lower: pair[0], upper: pair[1])
        }
    }

    struct Capability: Decodable {
        var kind: ClassKitCatalog.ProgressKind
        var details: [String: String]
    }
}
