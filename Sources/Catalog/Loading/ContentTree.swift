/// The content as read: catalog.yml, the home page, and every context with its fields,
/// translations and positions, in pre-order with siblings in display order. Validation
/// rules inspect this; `ModelBuilder` turns it into the `CatalogModel`.
struct ContentTree: Sendable {
    var root: ContentRoot
    var config: CatalogConfig
    var home: ContextFields?
    var homeTranslations: [LocaleID: ContextFields]
    var contexts: [LoadedContext]
    /// Indices of the app's children, in display order.
    var rootChildren: [Int]

    /// Children of a context index, or of the app for nil.
    func children(of index: Int?) -> [Int] {
        index.map { contexts[$0].children } ?? rootChildren
    }
}

struct LoadedContext: Sendable {
    var fields: ContextFields
    var translations: [LocaleID: ContextFields]
    /// The defining file (`index.md` for a directory) as the user sees it.
    var source: SourceFile
    /// The directory or leaf file name, without `.md`.
    var name: String
    var isDirectory: Bool
    /// True when the directory has no index.md (already reported).
    var isMissingIndex: Bool
    var identifier: String
    var identifierPath: [String]
    var displayOrder: Int
    var parent: Int?
    var children: [Int]
    /// True when this context or an ancestor is a draft.
    var isDraft: Bool

    /// Where a problem with the identifier is shown: the `identifier:` value or the file.
    var identifierLocation: SourceLocation { fields.identifier?.location ?? source.location() }
    var depth: Int { identifierPath.count - 1 }
}

/// Ordering prefixes: `01-intro` → (1, "intro"); `2_x` → (2, "x").
enum OrderingPrefix {
    static func split(_ name: String) -> (order: Int?, rest: String) {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return (nil, name) }
        let afterDigits = name.dropFirst(digits.count)
        guard let separator = afterDigits.first, separator == "-" || separator == "_",
              afterDigits.count > 1 else { return (nil, name) }
        return (Int(digits), String(afterDigits.dropFirst()))
    }
}
