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

/// Collects the body state of a build's pages as the site stage writes them, in order,
/// on the writing thread (`SiteStage.run`).
final class BodyStateRecorder: @unchecked Sendable {
    private(set) var files: [String: BodyState.File] = [:]
    private(set) var documentCounts: [LocaleID: Int] = [:]
    /// The byte counts of the bodies (to find where each file's body starts).
    private(set) var bodyBytes: [String: Int] = [:]
    private var next: [LocaleID: Int] = [:]
    /// False once a page could not be recorded: nothing is saved then.
    private(set) var isComplete = true

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
        let node = renderer.index.model.contexts[context]
        let page = BodyState.Page(path: item.path, locale: locale, document: document, bodyStart: range.lowerBound,
                                  bodyEnd: range.upperBound, links: recorded.links,
                                  strongTexts: [version.title] + version.keywords, summary: version.summary ?? "",
                                  customTypeName: version.customTypeName ?? "")
        if files[path] == nil {
            files[path] = BodyState.File(isTranslation: path != node.source.relativePath, frontMatterBytes: -1,
                                         frontMatterHash: "", pages: [])
            bodyBytes[path] = body.byteCount
        }
        files[path]?.pages.append(page)
    }

    func finish(_ locale: LocaleID, documentCount: Int) {
        documentCounts[locale] = documentCount
    }
}
