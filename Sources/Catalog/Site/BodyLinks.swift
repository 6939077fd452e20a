import Foundation

/// Decides where a body's links and images go on the site: other contexts' pages in
/// the same locale (the default locale's page when the target is left out there),
/// copies of other files under `media/`, or nowhere for unsafe and broken links.
///
/// A class: each page's resolver holds it, and a struct would be copied into every
/// resolver with the whole `SiteIndex`, a dozen references retained and released per page.
final class BodyLinks: Sendable {
    let index: SiteIndex
    let contentRoot: URL
    /// What the linked files are, each looked at once (`MediaSet.publish`).
    let targets: LinkTargets

    init(index: SiteIndex, contentRoot: URL) {
        self.index = index
        self.contentRoot = contentRoot
        targets = LinkTargets(contentRoot: contentRoot)
    }

    /// Files that bodies link to, by content path; the stage copies each once. A class,
    /// so that one render's resolver closures can add to it; it is not shared between
    /// threads. Remembers every answer so each path is looked up on disk only once.
    /// The files bodies link to, shared by the pages rendered on every core (hence the lock).
    final class MediaSet: @unchecked Sendable {
        private var published = Set<String>()
        private var checked: [String: Bool] = [:]
        private let lock = NSLock()

        var paths: Set<String> { lock.withLock { published } }

        func publish(_ path: String, targets: LinkTargets) -> Bool {
            if let known = lock.withLock({ checked[path] }) {
                if known { lock.withLock { _ = published.insert(path) } }
                return known
            }
            let ok = Self.isCopyable(path, targets: targets)
            lock.withLock {
                checked[path] = ok
                if ok { published.insert(path) }
            }
            return ok
        }

        /// Only regular files inside content/ are copied, and only those that cannot run
        /// (`PublishPolicy`), lead to no hidden file and hold no private key, as the body
        /// checks require; Markdown files that are not contexts (drafts, say) are not
        /// published.
        private static func isCopyable(_ path: String, targets: LinkTargets) -> Bool {
            guard !path.isEmpty, !path.hasSuffix(".md"), PublishPolicy.isPublishable(path), targets.exists(path),
                  targets.hiddenTarget(path) == nil, !targets.holdsPrivateKey(path) else { return false }
            // Existence was checked above (inside content/); this only asks for the kind.
            var info = stat()
            return stat(targets.contentRoot.appendingPathComponent(path).path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        }
    }

    func resolver(for page: PageRef, source: SourceFile, media: MediaSet) -> HTMLRenderer.Resolver {
        let root = SitePaths.rootPrefix(depth: index.depth(page))
        return { [self] url, isImage in
            switch LinkPolicy.classify(url) {
            case .fragment(let fragment): return fragment
            case .external: return url
            case .unsafe: return nil
            case .relative(let path, let suffix):
                guard let resolved = LinkPaths.resolve(path, from: source.relativePath) else { return nil }
                if !isImage, let target = context(for: resolved) {
                    let locale = target == SiteIndex.appIndex || index.isPresent(target, in: page.locale) ? page.locale : index.defaultLocale
                    let ref = PageRef(locale: locale, context: target == SiteIndex.appIndex ? nil : target)
                    return index.link(from: page, to: ref) + suffix
                }
                guard media.publish(resolved, targets: targets) else { return nil }
                return root + SitePaths.href("media/" + resolved) + suffix
            }
        }
    }

    /// The context a content path names: its file, its directory, or a translation file.
    func context(for path: String) -> Int? {
        index.contextSources.context(for: path)
    }
}
