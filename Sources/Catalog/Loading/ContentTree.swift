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
    /// The fields live in a shared immutable box: a context is copied whole every time a
    /// validation rule walks `published` (15 rules × 10,000 contexts), and `ContextFields`
    /// holds some 30 references that each copy would otherwise retain and release.
    private var fieldsBox: FieldsBox
    var fields: ContextFields {
        _read { yield fieldsBox.value }
        set { fieldsBox = FieldsBox(newValue) }
    }
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

    init(fields: ContextFields, translations: [LocaleID: ContextFields], source: SourceFile, name: String,
         isDirectory: Bool, isMissingIndex: Bool, identifier: String, identifierPath: [String], displayOrder: Int,
         parent: Int?, children: [Int], isDraft: Bool) {
        self.fieldsBox = FieldsBox(fields)
        self.translations = translations
        self.source = source
        self.name = name
        self.isDirectory = isDirectory
        self.isMissingIndex = isMissingIndex
        self.identifier = identifier
        self.identifierPath = identifierPath
        self.displayOrder = displayOrder
        self.parent = parent
        self.children = children
        self.isDraft = isDraft
    }

    /// Where a problem with the identifier is shown: the `identifier:` value or the file.
    var identifierLocation: SourceLocation { fields.identifier?.location ?? source.location() }
    var depth: Int { identifierPath.count - 1 }
}

/// Immutable storage for `LoadedContext.fields` (replaced whole on mutation).
final class FieldsBox: Sendable {
    let value: ContextFields

    init(_ value: ContextFields) { self.value = value }
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
