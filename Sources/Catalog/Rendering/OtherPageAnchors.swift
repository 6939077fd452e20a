import Foundation

/// `link-anchor-missing` for links into other pages (`[the stack](ownership.md#the-stack)`):
/// the page a link leads to is known once every body is read, and it is the page in the
/// locale the link is shown in. A body is shown in its own locale and, as a fallback, in
/// the locales that leave its context out; there the link leads to the target's page in
/// that locale, made from its translation (whose headings, and so their ids, are the
/// translation's) when it has one. So each link is looked at in every locale that shows
/// it, and reported once, naming the locales where it lands nowhere when not all do.
///
/// The ids of each page linked into are worked out once, from a parse of its body of its
/// own (`PageAnchors.ids(of:)`, as the renderer claims them).
enum OtherPageAnchors {
    static func diagnostics(_ model: CatalogModel, links: [LinkTargets.OtherPageLink]) -> [Diagnostic] {
        guard !links.isEmpty else { return [] }
        let sources = ContextSources(model.contexts)
        let shown = localesShowing(Set(links.map(\.source)), in: model)
        // Each link with the page it leads to in each locale that shows it.
        let leads: [(link: LinkTargets.OtherPageLink, targets: [(locale: LocaleID, body: MarkdownBody?)])] = links.compactMap { link in
            guard let target = sources.context(for: link.target), let locales = shown[link.source] else { return nil }
            return (link, locales.map { ($0, targetBody(target, in: $0, model: model)) })
        }
        // The ids of each page linked into, worked out once each, on every core.
        var seen = Set<String>()
        let bodies = leads.flatMap { $0.targets.compactMap(\.body) }.filter { seen.insert($0.source.relativePath).inserted }
        let pageIDs = Dictionary(uniqueKeysWithValues: zip(bodies.map(\.source.relativePath), ConcurrentMap.map(bodies) { PageAnchors.ids(of: $0) }))
        func ids(of body: MarkdownBody?) -> PageAnchors.PageIDs {
            body.flatMap { pageIDs[$0.source.relativePath] } ?? PageAnchors.PageIDs(known: HeadingIDs.pageShell, ordered: [])
        }
        var found: [Diagnostic] = [], reported: [String: Int] = [:]
        for (link, targets) in leads {
            let missing = targets.filter { !PageAnchors.lands(link.fragment, in: ids(of: $0.body).known) }
            guard let first = missing.first, reported[link.source, default: 0] < PageAnchors.reportedPerBody else { continue }
            reported[link.source, default: 0] += 1
            let only = missing.count < targets.count ? missing.map(\.locale) : nil
            found.append(.warning("link-anchor-missing", at: link.location,
                                  message(link, target: first.body, ids: ids(of: first.body).ordered, onlyIn: only)))
        }
        return found
    }

    /// Each source file's locales: those whose pages show its body (its own, and those
    /// its context falls back to it in), in the app's order.
    private static func localesShowing(_ files: Set<String>, in model: CatalogModel) -> [String: [LocaleID]] {
        var shown: [String: [LocaleID]] = [:]
        for locale in model.app.locales {
            // The home page shows the default locale's body where a locale has none of its own.
            if let body = model.app.body[locale] ?? model.app.body[model.app.defaultLocale], files.contains(body.source.relativePath) {
                shown[body.source.relativePath, default: []].append(locale)
            }
        }
        for node in model.contexts {
            for locale in model.app.locales {
                if let body = node.versions[locale]?.body, files.contains(body.source.relativePath) {
                    shown[body.source.relativePath, default: []].append(locale)
                }
            }
        }
        return shown
    }

    /// The body of the page a link in `locale` leads to (`BodyLinks`: the context's page in
    /// that locale, or the default locale's when the context is left out there).
    private static func targetBody(_ context: Int, in locale: LocaleID, model: CatalogModel) -> MarkdownBody? {
        if context == ContextSources.appIndex { return model.app.body[locale] ?? model.app.body[model.app.defaultLocale] }
        let versions = model.contexts[context].versions
        return (versions[locale] ?? versions[model.app.defaultLocale])?.body
    }

    static func message(_ link: LinkTargets.OtherPageLink, target: MarkdownBody?, ids: [String], onlyIn locales: [LocaleID]?) -> String {
        let page = target.map { "`\($0.source.relativePath)`" } ?? "a page without a body"
        let which = locales.map { " in the \($0.map(\.rawValue).joined(separator: ", ")) page\($0.count > 1 ? "s" : "")" } ?? ""
        let lead = "link `\(PageAnchors.shown(link.url))`\(which) names no heading or id of \(page), so it opens that page at its top"
        guard !ids.isEmpty else {
            return "\(lead): that page has no heading or id; link to the page alone, or put `id=\"\(PageAnchors.shown(link.fragment))\"` on the element it means"
        }
        if let closest = Suggestions.closest(to: link.fragment, in: Array(ids.prefix(PageAnchors.suggestedAmong))) {
            return "\(lead); did you mean `#\(closest)`?"
        }
        return "\(lead); its ids are \(PageAnchors.listed(ids)): link to one of them, or give the heading it means that id (`{#\(PageAnchors.shown(link.fragment))}` after its text)"
    }
}
