import Foundation

/// Checks a Markdown body for what the site would have to drop or could not link:
/// broken relative links and images (`link-broken`), raw HTML the allowlist removes
/// (`raw-html-removed`, `raw-html-too-large`, see `RawHTMLChecker`), links
/// with script-running schemes (`unsafe-link`) or schemes no reader opens
/// (`link-scheme-unknown`), links to files that are never
/// published: hidden (`link-hidden-file`), not regular (`file-not-regular`) or of a type
/// that can run script (`link-active-file`), links within the page that land on no id
/// (`link-anchor-missing`, see `PageAnchors`), and nesting too deep or bodies too large to
/// render (`body-too-deep`, `body-too-large`), and other engines' markup the page shows
/// as written (`foreign-syntax`), each at its position in the file.
public struct BodyChecker {
    /// Checks every body of the catalog once: a fallback version shares its body (and its
    /// file) with the default locale, so bodies are checked per source file.
    public static func check(_ model: CatalogModel, contentRoot: URL) -> [Diagnostic] {
        check(model, targets: LinkTargets(contentRoot: contentRoot), skipping: [])
    }

    /// - Parameter skipping: the source files (relative paths) already checked.
    static func check(_ model: CatalogModel, targets: LinkTargets, skipping: Set<String>) -> [Diagnostic] {
        // Only the bodies left are gathered, and `skipping` is only read: after a build's
        // site stage it names every body (251,000 at 250,000 versions), and a copy of it to
        // insert into, with a copy of every body to filter, was a fifth of a second alone at
        // the build's serial end.
        var seen: Set<String> = []
        var bodies: [MarkdownBody] = []
        func add(_ body: MarkdownBody?) {
            guard let body, !skipping.contains(body.source.relativePath),
                  seen.insert(body.source.relativePath).inserted else { return }
            bodies.append(body)
        }
        for locale in model.app.locales { add(model.app.body[locale]) }
        for node in model.contexts {
            for locale in model.app.locales { add(node.versions[locale]?.body) }
        }
        // Bodies are independent: check them on every core, then keep the model's order.
        // Link targets are looked up once each, whichever body asks first.
        let results = ConcurrentMap.map(bodies) { check($0, targets: targets) }
        // Then the links into other pages, of these bodies and of those checked before.
        return results.flatMap { $0 } + OtherPageAnchors.diagnostics(model, links: targets.linksIntoOtherPages)
    }

    public static func check(_ body: MarkdownBody, contentRoot: URL) -> [Diagnostic] {
        check(body, targets: LinkTargets(contentRoot: contentRoot))
    }

    /// A node's position is worked out only when it is reported: most links are fine, and
    /// converting every link's position showed in profiles.
    static func check(_ body: MarkdownBody, targets: LinkTargets) -> [Diagnostic] {
        // Read once: a streamed body's text is read again from its file. One that changed
        // since it was loaded has nothing to check here; the site stage, which renders it,
        // stops the build.
        guard let body = try? body.loaded() else { return [] }
        return diagnostics(MarkdownScanner.reportables(body.text), in: body, targets: targets)
    }

    /// The diagnostics of a body's reportable nodes, found by whichever parse.
    static func diagnostics(_ reportables: [ReportableNode], in body: MarkdownBody, targets: LinkTargets) -> [Diagnostic] {
        // Made once, when the first diagnostic needs a position: it copies the text and
        // finds every line's start.
        var columns: SourceColumns?
        func table() -> SourceColumns {
            let table = columns ?? SourceColumns(body)
            columns = table
            return table
        }
        func location(of item: ReportableNode) -> SourceLocation {
            table().location(of: item.node, block: item.block, quoted: item.quoted)
        }
        var found: [Diagnostic] = []
        var rawHTML: RawHTMLChecker?
        var anchors = PageAnchors()
        // Where `foreign-syntax` reported: a construct cmark's text hides (`&#123;{ x }}`)
        // may be found at the next one's place, which is then reported once.
        var foreignOffsets: Set<Int> = []
        for item in reportables {
            if case .heading(_, let own) = item.node.kind {
                anchors.add(PageAnchors.Heading(text: item.node.literal, own: own,
                                                location: { table().location(ofHeadingAttribute: item.node) }))
                continue
            }
            if item.tooLarge {
                found.append(.error("body-too-large", at: location(of: item),
                                    "the body holds more than \(MarkdownBudget.limit) Markdown marks (punctuation, line breaks and table cells), more than a page can be rendered from and it is left out; split it into several pages, or link long data as a file"))
                continue
            }
            if item.tooDeep {
                found.append(.error("body-too-deep", at: location(of: item),
                                    "quotes, lists, emphasis or links nest here more than \(MarkdownParser.maximumDepth) levels deep and what is deeper is left out of the page; flatten the nesting, or put text meant literally in a code block"))
                continue
            }
            if let foreign = item.foreign {
                // Not where the source escapes it: that is text meant as written.
                if let offset = table().byteOffset(of: foreign.anchor, atLiteralOffset: foreign.offset, in: item.node,
                                                   block: item.block, quoted: item.quoted),
                   foreignOffsets.insert(offset).inserted {
                    found.append(.warning("foreign-syntax", at: table().location(ofByteOffset: offset), ForeignSyntax.message(for: foreign)))
                }
                continue
            }
            if item.node.isRawHTML {
                rawHTML = rawHTML ?? RawHTMLChecker(reportables, body: body)
                found += rawHTML!.diagnose(item, source: body.source, targets: targets)
                continue
            }
            if case .link(let url, _) = item.node.kind { anchors.add(destination: url, at: { location(of: item) }) }
            found += diagnose(item.node, at: location(of: item), source: body.source, targets: targets)
        }
        return found + anchors.headingIDDiagnostics() + withinPage(anchors, rawHTML, reportables)
            + controlCharacters(in: body, columns: table)
            + paragraphFences(in: body, columns: table)
    }

