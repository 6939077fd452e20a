import Foundation

/// What a later `build` needs to apply an edit of Markdown bodies alone without loading
/// the catalog (`BodyEditBuild`), saved beside `build-state.tsv` as `body-state.bin`:
/// per body file, how it is read, its front matter's bytes (by hash) and the pages that
/// show it; per page, where its body's HTML is in the page file, what its relative links
/// resolved to, its search document's id and the texts its other search terms come from.
///
/// Saved only after a clean build, and only for files that did not change while it ran.
struct BodyState: Sendable, Equatable {
    static let fileName = "body-state.bin"

    struct File: Sendable, Equatable {
        var isTranslation: Bool
        /// The bytes before the body (the front matter and its fences): length and hash.
        var frontMatterBytes: Int
        var frontMatterHash: String
        var pages: [Page]
    }

    struct Page: Sendable, Equatable {
        /// The page file, relative to the output.
        var path: String
        var locale: LocaleID
        /// The page's place in its locale's search documents.
        var document: Int
        /// The body's HTML in the page file, as byte offsets.
        var bodyStart: Int
        var bodyEnd: Int
        var links: [LinkRecord]
        /// The search document's strong texts (title, keywords) and the texts besides the
        /// body it takes weak terms from (summary, custom type name), in that order.
        var strongTexts: [String]
        var summary: String
        var customTypeName: String
    }

    /// The stamp of the `build-state.tsv` saved with this state: the two are used together
    /// or not at all (each save renames a new file in, with a new inode).
    var buildState: FileStamp
    var locales: [LocaleID]
    /// The context versions the build counted (its payloads'), for the report.
    var contextCount: Int
    /// Per locale, how many search documents it has.
    var documentCounts: [LocaleID: Int]
    /// Body file (content-relative) → what is known of it.
    var files: [String: File]
}

extension BodyState {
    /// Whether a page of another body file links into the page of `path` by an id
    /// (`[the setup](quiz.md#setup)`, `quiz/#setup`, or into a translation of it). Compared
    /// by context: a file and its translations, a folder and its `index.md`, are one.
    func isLinkedIntoByID(_ path: String) -> Bool {
        let context = Self.context(of: path, locales: locales)
        return files.contains { file, record in
            file != path && record.pages.contains { page in
                page.links.contains { link in
                    guard !link.isImage, case .relative(let target, let suffix) = LinkPolicy.classify(link.url),
                          let hash = suffix.firstIndex(of: "#"), suffix.index(after: hash) < suffix.endIndex,
                          let resolved = LinkPaths.resolve(target, from: file) else { return false }
                    return Self.context(of: resolved, locales: locales) == context
                }
            }
        }
    }

    /// A content path without what tells a context's files apart: a trailing `/`, `.md`,
    /// `/index` (a folder's own file) and a locale's suffix (`quiz.ja-jp.md`).
    static func context(of path: String, locales: [LocaleID]) -> Substring {
        var path = Substring(path)
        if path.hasSuffix("/") { path = path.dropLast() }
        if path.hasSuffix(".md") { path = path.dropLast(3) }
        if let dot = path.lastIndex(of: "."), let locale = LocaleID(normalizing: String(path[path.index(after: dot)...])),
           locales.contains(locale) {
            path = path[..<dot]
        }
        if path == "index" { return "" }
        if path.hasSuffix("/index") { path = path.dropLast("/index".count) }
        return path
    }
}

/// Collects the body state of a build's pages as the site stage writes them, in order,
/// on the writing thread (`SiteStage.run`), and writes each page's record to the state
/// file there and then (`BodyStateWriter`): nothing of them is held.
///
/// A body file's front matter (length and hash) comes with the body, read by the page's
/// worker (`ReadFrontMatter`); a file whose stamp then differs from the one the build took
/// as it started (`inputs`) changed while the build ran, and is left out of the state
/// (its records say so: `frontMatterBytes` is -1), so that an edit of it is a full build.
final class BodyStateRecorder: @unchecked Sendable {
    private(set) var documentCounts: [LocaleID: Int] = [:]
    private var next: [LocaleID: Int] = [:]
    /// False once a page could not be recorded: nothing is saved then.
    private(set) var isComplete = true
    /// The content files' stamps as the build started (`IncrementalBuild.inputs`).
    private let inputs: [String: FileStamp]
    private let writer: BodyStateWriter

    init(inputs: [String: FileStamp], directory: URL) {
        self.inputs = inputs
        writer = BodyStateWriter(directory: directory)
    }

    func add(_ item: RenderedPage, renderer: PageRenderer) {
        let locale = item.page.locale
        let document = next[locale, default: 0]
        next[locale] = document + 1
        guard let context = item.page.context, let version = renderer.version(context, locale),
              let body = version.body else { return }
        guard let recorded = item.recordedBody, let range = recorded.range else {
            isComplete = false
            return
        }
        let path = body.source.relativePath
        let page = BodyState.Page(path: item.path, locale: locale, document: document, bodyStart: range.lowerBound,
                                  bodyEnd: range.upperBound, links: recorded.links,
                                  strongTexts: [version.title] + version.keywords, summary: version.summary ?? "",
                                  customTypeName: version.customTypeName ?? "")
        let frontMatter = recorded.frontMatter.flatMap { read in
            read.stamp.flatMap { inputs[path] == $0 && $0.size >= 0 ? read : nil }
        }
        // The node's path read where it is: a copy of the node retains every list it holds.
        let file = BodyState.File(isTranslation: path != renderer.index.model.contexts[context].source.relativePath,
                                  frontMatterBytes: frontMatter?.bytes ?? -1, frontMatterHash: frontMatter?.hash ?? "",
                                  pages: [])
        writer.record(path: path, file: file, page: page)
    }

    func finish(_ locale: LocaleID, documentCount: Int) {
        documentCounts[locale] = documentCount
    }

    /// Puts the state in place with `buildState`'s stamp; false when it cannot be (a page
    /// not recorded, a write that failed), and then the temporary file is gone.
    func commit(buildState: FileStamp, locales: [LocaleID], contextCount: Int, identity: [String]) -> Bool {
        guard isComplete else {
            writer.discard()
            return false
        }
        let state = BodyState(buildState: buildState, locales: locales, contextCount: contextCount,
                              documentCounts: documentCounts, files: [:])
        return writer.commit { state.writeTrailer(identity: identity, to: &$0) }
    }

    /// Removes what was written (a build that saves no state).
    func discard() { writer.discard() }
}
