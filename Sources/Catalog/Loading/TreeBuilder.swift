/// Reads every context file of the scanned tree and lays the contexts out in pre-order,
/// siblings sorted by display order then identifier.
struct TreeBuilder {
    let root: ContentRoot
    let config: CatalogConfig
    /// Every file already read and parsed (concurrently, before the tree is laid out).
    let parsed: ParsedFiles
    var contexts: [LoadedContext] = []
    var rootChildren: [Int] = []
    var diagnostics = DiagnosticBag()

    init(root: ContentRoot, config: CatalogConfig, parsed: ParsedFiles) {
        self.root = root
        self.config = config
        self.parsed = parsed
    }

    private var reader: FrontMatterReader { FrontMatterReader(root: root, locales: config.locales) }

    /// A child before it is placed: its loaded context, and its directory if it has one.
    private struct Pending: Sendable {
        var context: LoadedContext
        var directory: ScannedDirectory?
    }

    /// The index in the whole tree of `contexts[0]` (non-zero for a book built on its own).
    private var indexOffset = 0

    mutating func addChildren(of directory: ScannedDirectory, parent: Int?, parentPath: [String], inDraft: Bool) {
        let pending = sortedChildren(of: directory, parent: parent, parentPath: parentPath, inDraft: inDraft)
        if parent == nil, contexts.isEmpty, pending.count > 1 {
            placeConcurrently(pending, parentPath: parentPath)
        } else {
            place(pending, parent: parent, parentPath: parentPath)
        }
    }

    /// Each child is made with its parent: setting it afterwards copied the context's values
    /// into a new box (`LoadedContext.update`), for every context.
    private mutating func sortedChildren(of directory: ScannedDirectory, parent: Int?, parentPath: [String],
                                         inDraft: Bool) -> [Pending] {
        var pending = directory.leaves.map { leaf in
            Pending(context: load(leaf.relativePath, name: leaf.name, translations: leaf.translations,
                                  isDirectory: false, parent: parent, parentPath: parentPath, inDraft: inDraft), directory: nil)
        }
        for child in directory.directories {
            pending.append(Pending(context: loadDirectory(child, parent: parent, parentPath: parentPath, inDraft: inDraft),
                                   directory: child))
        }
        pending.sort { ($0.context.displayOrder, $0.context.identifier, $0.context.source.relativePath)
            < ($1.context.displayOrder, $1.context.identifier, $1.context.source.relativePath) }
        return pending
    }

    /// Lays out `pending` (sorted siblings) and, depth first, what is below each.
    private mutating func place(_ pending: [Pending], parent: Int?, parentPath: [String]) {
        for item in pending {
            let context = item.context
            let index = indexOffset + contexts.count
            contexts.append(context)
            if let parent { contexts[parent - indexOffset].children.append(index) } else { rootChildren.append(index) }
            if let subdirectory = item.directory {
                addChildren(of: subdirectory, parent: index, parentPath: context.identifierPath, inDraft: context.isDraft)
            }
        }
    }

    /// The app's children (the books) each with all below it, on every core. Every
    /// directory and leaf of the scan becomes exactly one context, so each book's place in
    /// pre-order is known from the sizes of the books before it; the books' contexts and
    /// diagnostics are then joined in order, exactly as `place` would have made them.
    private mutating func placeConcurrently(_ pending: [Pending], parentPath: [String]) {
        var plans: [(item: Pending, index: Int)] = []
        var next = 0
        for item in pending {
            plans.append((item, next))
            next += 1 + (item.directory.map(Self.contextCount) ?? 0)
        }
        let (root, config, parsed) = (root, config, parsed)
        let books = ConcurrentMap.map(plans.map { SendablePlan(item: $0.item, index: $0.index) }) { plan in
            var builder = TreeBuilder(root: root, config: config, parsed: parsed)
            builder.indexOffset = plan.index
            builder.place([plan.item], parent: nil, parentPath: parentPath)
            return (builder.contexts, builder.diagnostics.items)
        }
        for (bookContexts, bookDiagnostics) in books {
            contexts += bookContexts
            diagnostics.append(contentsOf: bookDiagnostics)
        }
        rootChildren = plans.map(\.index)
    }

    private struct SendablePlan: Sendable {
        var item: Pending
        var index: Int
    }

    /// Contexts below a scanned directory: one per leaf and per subdirectory.
    private static func contextCount(_ directory: ScannedDirectory) -> Int {
        directory.leaves.count + directory.directories.reduce(0) { $0 + 1 + contextCount($1) }
    }

    private mutating func loadDirectory(_ directory: ScannedDirectory, parent: Int?, parentPath: [String],
                                        inDraft: Bool) -> LoadedContext {
        guard let index = directory.index else {
            let location = SourceLocation(file: root.file(directory.relativePath).displayPath)
            diagnostics.error("directory-index", at: location,
                              "the directory '\(directory.relativePath)' has no index.md; add one with a title, or start the name with '_' if it only holds media")
            return placeholder(directory, parent: parent, parentPath: parentPath, inDraft: inDraft)
        }
        return load(index, name: directory.name, translations: directory.indexTranslations,
                    isDirectory: true, parent: parent, parentPath: parentPath, inDraft: inDraft)
    }

    private mutating func load(_ path: String, name: String, translations: [LocaleID: String],
                               isDirectory: Bool, parent: Int?, parentPath: [String], inDraft: Bool) -> LoadedContext {
        let fields = take(path, mode: .context)
        var translated: [LocaleID: ContextFields] = [:]
        for (locale, translationPath) in translations {
            translated[locale] = take(translationPath, mode: .translation)
        }
        let (prefixOrder, bareName) = OrderingPrefix.split(name)
        let identifier = fields.identifier?.value ?? bareName
        return LoadedContext(
            fields: fields, translations: translated, source: root.file(path), name: name, isDirectory: isDirectory,
            isMissingIndex: false, identifier: identifier, identifierPath: parentPath + [identifier],
            displayOrder: fields.displayOrder ?? prefixOrder ?? 0, parent: parent, children: [],
            isDraft: inDraft || fields.draft)
    }

    /// The parsed file, its diagnostics reported here so that they keep the tree's order.
    private mutating func take(_ path: String, mode: FrontMatterReader.Mode) -> ContextFields {
        var file = parsed.take(path) ?? ParsedFiles.parseOne(ParseRequest(relativePath: path, mode: mode), reader: reader)
        diagnostics.append(contentsOf: file.diagnostics)
        // Swaps the fields out of the file: `file.fields` copied them (a retain per field)
        // and then freed the file's own (a release per field).
        var fields = ContextFields()
        swap(&fields, &file.fields)
        return fields
    }

    private func placeholder(_ directory: ScannedDirectory, parent: Int?, parentPath: [String], inDraft: Bool) -> LoadedContext {
        let (prefixOrder, bareName) = OrderingPrefix.split(directory.name)
        var fields = ContextFields()
        fields.isBroken = true
        return LoadedContext(
            fields: fields, translations: [:], source: root.file(directory.relativePath), name: directory.name,
            isDirectory: true, isMissingIndex: true, identifier: bareName, identifierPath: parentPath + [bareName],
            displayOrder: prefixOrder ?? 0, parent: parent, children: [], isDraft: inDraft)
    }
}
