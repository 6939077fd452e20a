/// Reads every context file of the scanned tree and lays the contexts out in pre-order,
/// siblings sorted by display order then identifier.
struct TreeBuilder {
    let root: ContentRoot
    let config: CatalogConfig
    var contexts: [LoadedContext] = []
    var rootChildren: [Int] = []
    var diagnostics = DiagnosticBag()

    init(root: ContentRoot, config: CatalogConfig) {
        self.root = root
        self.config = config
    }

    private var reader: FrontMatterReader { FrontMatterReader(root: root, locales: config.locales) }

    /// A child before it is placed: its loaded context, and its directory if it has one.
    private struct Pending {
        var context: LoadedContext
        var directory: ScannedDirectory?
    }

    mutating func addChildren(of directory: ScannedDirectory, parent: Int?, parentPath: [String], inDraft: Bool) {
        var pending = directory.leaves.map { leaf in
            Pending(context: load(leaf.relativePath, name: leaf.name, translations: leaf.translations,
                                  isDirectory: false, parentPath: parentPath, inDraft: inDraft), directory: nil)
        }
        for child in directory.directories {
            pending.append(Pending(context: loadDirectory(child, parentPath: parentPath, inDraft: inDraft), directory: child))
        }
        pending.sort { ($0.context.displayOrder, $0.context.identifier, $0.context.source.relativePath)
            < ($1.context.displayOrder, $1.context.identifier, $1.context.source.relativePath) }
        for item in pending {
            var context = item.context
            context.parent = parent
            let index = contexts.count
            contexts.append(context)
            if let parent { contexts[parent].children.append(index) } else { rootChildren.append(index) }
            if let subdirectory = item.directory {
                addChildren(of: subdirectory, parent: index, parentPath: context.identifierPath, inDraft: context.isDraft)
            }
        }
    }

    private mutating func loadDirectory(_ directory: ScannedDirectory, parentPath: [String], inDraft: Bool) -> LoadedContext {
        guard let index = directory.index else {
            let location = SourceLocation(file: root.file(directory.relativePath).displayPath)
            diagnostics.error("directory-index", at: location,
                              "the directory '\(directory.relativePath)' has no index.md; add one with a title, or start the name with '_' if it only holds media")
            var context = placeholder(directory, parentPath: parentPath, inDraft: inDraft)
            context.isMissingIndex = true
            return context
        }
        return load(index, name: directory.name, translations: directory.indexTranslations,
                    isDirectory: true, parentPath: parentPath, inDraft: inDraft)
    }

    private mutating func load(_ path: String, name: String, translations: [LocaleID: String],
                               isDirectory: Bool, parentPath: [String], inDraft: Bool) -> LoadedContext {
        let fields = reader.read(path, mode: .context, into: &diagnostics)
        var translated: [LocaleID: ContextFields] = [:]
        for (locale, translationPath) in translations {
            translated[locale] = reader.read(translationPath, mode: .translation, into: &diagnostics)
        }
        let (prefixOrder, bareName) = OrderingPrefix.split(name)
        let identifier = fields.identifier?.value ?? bareName
        return LoadedContext(
            fields: fields, translations: translated, source: root.file(path), name: name, isDirectory: isDirectory,
            isMissingIndex: false, identifier: identifier, identifierPath: parentPath + [identifier],
            displayOrder: fields.displayOrder ?? prefixOrder ?? 0, parent: nil, children: [],
            isDraft: inDraft || fields.draft)
    }

    private func placeholder(_ directory: ScannedDirectory, parentPath: [String], inDraft: Bool) -> LoadedContext {
        let (prefixOrder, bareName) = OrderingPrefix.split(directory.name)
        var fields = ContextFields()
        fields.isBroken = true
        return LoadedContext(
            fields: fields, translations: [:], source: root.file(directory.relativePath), name: directory.name,
            isDirectory: true, isMissingIndex: true, identifier: bareName, identifierPath: parentPath + [bareName],
            displayOrder: prefixOrder ?? 0, parent: nil, children: [], isDraft: inDraft)
    }
}
