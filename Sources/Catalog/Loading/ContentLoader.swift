import Foundation

/// Loading: content/ → `ContentTree`, with every problem of reading reported.
public struct ContentLoader {
    let root: ContentRoot

    public init(root: ContentRoot) { self.root = root }

    /// - Parameter cache: parsed files a long-lived process kept from its last build, taken
    ///   instead of parsing unchanged files again.
    /// - Parameter bodies: how to keep each body (only where it is, for `build` and `serve`).
    /// - Parameter listing: the content already listed (`build`'s up-to-date check), not
    ///   walked again; freed once scanned (at 171,000 files it held 24 MB through loading).
    /// Not inlined, so that profiles show it on its own (`bench/profile`).
    @inline(never)
    func loadTree(into bag: inout DiagnosticBag, cache: IncrementalParseCache? = nil,
                  bodies: FrontMatterReader.Bodies = .text, listing: consuming ContentWalk.Listing? = nil,
                  progress: (@Sendable (BuildProgress) -> Void)? = nil) -> ContentTree? {
        guard FileManager.default.fileExists(atPath: root.url.path) else {
            bag.error("catalog-missing", at: SourceLocation(file: root.displayPath),
                      "the content directory \(root.displayPath) does not exist")
            return nil
        }
        guard let config = CatalogConfigReader.read(root, into: &bag) else { return nil }
        var scanner = ContentScanner(root: root, locales: config.locales, defaultLocale: config.defaultLocale)
        let scanned = scanner.scan(listing: listing.take())
        bag.append(contentsOf: scanner.diagnostics.items)
        var reader = FrontMatterReader(root: root, locales: config.locales)
        reader.bodies = bodies
        let requests = scanned.parseRequests()
        let counter = ProgressCounter(.loading, total: requests.count, report: progress)
        let parsed = ParsedFiles.parse(requests, reader: reader, cache: cache, progress: counter)
        var builder = TreeBuilder(root: root, config: config, parsed: parsed)
        builder.addChildren(of: scanned, parent: nil, parentPath: [config.bundleIdentifier], inDraft: false)
        bag.append(contentsOf: builder.diagnostics.items)
        let home = readHome(scanned, reader: reader, parsed: parsed, into: &bag)
        var tree = ContentTree(root: root, config: config, home: home.fields, homeTranslations: home.translations,
                               contexts: builder.contexts, rootChildren: builder.rootChildren)
        tree.ruleSettings = ruleSettings(tree)
        return tree
    }

    /// catalog.yml's rules, and those of every file of the tree that sets its own.
    private func ruleSettings(_ tree: ContentTree) -> RuleSettings {
        var files: [FileRuleLevels] = []
        func add(_ fields: ContextFields?) { if let rules = fields?.rules { files.append(rules) } }
        add(tree.home)
        tree.homeTranslations.values.forEach(add)
        for context in tree.contexts {
            add(context.fields)
            context.translations.values.forEach(add)
        }
        return RuleSettings(catalog: tree.config.rules, files: files)
    }

    /// `content/index.md`: only `summary` may be set; the body is the home page's.
    private func readHome(_ scanned: ScannedDirectory, reader: FrontMatterReader, parsed: ParsedFiles,
                          into bag: inout DiagnosticBag) -> (fields: ContextFields?, translations: [LocaleID: ContextFields]) {
        func read(_ path: String) -> ContextFields {
            let file = parsed.take(path) ?? ParsedFiles.parseOne(ParseRequest(relativePath: path, mode: .home), reader: reader)
            bag.append(contentsOf: file.diagnostics)
            return file.fields
        }
        let fields = scanned.index.map { read($0) }
        var translations: [LocaleID: ContextFields] = [:]
        for (locale, path) in scanned.indexTranslations { translations[locale] = read(path) }
        return (fields, translations)
    }
}
