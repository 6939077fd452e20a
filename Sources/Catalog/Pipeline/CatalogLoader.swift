/// Loading, validation and the model in one call: what `validate` runs and what `build`
/// runs first.
public struct LoadResult: Sendable {
    /// Nil when catalog.yml could not be read; otherwise built even when there are errors
    /// (so that tools can show as much as possible), but never written out then.
    public var model: CatalogModel?
    public var diagnostics: DiagnosticBag
    public var coverage: TranslationCoverage?
}

public enum CatalogLoader {
    public static func load(_ root: ContentRoot) -> LoadResult {
        var bag = DiagnosticBag()
        guard let tree = ContentLoader(root: root).loadTree(into: &bag) else {
            return LoadResult(model: nil, diagnostics: bag, coverage: nil)
        }
        Validator.validate(tree, into: &bag)
        let model = ModelBuilder(tree: tree).build()
        // Links and raw HTML in bodies are checked on the model, where each body is known once.
        bag.append(contentsOf: BodyChecker.check(model, contentRoot: root.url))
        return LoadResult(model: model, diagnostics: bag,
                          coverage: TranslationCoverage(tree: tree))
    }
}
