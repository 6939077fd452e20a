import Foundation

/// `BodyChecker`'s diagnostics for each body, kept by a long-lived build (`serve`).
///
/// A body's diagnostics depend on its text and file (positions, paths) and, for its
/// relative links and images, on whether the files they point at exist. So an entry holds
/// the whole `MarkdownBody` it was made for (found by its file, compared whole: `serve`
/// keeps where each body is and its digest, not its text, so the comparison is cheap) and
/// remembers the paths its links resolve to with
/// the answer `LinkPaths.exists` gave; it is reused while those answers stay the same,
/// which is only asked again when the set of content files changed (an edit of a file's
/// bytes cannot make another file appear or disappear).
final class BodyCheckMemo: Sendable {
    private struct Entry: Sendable {
        var body: MarkdownBody
        var diagnostics: [Diagnostic]
        var targets: [(path: String, exists: Bool)]
        /// The SVG files the body links to, reported apart (`svgDiagnostics`).
        var svgFiles: [String] = []
        /// Its links into other pages' ids, checked apart (`OtherPageAnchors`): those pages'
        /// bodies can change while this one does not.
        var otherPageLinks: [LinkTargets.OtherPageLink] = []
    }

    private struct State {
        /// By the body's file.
        var entries: [String: Entry] = [:]
        /// Each body's diagnostics in the order the last `check` took them, and the place
        /// of each body's file in that order.
        var ordered: [[Diagnostic]] = []
        var places: [String: Int] = [:]
        var contentFiles: Set<String>?
    }

    private let state = Locked(State())

