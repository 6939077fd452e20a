/// Turns the loaded content into the `CatalogModel`: applies defaults and inheritance,
/// leaves drafts out, and resolves each context's text in every locale it is published in.
struct ModelBuilder {
    let tree: ContentTree
    private var config: CatalogConfig { tree.config }

    init(tree: ContentTree) { self.tree = tree }

    func build() -> CatalogModel {
        var nodes: [ContextNode] = []
        var newIndex: [Int: Int] = [:]
        for (oldIndex, loaded) in tree.contexts.enumerated() where !loaded.isDraft {
            let parent = loaded.parent.flatMap { newIndex[$0] }
            var node = makeNode(loaded, parent: parent.map { Inherited(nodes[$0]) })
            node.parent = parent
            newIndex[oldIndex] = nodes.count
            if let parent { nodes[parent].children.append(nodes.count) }
            nodes.append(node)
        }
        let rootChildren = tree.rootChildren.compactMap { newIndex[$0] }
        return CatalogModel(app: makeApp(children: rootChildren), contexts: nodes)
    }

    /// The node of one context of the tree, with the parent it has in the model and that
    /// parent's node (what it inherits); for a long-lived build (`serve`) that patches one
    /// context of the last model. Its children are left empty, as `build` fills them.
    func node(_ treeIndex: Int, parent: Int?, parentNode: ContextNode?) -> ContextNode {
        var node = makeNode(tree.contexts[treeIndex], parent: parentNode.map(Inherited.init))
        node.parent = parent
        return node
    }

    /// What a context takes from its parent (a few values, not a copy of the whole node).
    private struct Inherited {
        var locales: Set<LocaleID>
        var topic: Topic?
        var minimumBundleVersion: String?

        init(_ parent: ContextNode) {
            locales = Set(parent.versions.keys)
            topic = parent.topic
            minimumBundleVersion = parent.minimumBundleVersion
        }
    }

    private func makeNode(_ loaded: LoadedContext, parent: Inherited?) -> ContextNode {
        let fields = loaded.fields
        let type = fields.type?.value ?? defaultType(loaded)
        let versions = ContextLocales(config: config).versions(of: loaded, type: type, parentLocales: parent?.locales)
        let isAssignable = fields.assignable?.value ?? !loaded.isDirectory
        return ContextNode(
            identifier: loaded.identifier, identifierPath: loaded.identifierPath, type: type,
            source: loaded.source, isDirectory: loaded.isDirectory, displayOrder: loaded.displayOrder,
            isAssignable: isAssignable,
            topic: fields.topic ?? parent?.topic ?? config.topic,
            suggestedAge: fields.suggestedAge, suggestedCompletionTime: fields.suggestedCompletionTime,
            thumbnail: ThumbnailResolver(root: tree.root).source(for: loaded),
            universalLinkURL: fields.universalLinkURL ?? defaultUniversalLink(loaded.identifierPath),
            minimumBundleVersion: fields.minimumBundleVersion ?? parent?.minimumBundleVersion ?? config.minimumBundleVersion,
            standardsAlignments: fields.standardsAlignments ?? [], versions: versions,
            // Only an activity the app opens can lock the device (`assessment-unassignable`).
            isAssessment: isAssignable && fields.assessment?.value == true)
    }

    private func defaultType(_ loaded: LoadedContext) -> ContextType {
        guard loaded.isDirectory else { return .section }
        return loaded.parent == nil ? .book : .chapter
    }

    private func defaultUniversalLink(_ path: [String]) -> String? {
        guard let base = config.universalLinkBase else { return nil }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return prefix + path.dropFirst().map(PercentEncoding.encode).joined(separator: "/")
    }

    private func makeApp(children: [Int]) -> AppContext {
        let home = tree.home
        var title: [LocaleID: String] = [:], summary: [LocaleID: String] = [:], body: [LocaleID: MarkdownBody] = [:]
        for locale in config.locales {
            let translation = tree.homeTranslations[locale]
            title[locale] = config.title?.value(for: locale, defaultLocale: config.defaultLocale)
                ?? config.title?.defaultValue(config.defaultLocale) ?? config.bundleIdentifier
            summary[locale] = translation?.summary?.plain ?? home?.summary?.value(for: locale, defaultLocale: config.defaultLocale)
                ?? home?.summary?.defaultValue(config.defaultLocale)
            body[locale] = translation?.body ?? home?.body
        }
        return AppContext(
            bundleIdentifier: config.bundleIdentifier, defaultLocale: config.defaultLocale, locales: config.locales,
            title: title, source: config.source, summary: summary, body: body, topic: config.topic,
            minimumBundleVersion: config.minimumBundleVersion, universalLinkBase: config.universalLinkBase,
            missingTranslation: config.missingTranslation, site: config.site, children: children)
    }
}
