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
        var timer = StageTimer()
        return load(root, timer: &timer)
    }

    /// - Parameter cache: a long-lived process's parses of unchanged files (`serve`).
    public static func load(_ root: ContentRoot, timer: inout StageTimer,
                            cache: IncrementalParseCache? = nil) -> LoadResult {
        var bag = DiagnosticBag()
        guard let tree = timer.measure("load", { ContentLoader(root: root).loadTree(into: &bag, cache: cache) }) else {
            return LoadResult(model: nil, diagnostics: bag, coverage: nil)
        }
        timer.measure("validate") { Validator.validate(tree, into: &bag) }
        let model = timer.measure("model") { ModelBuilder(tree: tree).build() }
        // Links and raw HTML in bodies are checked on the model, where each body is known once.
        timer.measure("validate") { bag.append(contentsOf: BodyChecker.check(model, contentRoot: root.url)) }
        return LoadResult(model: model, diagnostics: bag, coverage: TranslationCoverage(tree: tree))
    }
}
