import Foundation

/// Why a build could not be a body edit: it is then a full build, and `--timings` says why.
struct BodyEditFallback: Error, Equatable {
    var reason: String
}

/// One changed body file rendered into the pages that show it: each page's old bytes
/// around the new body's HTML, and each page's new search terms.
struct BodyEditPages {
    var pages: [String: Data] = [:]
    /// Locale → document id → its terms now.
    var terms: [LocaleID: [Int: SearchTerms]] = [:]
    /// The file's state with the pages' new body offsets.
    var file: BodyState.File

    /// - Throws: `BodyEditFallback` when the file is more than a new body: its front matter
    ///   differs, it reads with a diagnostic, or its body's relative links are not the ones
    ///   the pages resolved before.
    init(_ path: String, file: BodyState.File, locales: [LocaleID], content: ContentRoot, output: URL) throws(BodyEditFallback) {
        self.file = file
        let body = try Self.body(path, file: file, locales: locales, content: content)
        let document = MarkdownParser.parse(body.text)
        let plain = SearchPlainText.bytes(document)
        for (number, page) in file.pages.enumerated() {
            guard let html = Self.render(document, links: page.links) else {
                throw BodyEditFallback(reason: "\(path) links to other files than before")
            }
            let old = try Self.oldPage(page, output: output)
            var bytes = Data(old[..<page.bodyStart])
            bytes.append(html)
            bytes.append(old[page.bodyEnd...])
            pages[page.path] = bytes
            self.file.pages[number].bodyEnd = page.bodyStart + html.count
            terms[page.locale, default: [:]][page.document] = SearchTerms(
                strong: page.strongTexts, weak: [.string(page.summary), .utf8(plain), .string(page.customTypeName)])
        }
    }

    /// The file's new body, when its front matter has the same bytes and it reads (body
    /// checks included) without a diagnostic.
    private static func body(_ path: String, file: BodyState.File, locales: [LocaleID],
                             content: ContentRoot) throws(BodyEditFallback) -> MarkdownBody {
        var bag = DiagnosticBag()
        let source = content.file(path)
        guard let text = ContentFiles.readText(path: content.absolutePath(path), file: source, into: &bag),
              text.utf8.count >= file.frontMatterBytes,
              IncrementalSink.hash(Data(text.utf8.prefix(file.frontMatterBytes))) == file.frontMatterHash else {
            throw BodyEditFallback(reason: "the front matter of \(path) changed")
        }
        let reader = FrontMatterReader(root: content, locales: locales)
        let fields = reader.read(text: text, file: source, mode: file.isTranslation ? .translation : .context, into: &bag)
        guard let body = fields.body, text.utf8.count - body.text.utf8.count == file.frontMatterBytes else {
            throw BodyEditFallback(reason: "the front matter of \(path) changed")
        }
        guard bag.items.isEmpty, BodyChecker.check(body, contentRoot: content.url).isEmpty else {
            throw BodyEditFallback(reason: "\(path) has a diagnostic to report")
        }
        return body
    }

    /// The body's HTML for a page, its relative links resolved as recorded; nil when its
    /// relative links are not exactly the recorded ones (a link added could lead to a page
    /// or a medium that only a whole build can resolve; one removed could unpublish a medium).
    private static func render(_ document: MarkdownDocument, links: [LinkRecord]) -> Data? {
        let resolved = ResolvedLinks(links)
        let renderer = HTMLRenderer(reservedIDs: HeadingIDs.pageShell) { url, isImage in
            switch LinkPolicy.classify(url) {
            case .fragment(let fragment): return fragment
            case .external: return url
            case .unsafe: return nil
            case .relative: return resolved.resolve(url, isImage: isImage)
            }
        }
        let out = HTMLBuilder(capacity: 4096)
        renderer.render(document, into: out)
        guard resolved.isExact else { return nil }
        return out.takeData()
    }

    private static func oldPage(_ page: BodyState.Page, output: URL) throws(BodyEditFallback) -> Data {
        guard let data = try? Data(contentsOf: output.appendingPathComponent(page.path)), page.bodyEnd <= data.count else {
            throw BodyEditFallback(reason: "\(page.path) is not as the last build wrote it")
        }
        return data
    }
}

/// A page's recorded relative links, looked up as the body is rendered; exact when every
/// link asked for was recorded and every recorded one was asked for.
private final class ResolvedLinks {
    private struct Key: Hashable {
        var url: String
        var isImage: Bool
    }

    private let results: [Key: String?]
    private var asked = Set<Key>()
    private var missing = false

    init(_ links: [LinkRecord]) {
        results = Dictionary(links.map { (Key(url: $0.url, isImage: $0.isImage), $0.result) }, uniquingKeysWith: { first, _ in first })
    }

    func resolve(_ url: String, isImage: Bool) -> String? {
        let key = Key(url: url, isImage: isImage)
        asked.insert(key)
        guard let result = results[key] else {
            missing = true
            return nil
        }
        return result
    }

    var isExact: Bool { !missing && asked.count == results.count }
}
