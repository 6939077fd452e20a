import Foundation

/// `build`'s body checks, made where the site stage renders each body, from the same cmark
/// parse (a second parse of every body was a tenth of a cold build's CPU). Each source
/// file is checked once, by the first page that renders it; `finish` checks the bodies no
/// page rendered, so the diagnostics are `BodyChecker.check`'s whatever the site did.
/// Once a check finds an error the site stops (`Stop`): the build writes nothing then.
final class SiteBodyChecks: Sendable {
    /// Thrown by the site stage to stop rendering once a body has an error.
    struct Stop: Error {}

    private struct State {
        var checked: Set<String> = []
        var diagnostics: [Diagnostic] = []
        var hasErrors = false
    }

    let targets: LinkTargets
    private let state = Locked(State())

    init(contentRoot: URL) { targets = LinkTargets(contentRoot: contentRoot) }

    /// True for the first caller for a source file: that caller checks it.
    func claim(_ source: SourceFile) -> Bool {
        state.withLock { $0.checked.insert(source.relativePath).inserted }
    }

    func record(_ found: [Diagnostic]) {
        guard !found.isEmpty else { return }
        state.withLock { state in
            state.diagnostics += found
            state.hasErrors = state.hasErrors || found.contains { $0.severity == .error }
        }
    }

    var hasErrors: Bool { state.withLock { $0.hasErrors } }

    /// Every body check's diagnostics: those made while rendering and those of the bodies
    /// left unchecked (all of them when the site stopped early).
    func finish(_ model: CatalogModel) -> [Diagnostic] {
        let (checked, found) = state.withLock { ($0.checked, $0.diagnostics) }
        return found + BodyChecker.check(model, targets: targets, skipping: checked)
    }
}