    /// The diagnostics `BodyChecker.check(model, contentRoot:)` gives, in the same order.
    /// - Parameter contentFiles: every file under the content directory now.
    func check(_ model: CatalogModel, contentRoot: URL, contentFiles: Set<String>) -> [Diagnostic] {
        let filesChanged = state.withLock { state in
            defer { state.contentFiles = contentFiles }
            return state.contentFiles != contentFiles
        }
        var seen = Set<String>()
        let bodies = (model.app.locales.compactMap { model.app.body[$0] }
            + model.contexts.flatMap { node in model.app.locales.compactMap { node.versions[$0]?.body } })
            .filter { seen.insert($0.source.relativePath).inserted }
        let known = state.withLock { $0.entries }
        let results = ConcurrentMap.map(bodies) { body -> (String, Entry) in
            if let entry = known[body.source.relativePath], entry.body == body,
               !filesChanged || Self.sameTargets(entry, contentRoot: contentRoot) {
                return (body.source.relativePath, entry)
            }
            return (body.source.relativePath, Self.entry(body, contentRoot: contentRoot))
        }
        state.withLock {
            $0.entries = Dictionary(results, uniquingKeysWith: { $1 })
            $0.ordered = results.map(\.1.diagnostics)
            $0.places = Dictionary(results.enumerated().map { ($1.0, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let entries = results.map(\.1)
        return results.flatMap(\.1.diagnostics) + Self.svgDiagnostics(entries, contentRoot: contentRoot)
            + OtherPageAnchors.diagnostics(model, links: entries.flatMap(\.otherPageLinks))
    }

    /// The diagnostics of the SVG files the bodies link, each once, read again at every
    /// check: an SVG's bytes can change while no body does.
    private static func svgDiagnostics(_ entries: [Entry], contentRoot: URL) -> [Diagnostic] {
        var seen = Set<String>()
        var found: [Diagnostic] = []
        for entry in entries {
            for path in entry.svgFiles where seen.insert(path).inserted {
                found += SVGSanitizer.diagnostics(ofFileAt: contentRoot.path + "/" + path,
                                                  shownAs: entry.body.source.sibling(path).displayPath)
            }
        }
        return found
    }

    /// What `check` gives when only the text of `bodies` changed since the last `check`
    /// (the same bodies in the same order, the same content files): those are checked
    /// again, the others' diagnostics are taken as they were.
    /// - Parameter model: the catalog with these bodies, for the links into other pages.
    func recheck(_ bodies: [MarkdownBody], model: CatalogModel, contentRoot: URL) -> [Diagnostic] {
        let fresh = ConcurrentMap.map(bodies) { (body: $0, entry: Self.entry($0, contentRoot: contentRoot)) }
        let (diagnostics, entries) = state.withLock { state in
            for item in fresh {
                let path = item.body.source.relativePath
                state.entries[path] = item.entry
                if let place = state.places[path] { state.ordered[place] = item.entry.diagnostics }
            }
            let byPlace = state.places.sorted { $0.value < $1.value }.compactMap { state.entries[$0.key] }
            return (Array(state.ordered.joined()), byPlace)
        }
        return diagnostics + Self.svgDiagnostics(entries, contentRoot: contentRoot)
            + OtherPageAnchors.diagnostics(model, links: entries.flatMap(\.otherPageLinks))
    }

    private static func sameTargets(_ entry: Entry, contentRoot: URL) -> Bool {
        entry.targets.allSatisfy { LinkPaths.exists($0.path, in: contentRoot) == $0.exists }
    }

    /// The entry keeps the body as it came (where it is), not the text read here once: a
    /// body that changed since it was loaded has no diagnostics (the site stage, which
    /// renders it, stops the build).
    private static func entry(_ body: MarkdownBody, contentRoot: URL) -> Entry {
        guard let loaded = try? body.loaded() else { return Entry(body: body, diagnostics: [], targets: []) }
        let reportables = MarkdownScanner.reportables(loaded.text)
        let linkTargets = LinkTargets(contentRoot: contentRoot, reportsSVGFiles: false)
        let diagnostics = BodyChecker.diagnostics(reportables, in: loaded, targets: linkTargets)
        var targets: [(path: String, exists: Bool)] = []
        for item in reportables {
            let url: String
            switch item.node.kind {
            case .link(let destination, _), .image(let destination, _): url = destination
            default: continue
            }
            guard case .relative(let path, _) = LinkPolicy.classify(url),
                  let resolved = LinkPaths.resolve(path, from: body.source.relativePath) else { continue }
            targets.append((resolved, LinkPaths.exists(resolved, in: contentRoot)))
        }
        return Entry(body: body, diagnostics: diagnostics, targets: targets, svgFiles: linkTargets.linkedSVGFiles,
                     otherPageLinks: linkTargets.linksIntoOtherPages)
    }
}

/// Loading, validation and the model as `CatalogLoader.load` runs them, with the parses
/// and body checks of unchanged files taken from a long-lived build's memory.
enum LiveLoader {
    /// What a `FieldEdit` patches: the tree, loading's diagnostics and each rule's.
    struct Kept {
        var tree: ContentTree
        var loading: [Diagnostic]
        var validation: [[Diagnostic]]
    }

    /// - Parameter kept: set when the model was built.
    static func load(_ root: ContentRoot, timer: inout StageTimer, parses: IncrementalParseCache,
                     bodies: BodyCheckMemo, contentFiles: Set<String>, kept: inout Kept?) -> LoadResult {
        var bag = DiagnosticBag()
        guard let tree = timer.measure("load", { ContentLoader(root: root).loadTree(into: &bag, cache: parses, bodies: .streamedWithDigest) }) else {
            return LoadResult(model: nil, diagnostics: bag, coverage: nil)
        }
        bag.configure(tree.ruleSettings)
        let loading = bag.items
        let validation = timer.measure("validate") { LiveValidation.run(tree) }
        for list in validation { bag.append(contentsOf: list) }
        let model = timer.measure("model") { ModelBuilder(tree: tree).build() }
        let checked = timer.measure("body checks") {
            bodies.check(model, contentRoot: root.url, contentFiles: contentFiles)
        }
        kept = Kept(tree: tree, loading: loading, validation: validation)
        bag.append(contentsOf: checked)
        return LoadResult(model: model, diagnostics: bag, coverage: nil)
    }
}