    /// `link-anchor-missing`: the links of the body's Markdown and HTML that land on no id
    /// of its page (`PageAnchors`).
    private static func withinPage(_ anchors: PageAnchors, _ rawHTML: RawHTMLChecker?, _ reportables: [ReportableNode]) -> [Diagnostic] {
        var anchors = anchors
        // A body over the raw HTML budget keeps none of its HTML: no link, id or heading of it.
        guard let rawHTML, !rawHTML.tooLarge else { return anchors.diagnostics(writers: []) }
        anchors.add(rawHTML.anchors.links)
        guard !anchors.links.isEmpty else { return [] }
        return anchors.diagnostics(writers: PageAnchors.writersClaims(reportables))
    }

    /// Each line written as a code fence that Markdown reads as text (`FenceCheck`).
    static func paragraphFences(in body: MarkdownBody, columns: () -> SourceColumns) -> [Diagnostic] {
        let fences = FenceCheck.paragraphFences(in: body.text)
        guard !fences.isEmpty else { return [] }
        let table = columns()
        return fences.map { fence in
            Diagnostic.warning("fence-info-backtick", at: table.location(line: fence.line, byteColumn: fence.byteColumn),
                               "this line is written as a code fence, but a fence of backticks cannot hold a backtick after its opening run, so Markdown reads the line as text and the fence meant to close it opens a code block instead; open and close the block with `~~~` (a fence of tildes may hold backticks), or take the backticks out of the line")
        }
    }

    /// Each place that gives a body's page an invisible control character, which the page
    /// leaves out (`HTMLRenderer`); the first `reportedControls` of a body, then how many more.
    static func controlCharacters(in body: MarkdownBody, columns: () -> SourceColumns) -> [Diagnostic] {
        var text = body.text
        // The first ones and how many in all: a body of 16 million would not be listed.
        let (controls, total) = text.withUTF8 { bytes in
            let first = ControlCharacters.invisibleControls(in: bytes, limit: reportedControls + 1)
            return (first, first.count > reportedControls ? ControlCharacters.countInvisibleControls(in: bytes) : first.count)
        }
        guard !controls.isEmpty else { return [] }
        let table = columns()
        var found = controls.prefix(reportedControls).map { control in
            Diagnostic.warning("body-control-character", at: table.location(ofByteOffset: control.offset),
                               "the body holds the control character \(ControlCharacters.code(control.scalar)), which no reader sees, so the page leaves it out; \(ControlCharacters.correction(control.scalar))")
        }
        if total > reportedControls, let last = found.last {
            found[found.count - 1] = Diagnostic.warning(
                "body-control-character", at: last.location,
                "\(last.message); \(total - reportedControls) more control characters follow in this file, all left out")
        }
        return found
    }

    /// A file full of them (binary data pasted into a page) is reported this many times.
    static let reportedControls = 20

    private static func diagnose(_ node: MarkdownNode, at location: @autoclosure () -> SourceLocation, source: SourceFile,
                                 targets: LinkTargets) -> [Diagnostic] {
        switch node.kind {
        case .link(let url, _), .image(let url, _):
            return diagnoseDestination(url, isImage: node.isImage, at: location, source: source, targets: targets)
        default:
            return []
        }
    }

    static func diagnoseDestination(_ url: String, isImage: Bool, at location: () -> SourceLocation,
                                            source: SourceFile, targets: LinkTargets) -> [Diagnostic] {
        diagnoseDestination(url, LinkPolicy.classify(url), as: isImage ? .image : .link, at: location, source: source,
                            targets: targets)
    }

    /// What refers to a file, as messages name it.
    enum Referrer {
        case link, image, styleSheet

        var name: String {
            switch self {
            case .link: "link"
            case .image: "image"
            case .styleSheet: "style sheet reference"
            }
        }

        /// What to use instead of a file that could run script.
        var activeFileAdvice: String {
            switch self {
            case .link, .image: "link to a page (a .md file) instead, or use an image in PNG, JPEG, GIF, WebP or SVG (an uncompressed .svg)"
            case .styleSheet: "use an image in PNG, JPEG, GIF, WebP or SVG (an uncompressed .svg), a font or a .css file"
            }
        }
    }

