import Foundation

/// An edit of one context file's front matter (its defining file or a translation) that
/// leaves the catalog's shape as it was: the same files and directories, the same
/// reading diagnostics, and none of the fields that place the context or reach past it
/// changed — identifier (and where it is written), display order, draft, thumbnail and
/// its fit, topic and minimum bundle version (which children inherit) — nor the locales
/// it is published in, nor whether it has a body. Title, summary, keywords, type and
/// custom type name, ages, times, assignable, progress reporting, standards and universal
/// link may change, in any locale.
///
/// Then a build patches the last one in place: the tree and model get the context's new
/// values (the arrays of every context are changed, not copied: the caller owns the last
/// build alone), the rules that read them run again for it alone (`LiveValidation`), the
/// request files holding it are made again (`PayloadMemo.patch`) and the pages that show
/// its fields are rendered (`LiveFieldSitePatch`). Anything else is the whole build.
struct FieldEdit {
    var path: String
    /// The context in the tree and in the model.
    var treeIndex: Int
    var modelIndex: Int
    var validation: [[Diagnostic]]
    /// The file's new body, when it changed (its text or only the line it starts on).
    var body: MarkdownBody?
    /// The context and its node as they were, which `undo` puts back.
    private var previous: (context: LoadedContext, node: ContextNode)

    /// Gives `settled`'s tree and model the edit's values, or returns nil when the change
    /// is not such an edit (`settled` then as it was).
    static func apply(path: String, old: ParsedFile, new: ParsedFile, to settled: inout LiveSettled) -> FieldEdit? {
        guard old.diagnostics == new.diagnostics, let (treeIndex, locale) = settled.contextFile(path) else { return nil }
        var context = settled.tree.contexts[treeIndex]
        let current = settled.fields(of: path)
        guard !context.isDraft, !context.isMissingIndex,
              let modelIndex = settled.siteIndex?.contextSources.byPath[context.source.relativePath], modelIndex >= 0,
              modelIndex < settled.model.contexts.count,
              settled.model.contexts[modelIndex].source == context.source else { return nil }
        // A file's rules configure every diagnostic in it: a change of them is a whole build.
        guard let current, (current.body == nil) == (new.fields.body == nil), current.rules == new.fields.rules else {
            return nil
        }
        if let locale {
            context.translations[locale] = new.fields
        } else {
            guard keepsShape(current, new.fields) else { return nil }
            context.fields = new.fields
        }
        guard let before = LiveValidation.own(settled.tree, context: treeIndex) else { return nil }
        let previous = (context: settled.tree.contexts[treeIndex], node: settled.model.contexts[modelIndex])
        settled.tree.contexts[treeIndex] = context
        guard let validation = revalidate(settled, before: before, treeIndex: treeIndex),
              let node = patchedNode(settled.model, modelIndex, tree: settled.tree, treeIndex: treeIndex) else {
            settled.tree.contexts[treeIndex] = previous.context
            return nil
        }
        settled.replaceNode(modelIndex, with: node)
        let body = new.fields.body == current.body ? nil : new.fields.body
        return FieldEdit(path: path, treeIndex: treeIndex, modelIndex: modelIndex, validation: validation, body: body,
                         previous: previous)
    }

    /// The rules' lists with the context's run made again. Apart, so that nothing made
    /// here (the owner closure holds a copy of `settled`) outlives it and makes the model copied.
    private static func revalidate(_ settled: LiveSettled, before: [[Diagnostic]?], treeIndex: Int) -> [[Diagnostic]]? {
        LiveValidation.patch(settled.validation, before: before, new: settled.tree, context: treeIndex, owner: settled.owner)
    }

    /// Puts back the context and its node as they were before `apply`.
    func undo(_ settled: inout LiveSettled) {
        settled.tree.contexts[treeIndex] = previous.context
        settled.replaceNode(modelIndex, with: previous.node)
    }

