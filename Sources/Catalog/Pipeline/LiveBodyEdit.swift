import Foundation

/// What a long-lived build (`serve`) keeps of its last successful build so that an edit
/// of Markdown bodies alone can be applied without loading, validating or modelling the
/// whole catalog again (`BodyEdit`).
struct LiveSettled: Sendable {
    /// Every file under the content directory (directories as `path/`), as stamped before
    /// that build read anything (`FileStamp.trusted`).
    var stamps: [String: FileStamp]
    var model: CatalogModel
    var thumbnails: ThumbnailSet
    var branding: Branding
    /// Loading's and validation's diagnostics (those before the body checks'), and those
    /// of the thumbnails and the site (after them).
    var beforeBodyChecks: [Diagnostic]
    var afterBodyChecks: [Diagnostic]
    var contextCount: Int
    /// The page paths the build produced.
    var pages: Set<String>
    /// Body file → how it is read and the pages that show its body.
    var bodies: [String: BodyUse]
    /// The site index of `model`, once a patch has made one.
    var siteIndex: SiteIndex?

    struct BodyUse: Sendable {
        var mode: FrontMatterReader.Mode
        var pages: [PageRef]
    }

    /// Each context version's body file, and the pages it shows on. The home page's body
    /// is not listed: an edit of it is a whole build.
    static func bodyUses(_ model: CatalogModel) -> [String: BodyUse] {
        var uses: [String: BodyUse] = [:]
        for (index, node) in model.contexts.enumerated() {
            for locale in model.app.locales {
                guard let path = node.versions[locale]?.body?.source.relativePath else { continue }
                let mode: FrontMatterReader.Mode = path == node.source.relativePath ? .context : .translation
                uses[path, default: BodyUse(mode: mode, pages: [])].pages.append(PageRef(locale: locale, context: index))
            }
        }
        return uses
    }
}

/// An edit that changed nothing but the bodies of some context files: the same files and
/// directories, each changed file's front matter read to the same fields and the same
/// diagnostics. Then validation, thumbnails and payloads cannot change (no rule and no
/// payload reads a body), so a build patches the last model with the new bodies, checks
/// those bodies, renders the pages that show them and updates the search terms.
struct BodyEdit {
    /// The changed files and their new bodies.
    var bodies: [(path: String, body: MarkdownBody)]

    /// Nil when the change is not such an edit (the caller then builds as usual). Parses
    /// the changed files (kept by `parses` either way).
    static func detect(stamps: [String: FileStamp], settled: LiveSettled, content: ContentRoot,
                       parses: IncrementalParseCache) -> BodyEdit? {
        guard stamps.count == settled.stamps.count else { return nil }
        var changed: [String] = []
        for (path, stamp) in stamps {
            guard let before = settled.stamps[path] else { return nil }
            if stamp != before || stamp.size < 0 { changed.append(path) }
        }
        guard changed.allSatisfy({ settled.bodies[$0] != nil }) else { return nil }
        let reader = FrontMatterReader(root: content, locales: settled.model.app.locales)
        var bodies: [(path: String, body: MarkdownBody)] = []
        for path in changed.sorted() {
            guard let use = settled.bodies[path] else { return nil }
            let (old, new) = parses.reparse(ParseRequest(relativePath: path, mode: use.mode), reader: reader)
            guard let old, let body = new.fields.body, let oldBody = old.fields.body,
                  old.diagnostics == new.diagnostics, sameButBody(old.fields, new.fields) else { return nil }
            // A file stamped too soon after its last write is read again even if unchanged.
            if body != oldBody { bodies.append((path, body)) }
        }
        return BodyEdit(bodies: bodies)
    }

    /// Compares every field but the body.
    private static func sameButBody(_ a: ContextFields, _ b: ContextFields) -> Bool {
        var a = a, b = b
        a.body = nil
        b.body = nil
        return a == b
    }

    /// The model with the new bodies, and the pages that show them.
    func patch(_ settled: LiveSettled) -> (model: CatalogModel, pages: [PageRef]) {
        var model = settled.model
        var pages: [PageRef] = []
        for (path, body) in bodies {
            for page in settled.bodies[path]?.pages ?? [] {
                guard let context = page.context else { continue }
                model.contexts[context].versions[page.locale]?.body = body
                pages.append(page)
            }
        }
        return (model, pages)
    }
}
