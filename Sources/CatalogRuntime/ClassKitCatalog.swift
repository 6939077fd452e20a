import Foundation

/// The catalog's context tree, read from the JSON that `catalog-build export --format json`
/// writes (docs/EXPORT.md, `schemaVersion` 1), for an app that bundles that file instead of
/// adding the generated Swift file to its target. The same types and lookups as the
/// generated `ClassKitCatalog`, as values of one loaded catalog.
///
///     let catalog = try ClassKitCatalog.bundled()          // ClassKitCatalog.json in the app
///     let quiz = catalog.context(at: ["com.example.catalog", "book", "quiz"])
public struct ClassKitCatalog: Sendable, Hashable {
    /// The only document version this reader knows.
    public static let schemaVersion = 1

    public let bundleIdentifier: String
    public let defaultLocale: String
    /// The catalog's locales, in `catalog.yml`'s order.
    public let locales: [String]
    /// Every context: the app first, then each parent before its children, siblings in
    /// display order.
    public let contexts: [Context]

    private let positions: [[String]: Int]

    init(bundleIdentifier: String, defaultLocale: String, locales: [String], contexts: [Context]) {
        self.bundleIdentifier = bundleIdentifier
        self.defaultLocale = defaultLocale
        self.locales = locales
        self.contexts = contexts
        positions = Dictionary(contexts.indices.map { (contexts[$0].identifierPath, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The app context, the root of the tree.
    public var app: Context { contexts[0] }

    /// The context at `identifierPath`, which starts with the bundle identifier as in the
    /// catalog's payloads (a path without it, as the app's own contexts below the main app
    /// context are named, is found too); nil for a path the catalog does not have.
    public func context(at identifierPath: [String]) -> Context? {
        if let position = positions[identifierPath] { return contexts[position] }
        return positions[[bundleIdentifier] + identifierPath].map { contexts[$0] }
    }

    /// The children of `context`, in display order.
    public func children(of context: Context) -> [Context] {
        context.children.compactMap { positions[context.identifierPath + [$0]].map { contexts[$0] } }
    }

    /// The parent of `context`; nil for the app context.
    public func parent(of context: Context) -> Context? {
        guard context.identifierPath.count > 1 else { return nil }
        return positions[Array(context.identifierPath.dropLast())].map { contexts[$0] }
    }

    /// The catalog's locale for `preferredLanguages` (the user's, by default): an exact
    /// match (`es-US` is `es-us`) first, then the same language, else the default locale.
    public func preferredLocale(for preferredLanguages: [String] = Locale.preferredLanguages) -> String {
        for language in preferredLanguages {
            let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
            if locales.contains(tag) { return tag }
            let base = tag.split(separator: "-").first.map(String.init) ?? tag
            if let match = locales.first(where: { $0 == base || $0.hasPrefix(base + "-") }) { return match }
        }
        return defaultLocale
    }

    /// The catalog locale for the user's preferred languages.
    public var preferredLocale: String { preferredLocale() }
}
