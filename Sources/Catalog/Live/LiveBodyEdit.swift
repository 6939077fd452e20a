import Foundation

/// What a long-lived build (`serve`) keeps of its last successful build so that an edit
/// of Markdown bodies alone (`BodyEdit`) or of one context's fields (`FieldEdit`) can be
/// applied without loading, validating or modelling the whole catalog again.
struct LiveSettled: Sendable {
    /// Every file under the content directory (directories as `path/`), as stamped before
    /// that build read anything (`FileStamp.trusted`).
    var stamps: [String: FileStamp]
    /// The tree the model was built from (bodies as loaded: a `BodyEdit` patches only the
    /// model), the model, and each context's defining file → its tree index.
    var tree: ContentTree
    var model: CatalogModel
    var contextsByFile: [String: Int]
    var thumbnails: ThumbnailSet
    var branding: Branding
    /// Loading's diagnostics, and each validation rule's (`LiveValidation`).
    var loading: [Diagnostic]
    var validation: [[Diagnostic]]
    /// The diagnostics of the thumbnails and the site (after the body checks').
    var afterBodyChecks: [Diagnostic]
    var contextCount: Int
    /// The page paths the build produced.
    var pages: Set<String>
    /// Body file → how it is read and the pages that show its body.
    var bodies: [String: BodyUse]
    /// The site index of `model`, once a patch has made one.
    var siteIndex: SiteIndex?
    /// Per locale, the contexts that have a page in it, in order: a page's place here is
    /// its search document's id (a patch keeps which locales each context is in).
    var present: [LocaleID: [Int]] = [:]
    /// The files whose stamps are not trusted (`FileStamp.trusted`): read again by every
    /// rebuild until they are, whether or not the listing says they changed.
    var racy: Set<String> = []

    /// Gives files their new stamps (`LiveEdit.detect`'s).
    mutating func restamp(_ changed: [String: FileStamp]) {
        for (path, stamp) in changed {
            stamps[path] = stamp
            if stamp.size < 0 { racy.insert(path) } else { racy.remove(path) }
        }
    }

    /// Until a build succeeds, this file differs from what the output was built from.
    mutating func distrust(_ path: String) {
        stamps[path] = FileStamp(size: -1, modified: -1, inode: 0)
        racy.insert(path)
    }

    static func racy(_ stamps: [String: FileStamp]) -> Set<String> {
        Set(stamps.lazy.filter { $0.value.size < 0 }.map(\.key))
    }

    /// Loading's and validation's diagnostics: those before the body checks'.
    var beforeBodyChecks: [Diagnostic] { loading + validation.joined() }

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

/// What an edit changed, when a build can patch the last one with it.
enum LiveEdit {
    case bodies(BodyEdit)
    /// One file changed beyond its body: `FieldEdit.make` decides whether it is one.
    case fields(path: String, old: ParsedFile, new: ParsedFile)

    /// Nil when the change is neither (the caller then builds as usual). Parses the
    /// changed files (kept by `parses` either way).
    /// - Parameters:
    ///   - listing: every file's stamp as listed at `now` (not yet `trusted`).
    ///   - candidates: the files that may differ from the last build's stamps (with every
    ///     untrusted one); nil to compare every file.
    /// - Returns: the edit, and the trusted stamps of the files whose stamps differ from
    ///   the last build's (every other file's stays as it was).
    static func detect(listing: [String: FileStamp], candidates: Set<String>?, now: Int64, settled: LiveSettled,
                       content: ContentRoot, parses: IncrementalParseCache) -> (edit: LiveEdit, stamps: [String: FileStamp])? {
        guard listing.count == settled.stamps.count else { return nil }
        var changed: [(path: String, mode: FrontMatterReader.Mode)] = []
        var stamps: [String: FileStamp] = [:]
        for path in candidates.map(Array.init) ?? Array(listing.keys) {
            guard let listed = listing[path], let before = settled.stamps[path] else { return nil }
            let stamp = listed.trusted(at: now)
            guard stamp != before || stamp.size < 0 else { continue }
            stamps[path] = stamp
            if let use = settled.bodies[path] {
                changed.append((path, use.mode))
            } else if let file = settled.contextFile(path) {
                changed.append((path, file.locale == nil ? .context : .translation))
            } else {
                return nil
            }
        }
        // A file that a symbolic link took the place of is left to a whole build, whose
        // listing follows only links that stay inside the content: read here, a link
        // leading out of it would be read.
        guard !changed.contains(where: { Self.isLink(content.absolutePath($0.path)) }) else { return nil }
        let reader = Self.reader(content, locales: settled.model.app.locales)
        let parsed = changed.sorted { $0.path < $1.path }.map { file in
            (path: file.path, parse: parses.reparse(ParseRequest(relativePath: file.path, mode: file.mode), reader: reader))
        }
        if let edit = BodyEdit.detect(parsed, settled: settled) { return (.bodies(edit), stamps) }
        // Files read again only because their stamps were too recent to trust are no edit.
        let edited = parsed.filter { item in
            item.parse.old?.diagnostics != item.parse.new.diagnostics || settled.fields(of: item.path) != item.parse.new.fields
        }
        guard edited.count == 1, let only = edited.first, let old = only.parse.old else { return nil }
        return (.fields(path: only.path, old: old, new: only.parse.new), stamps)
    }

    /// How an edit reads the changed files: bodies as `LiveLoader` keeps them (an unchanged
    /// file read again gives an equal body), and no file that a link took the place of.
    static func reader(_ content: ContentRoot, locales: [LocaleID]) -> FrontMatterReader {
        var reader = FrontMatterReader(root: content, locales: locales)
        reader.bodies = .streamedWithDigest
        reader.noFollow = true
        return reader
    }

    private static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
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

    /// Nil when the changed files (parsed again) are not such an edit.
    static func detect(_ parsed: [(path: String, parse: (old: ParsedFile?, new: ParsedFile))],
                       settled: LiveSettled) -> BodyEdit? {
        var bodies: [(path: String, body: MarkdownBody)] = []
        for (path, parse) in parsed {
            // Compared with what the last build was made of (a file whose patch failed is
            // parsed, and its diagnostics kept, but not in that build).
            let (old, new) = parse
            guard settled.bodies[path] != nil, let current = settled.fields(of: path), let old,
                  let body = new.fields.body, let oldBody = current.body,
                  old.diagnostics == new.diagnostics, sameButBody(current, new.fields) else { return nil }
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

    /// The tree and model with the new bodies, and the pages that show them.
    func patch(_ settled: LiveSettled) -> (tree: ContentTree, model: CatalogModel, pages: [PageRef]) {
        var tree = settled.tree
        var model = settled.model
        var pages: [PageRef] = []
        for (path, body) in bodies {
            switch settled.contextFile(path) {
            case let (index, locale?)?: tree.contexts[index].translations[locale]?.body = body
            case let (index, nil)?: tree.contexts[index].fields.body = body
            case nil: break
            }
            for page in settled.bodies[path]?.pages ?? [] {
                guard let context = page.context else { continue }
                model.contexts[context].versions[page.locale]?.body = body
                pages.append(page)
            }
        }
        return (tree, model, pages)
    }
}
