/// The context tree as an app needs it at run time (`catalog-build export`): every context
/// the payloads hold, with the same identifier paths and the same values, in pre-order
/// (the app first, each parent before its children, siblings in display order).
///
/// Made from the same `CatalogModel` and thumbnail ids that the payloads are written
/// from, so the two cannot disagree. Text is kept per locale, in the locales the context
/// is published in (content-format.md §5): an app picks the one its user reads.
public struct ExportTree: Sendable, Equatable {
    public static let schemaVersion = 1

    public var bundleIdentifier: String
    public var defaultLocale: String
    /// catalog.yml's locales, in its order.
    public var locales: [String]
    /// The app first, then every context in pre-order.
    public var contexts: [ExportedContext]
}

/// One context of `ExportTree`, with every field that `CLSContext` has (iOS 14 / macOS 11).
public struct ExportedContext: Sendable, Equatable {
    public var identifierPath: [String]
    public var type: ContextType
    /// Locale → text, only for the locales the context is published in.
    public var title: [String: String]
    public var summary: [String: String]
    public var customTypeName: [String: String]
    /// The locales the context is published in, in catalog.yml's order.
    public var locales: [String]
    public var topic: Topic?
    public var isAssignable: Bool
    /// `assessment: true`: the app runs it in assessment mode. Not in the payloads.
    public var isAssessment: Bool
    /// Inclusive bounds; an open upper bound is `ClosedIntRange.unboundedUpper`.
    public var suggestedAge: ClosedIntRange?
    public var suggestedCompletionTime: ClosedIntRange?
    public var progressReportingCapabilities: [ExportedCapability]
    public var displayOrder: Int
    /// The thumbnail id of the payloads (`thumbnails/<id>` in the output), if any.
    public var thumbnail: String?
    public var universalLinkURL: String?
    /// The identifiers of the children, in display order.
    public var children: [String]
}

/// A progress reporting capability: its kind and its details per locale.
public struct ExportedCapability: Sendable, Equatable {
    public var kind: ProgressKind
    public var details: [String: String]
}

extension ExportTree {
    /// - Parameter thumbnailIds: context index (into `model.contexts`) → thumbnail id,
    ///   as `ThumbnailSet.byContext` gives them to the payloads.
    public init(model: CatalogModel, thumbnailIds: [Int: String]) {
        let app = model.app
        bundleIdentifier = app.bundleIdentifier
        defaultLocale = app.defaultLocale.rawValue
        locales = app.locales.map(\.rawValue)
        var contexts = [Self.app(app, children: app.children.map { model.contexts[$0].identifier })]
        contexts.reserveCapacity(model.contexts.count + 1)
        for (index, node) in model.contexts.enumerated() {
            contexts.append(ExportedContext(node, order: app.locales, thumbnail: thumbnailIds[index],
                                            children: node.children.map { model.contexts[$0].identifier }))
        }
        self.contexts = contexts
    }

    /// The main app context as the payloads send it: type app, not assignable.
    private static func app(_ app: AppContext, children: [String]) -> ExportedContext {
        var title: [String: String] = [:], summary: [String: String] = [:]
        for locale in app.locales {
            title[locale.rawValue] = app.title[locale] ?? app.bundleIdentifier
            summary[locale.rawValue] = app.summary[locale]
        }
        return ExportedContext(identifierPath: app.identifierPath, type: .app, title: title, summary: summary,
                               customTypeName: [:], locales: app.locales.map(\.rawValue), topic: app.topic,
                               isAssignable: false, isAssessment: false, suggestedAge: nil,
                               suggestedCompletionTime: nil, progressReportingCapabilities: [], displayOrder: 0,
                               thumbnail: nil, universalLinkURL: app.universalLinkURL, children: children)
    }
}

extension ExportedContext {
    init(_ node: ContextNode, order: [LocaleID], thumbnail: String?, children: [String]) {
        let versions = order.compactMap { node.versions[$0] }
        identifierPath = node.identifierPath
        type = node.type
        title = Self.text(versions, \.title)
        summary = Self.text(versions, \.summary)
        customTypeName = Self.text(versions, \.customTypeName)
        locales = versions.map(\.locale.rawValue)
        topic = node.topic
        isAssignable = node.isAssignable
        isAssessment = node.isAssessment
        suggestedAge = node.suggestedAge
        suggestedCompletionTime = node.suggestedCompletionTime
        progressReportingCapabilities = Self.capabilities(versions)
        displayOrder = node.displayOrder
        self.thumbnail = thumbnail
        universalLinkURL = node.universalLinkURL
        self.children = children
    }

    private static func text(_ versions: [ContextVersion], _ field: (ContextVersion) -> String?) -> [String: String] {
        var text: [String: String] = [:]
        for version in versions { text[version.locale.rawValue] = field(version) }
        return text
    }

    /// Every locale has the same kinds in the same order (content-format.md §3): the
    /// first published locale's list gives them, each locale its details.
    private static func capabilities(_ versions: [ContextVersion]) -> [ExportedCapability] {
        guard let first = versions.first else { return [] }
        return first.progressReporting.indices.map { position in
            var details: [String: String] = [:]
            for version in versions where position < version.progressReporting.count {
                details[version.locale.rawValue] = version.progressReporting[position].details
            }
            return ExportedCapability(kind: first.progressReporting[position].kind, details: details)
        }
    }
}