    /// What `link-broken` says of a relative `url` that names nothing: the page it means when
    /// it was written as the page's address on a site, or the whole web address it may be.
    private static func brokenMessage(_ url: String, path: String, resolved: String, as referrer: Referrer,
                                      source: SourceFile, targets: LinkTargets) -> String {
        let lead = "\(referrer.name) `\(url)` points at `\(resolved)`, which does not exist in content/"
        let fragment = url.firstIndex(of: "#").map { url[$0...] } ?? ""
        if referrer == .link, let page = PageAddressLink.page(for: path, from: source.relativePath, exists: targets.exists) {
            let written = PageAddressLink.relative(page, from: source.relativePath) + fragment
            return "\(lead); did you mean `\(written)`? A link leads to a page's .md file (here \(page)), not to its address on a site"
        }
        if let top = PageAddressLink.fromContentTop(path, from: source.relativePath, exists: targets.exists) {
            let written = PageAddressLink.relative(top, from: source.relativePath) + fragment
            let folder = source.relativePath.split(separator: "/").dropLast().joined(separator: "/")
            return "\(lead); did you mean `\(written)`? A path is read from its own file's folder (here \(folder)/), not from content/'s top as Docusaurus reads it when nothing is beside the page"
        }
        let address = LinkPolicy.readsAsWebAddress(url) ? ", or if it is a web address, write it whole: `https://\(url)`" : ""
        return "\(lead); correct the path (it is relative to \(source.relativePath))\(address)"
    }

    static func diagnoseDestination(_ url: String, _ destination: LinkDestination, as referrer: Referrer,
                                    at location: () -> SourceLocation, source: SourceFile,
                                    targets: LinkTargets) -> [Diagnostic] {
        let what = referrer.name
        switch destination {
        case .unsafe(let scheme):
            return [.warning("unsafe-link", at: location(),
                            "\(what) `\(url)` uses the \(scheme): scheme and is shown as text; link to a page instead")]
        case .relative(let path, let suffix):
            guard let resolved = LinkPaths.resolve(path, from: source.relativePath) else {
                return [.error("link-broken", at: location(),
                               "\(what) `\(url)` leaves the content directory; move the file into content/")]
            }
            if let hidden = PublishPolicy.hiddenComponent(resolved) {
                return [.error("link-hidden-file", at: location(),
                              "\(what) `\(url)` points at `\(resolved)`, and `\(hidden)` starts with a dot: hidden files are never published; rename it without the dot (a `_media/` folder, say) or remove the \(what)")]
            }
            guard targets.exists(resolved) else {
                return [.error("link-broken", at: location(), brokenMessage(url, path: path, resolved: resolved, as: referrer,
                                                                             source: source, targets: targets))]
            }
            if let hidden = targets.hiddenTarget(resolved) {
                return [.error("link-hidden-file", at: location(),
                               "\(what) `\(url)` points at `\(resolved)`, a symbolic link to `\(hidden)`, which is hidden: hidden files are never published, also through a link; move the file out of the hidden folder (into `_media/`, say) or remove the \(what)")]
            }
            if let kind = targets.specialKind(resolved) {
                return [.error("file-not-regular", at: location(), ContentFile.notRegularMessage("\(what) `\(url)`", is: kind))]
            }
            if referrer == .link, let hash = suffix.firstIndex(of: "#"), suffix.index(after: hash) < suffix.endIndex {
                targets.noteOtherPageLink(LinkTargets.OtherPageLink(source: source.relativePath, target: resolved, url: url,
                                                                    fragment: String(suffix[suffix.index(after: hash)...]),
                                                                    location: location()))
            }
            guard !resolved.hasSuffix(".md") else { return [] }
            if targets.holdsPrivateKey(resolved) {
                return [.error("link-private-key", at: location(),
                               "\(what) `\(url)` points at `\(resolved)`, which holds a private key (`-----BEGIN … PRIVATE KEY`), so it is not published; remove the \(what) and keep keys outside content/")]
            }
            if PublishPolicy.isActive(resolved) {
                return [.error("link-active-file", at: location(),
                               "\(what) `\(url)` points at `\(resolved)`, a type of file that can run script on the site, so it is not published; \(referrer.activeFileAdvice)")]
            }
            if SVGSanitizer.isSVG(resolved) { return targets.svgDiagnostics(resolved, shownAs: source.sibling(resolved)) }
            return []
        case .external:
            guard let problem = LinkSchemes.problem(of: url) else { return [] }
            return [.warning("link-scheme-unknown", at: location(), "\(what) `\(url)` \(problem)")]
        case .fragment:
            return []
        }
    }
}

extension MarkdownNode {
    var isImage: Bool {
        if case .image = kind { return true }
        return false
    }

    var isRawHTML: Bool {
        switch kind {
        case .htmlBlock, .htmlInline: true
        default: false
        }
    }
}
