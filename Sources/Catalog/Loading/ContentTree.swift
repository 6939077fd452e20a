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
    /// When set, the only contexts the validation rules report on (`published`); the rest
    /// of the tree is still there for them to look at. A long-lived build (`serve`) checks
    /// the one context an edit changed this way (`LiveValidation`).
    var validationScope: [Int]? = nil
    /// catalog.yml's and every file's `rules:`, applied to every diagnostic collected.
    var ruleSettings = RuleSettings()

    /// Children of a context index, or of the app for nil.
    func children(of index: Int?) -> [Int] {
        index.map { contexts[$0].children } ?? rootChildren
    }
}

struct LoadedContext: Sendable {
    /// A context's values as loaded. They live in one shared immutable box (`SharedValues`):
    /// a context is copied every time a validation rule walks `published` (15 rules × 10,000
    /// contexts), and copying a dozen strings, arrays and dictionaries retained and released
    /// each.
    struct Values: Sendable {
        var fields: ContextFields
        var translations: [LocaleID: ContextFields]
        var source: SourceFile
        var name: String
        var isDirectory: Bool
        var isMissingIndex: Bool
        var identifier: String
        var identifierPath: [String]
        var displayOrder: Int
        var parent: Int?
        var isDraft: Bool
    }

    private var box: SharedValues<Values>
    /// Outside the box: the tree builder appends to it for every child it lays out.
    var children: [Int]

    var fields: ContextFields {
        _read { yield box.values.fields }
        set { box = box.changed { $0.fields = newValue } }
    }
    var translations: [LocaleID: ContextFields] {
        _read { yield box.values.translations }
        set { box = box.changed { $0.translations = newValue } }
    }
    /// The defining file (`index.md` for a directory) as the user sees it.
    var source: SourceFile {
        _read { yield box.values.source }
        set { box = box.changed { $0.source = newValue } }
    }
    /// The directory or leaf file name, without `.md`.
    var name: String {
        _read { yield box.values.name }
        set { box = box.changed { $0.name = newValue } }
    }
    var isDirectory: Bool {
        get { box.values.isDirectory }
        set { box = box.changed { $0.isDirectory = newValue } }
    }
    /// True when the directory has no index.md (already reported).
    var isMissingIndex: Bool {
        get { box.values.isMissingIndex }
        set { box = box.changed { $0.isMissingIndex = newValue } }
    }
    var identifier: String {
        _read { yield box.values.identifier }
        set { box = box.changed { $0.identifier = newValue } }
    }
    var identifierPath: [String] {
        _read { yield box.values.identifierPath }
        set { box = box.changed { $0.identifierPath = newValue } }
    }
    var displayOrder: Int {
        get { box.values.displayOrder }
        set { box = box.changed { $0.displayOrder = newValue } }
    }
    var parent: Int? {
        get { box.values.parent }
        set { box = box.changed { $0.parent = newValue } }
    }
    /// True when this context or an ancestor is a draft.
    var isDraft: Bool {
        get { box.values.isDraft }
        set { box = box.changed { $0.isDraft = newValue } }
    }

    init(fields: ContextFields, translations: [LocaleID: ContextFields], source: SourceFile, name: String,
         isDirectory: Bool, isMissingIndex: Bool, identifier: String, identifierPath: [String], displayOrder: Int,
         parent: Int?, children: [Int], isDraft: Bool) {
        box = SharedValues(Values(fields: fields, translations: translations, source: source, name: name,
                               isDirectory: isDirectory, isMissingIndex: isMissingIndex, identifier: identifier,
                               identifierPath: identifierPath, displayOrder: displayOrder, parent: parent,
                               isDraft: isDraft))
        self.children = children
    }

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
