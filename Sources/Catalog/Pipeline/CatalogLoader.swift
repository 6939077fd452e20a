/// Loading, validation and the model in one call: what `validate` runs and what `build`
/// runs first.
public struct LoadResult: Sendable {
    /// Nil when catalog.yml could not be read; otherwise built even when there are errors
    /// (so that tools can show as much as possible), but never written out then.
    public var model: CatalogModel?
    public var diagnostics: DiagnosticBag
    public var coverage: TranslationCoverage?
    /// The loaded tree, kept as long as the result: `validate` ends the process without
    /// freeing either, where freeing every context at the end of loading cost ~1 % of its CPU.
    var tree: ContentTree? = nil

    /// How many files were read: catalog.yml, the home page and every context file and
    /// translation (`validate`'s summary).
    public var fileCount: Int {
        guard let tree else { return 0 }
        let home = (tree.home == nil ? 0 : 1) + tree.homeTranslations.count
        return 1 + home + tree.contexts.reduce(0) { $0 + ($1.isMissingIndex ? 0 : 1) + $1.translations.count }
    }
}

public enum CatalogLoader {
    public static func load(_ root: ContentRoot) -> LoadResult {
        var timer = StageTimer()
        return load(root, timer: &timer)
    }

    /// - Parameter cache: a long-lived process's parses of unchanged files (`serve`).
    /// - Parameter checkBodies: false for `build`, which checks each body where the site
    ///   renders it (`SiteBodyChecks`).
    /// - Parameter streamsBodies: keep where each body is, not its text: the site stage
    ///   reads each body again as it renders it (`build`, whose memory must not grow with
    ///   the bodies).
    /// - Parameter progress: told as content files are parsed (`BuildProgress.Stage.loading`).
    public static func load(_ root: ContentRoot, timer: inout StageTimer,
                            cache: IncrementalParseCache? = nil, checkBodies: Bool = true,
                            streamsBodies: Bool = false,
                            progress: (@Sendable (BuildProgress) -> Void)? = nil) -> LoadResult {
        load(root, timer: &timer, cache: cache, checkBodies: checkBodies, streamsBodies: streamsBodies,
             listing: nil, progress: progress)
    }

    /// - Parameter listing: the content as `build` listed it already (`IncrementalBuild`),
    ///   handed on to the scanner and freed once scanned.
    static func load(_ root: ContentRoot, timer: inout StageTimer, cache: IncrementalParseCache?, checkBodies: Bool,
                     streamsBodies: Bool, listing: consuming ContentWalk.Listing?,
                     progress: (@Sendable (BuildProgress) -> Void)?) -> LoadResult {
        var bag = DiagnosticBag()
        guard let tree = timer.measure("load", {
            ContentLoader(root: root).loadTree(into: &bag, cache: cache, bodies: streamsBodies ? .streamed : .text,
                                               listing: listing.take(), progress: progress)
        }) else {
            return LoadResult(model: nil, diagnostics: bag, coverage: nil)
        }
        bag.configure(tree.ruleSettings)
        let checked = timer.measure("validate and model") { TreeStages.run(tree) }
        bag.append(contentsOf: checked.diagnostics)
        // Links and raw HTML in bodies are checked on the model, where each body is known once.
        if checkBodies {
            timer.measure("validate") { bag.append(contentsOf: BodyChecker.check(checked.model, contentRoot: root.url)) }
            // The logo and stylesheet, read as the site stage reads them, so that `validate`
            // reports what `build` would (a missing file, a FIFO).
            bag.append(contentsOf: StoppedBuildChecks.branding(checked.model, contentRoot: root.url))
        }
        return LoadResult(model: checked.model, diagnostics: bag, coverage: checked.coverage, tree: tree)
    }
}

/// What reads only the loaded tree: the validation rules, the model and the translation
/// coverage. None depends on another, so they run side by side on every core (the model
/// first, as it takes longest); the rules' diagnostics keep the rules' order.
enum TreeStages {
    struct Result: Sendable {
        var model: CatalogModel
        var diagnostics: [Diagnostic]
        var coverage: TranslationCoverage
    }

    private enum Outcome: Sendable {
        case model(CatalogModel)
        case diagnostics([Diagnostic])
        case coverage(TranslationCoverage)
    }

    static func run(_ tree: ContentTree) -> Result {
        let rules = Validator.rules.count
        let outcomes = ConcurrentMap.map(Array(0..<(rules + 2))) { job -> Outcome in
            switch job {
            case 0: return .model(ModelBuilder(tree: tree).build())
            case rules + 1: return .coverage(TranslationCoverage(tree: tree))
            default: return .diagnostics(Validator.diagnostics(of: Validator.rules[job - 1], tree))
            }
        }
        var model: CatalogModel?, coverage: TranslationCoverage?, diagnostics: [Diagnostic] = []
        for outcome in outcomes {
            switch outcome {
            case .model(let built): model = built
            case .diagnostics(let found): diagnostics += found
            case .coverage(let counted): coverage = counted
            }
        }
        // Every job ran: the first built the model and the last counted the coverage.
        return Result(model: model!, diagnostics: diagnostics, coverage: coverage!)
    }
}