    /// True when none of the fields that place a context, or that others read, changed.
    private static func keepsShape(_ a: ContextFields, _ b: ContextFields) -> Bool {
        a.identifier == b.identifier && a.displayOrder == b.displayOrder && a.draft == b.draft
            && a.thumbnail == b.thumbnail && a.thumbnailFit == b.thumbnailFit && a.topic == b.topic
            && a.minimumBundleVersion == b.minimumBundleVersion
    }

    /// The context's node made again from the patched tree; nil when it changed in what
    /// its children inherit, its place, its thumbnail or its locales.
    private static func patchedNode(_ model: CatalogModel, _ index: Int, tree: ContentTree, treeIndex: Int) -> ContextNode? {
        let old = model.contexts[index]
        var node = ModelBuilder(tree: tree).node(treeIndex, parent: old.parent,
                                                 parentNode: old.parent.map { model.contexts[$0] })
        node.children = old.children
        guard node.identifierPath == old.identifierPath, node.displayOrder == old.displayOrder,
              node.topic == old.topic, node.minimumBundleVersion == old.minimumBundleVersion,
              node.thumbnail == old.thumbnail, Set(node.versions.keys) == Set(old.versions.keys),
              node.versions.keys.allSatisfy({ (node.versions[$0]?.body == nil) == (old.versions[$0]?.body == nil) })
        else { return nil }
        return node
    }
}

extension LiveSettled {
    /// Replaces one node of the model in place: the site index's copy of the model lets go
    /// of the array of nodes first, so that it is not copied, and shares the result.
    mutating func replaceNode(_ index: Int, with node: ContextNode) {
        siteIndex?.model.contexts = []
        model.contexts[index] = node
        siteIndex?.model = model
    }

    /// The context a content file defines or translates, with the translation's locale.
    func contextFile(_ path: String) -> (index: Int, locale: LocaleID?)? {
        if let index = contextsByFile[path] { return (index, nil) }
        guard let (original, locale) = Self.translationOrigin(path, locales: model.app.locales),
              let index = contextsByFile[original] else { return nil }
        return (index, locale)
    }

    /// For `NAME.LOCALE.md` (`index.LOCALE.md` in a directory), `NAME.md` and the locale.
    static func translationOrigin(_ path: String, locales: [LocaleID]) -> (original: String, locale: LocaleID)? {
        guard path.hasSuffix(".md") else { return nil }
        let stem = path.dropLast(3)
        guard let dot = stem.lastIndex(of: "."), !stem[dot...].contains("/"),
              let locale = LocaleID(normalizing: String(stem[stem.index(after: dot)...])), locales.contains(locale)
        else { return nil }
        return (stem[..<dot] + ".md", locale)
    }

    /// The fields of a context file as the last build read them.
    func fields(of path: String) -> ContextFields? {
        switch contextFile(path) {
        case let (index, locale?)?: return tree.contexts[index].translations[locale]
        case let (index, nil)?: return tree.contexts[index].fields
        case nil: return nil
        }
    }

    /// The tree index of the context whose files a diagnostic's file (as displayed) is,
    /// -1 for `catalog.yml` and the home page's files, nil for any other file.
    func owner(_ displayPath: String) -> Int? {
        guard displayPath.hasPrefix(tree.root.displayPrefix) else { return nil }
        let path = String(displayPath.dropFirst(tree.root.displayPrefix.count))
        if path == "catalog.yml" || path == "index.md" { return -1 }
        if let (index, _) = contextFile(path) { return index }
        if let (original, _) = Self.translationOrigin(path, locales: model.app.locales), original == "index.md" { return -1 }
        return nil
    }

    /// Defining file → tree index, for every context of the tree.
    static func filesOfContexts(_ tree: ContentTree) -> [String: Int] {
        var files: [String: Int] = [:]
        files.reserveCapacity(tree.contexts.count)
        for (index, context) in tree.contexts.enumerated() where !context.isMissingIndex {
            files[context.source.relativePath] = index
        }
        return files
    }
}
