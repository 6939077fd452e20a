import Foundation

/// The author's style sheet (`site.stylesheet`) as the site publishes it, with the files it
/// names. The sheet is written to `assets/custom.css`, away from where it lies in
/// content/, so each relative reference in it (`url(fonts/serif.woff2)`, `@import
/// "colours.css"`) is checked as a body's link is (`link-broken`, `link-hidden-file`,
/// `link-active-file`, `file-not-regular`, an SVG's own diagnostics) and written again to
/// where the site publishes its file: under `media/`, at its path in content/, as a body's
/// linked files are. A `.css` file it imports is published there too, its own references
/// treated alike; any other file is copied as a body's linked file is (an SVG as its copy
/// without script). References to other sites, fragments (`url(#clip)`) and `data:` are
/// kept as written; `javascript:` and `vbscript:` become `about:invalid`.
struct AuthorStyleSheets {
    /// Site path → bytes: the author's sheet at `assets/custom.css`, the sheets it imports at
    /// `media/PATH`.
    var files: [(path: String, data: Data)] = []
    /// Content paths of the other files the sheets name, for `media/`.
    var media: Set<String> = []
    /// Content paths of the sheets (the author's and those it imports), which `media/` must
    /// not copy as they are, should a body link one too.
    var sheets: Set<String> = []
    var diagnostics: [Diagnostic] = []

    /// - Parameters:
    ///   - path: the sheet's path in content/ (already checked to be a readable file).
    ///   - source: catalog.yml, whose siblings the sheets are.
    init(_ path: String, data: Data, contentRoot: URL, source: SourceFile) {
        var walk = Walk(targets: LinkTargets(contentRoot: contentRoot), source: source,
                        pending: [Sheet(path: path, data: data, published: SiteAssets.authorStylesheetPath)],
                        publishedAt: [path: SiteAssets.authorStylesheetPath])
        while !walk.pending.isEmpty {
            let sheet = walk.pending.removeFirst()
            files.append((sheet.published, Data(rewrite(sheet, walk: &walk))))
        }
        // A sheet imported is written with its references changed, not copied as it is.
        sheets = Set(walk.publishedAt.keys)
        media.subtract(sheets)
    }

    /// A sheet to publish: its path in content/, its bytes, and its path on the site.
    private struct Sheet {
        var path: String
        var data: Data
        var published: String
    }

    /// The sheets met so far: those still to rewrite, and where each is published
    /// (content path → site path).
    private struct Walk {
        let targets: LinkTargets
        let source: SourceFile
        var pending: [Sheet]
        var publishedAt: [String: String]
    }

    /// The sheet's bytes with each reference written again to where the site publishes
    /// its file; the sheets it imports join `walk.pending`, the other files `media`.
    private mutating func rewrite(_ sheet: Sheet, walk: inout Walk) -> [UInt8] {
        let bytes = [UInt8](sheet.data)
        let file = walk.source.sibling(sheet.path)
        let lines = ByteLines(bytes)
        var written: [UInt8] = []
        written.reserveCapacity(bytes.count)
        var copied = 0
        var judged: [String: Judgement] = [:]
        var report = Report()
        defer { report.finish(into: &diagnostics) }
        for reference in CSSReferences.scan(bytes) {
            // Past the limit with an error, the build fails whatever follows: stop there.
            if report.isFull && report.hasError {
                report.stopped = true
                break
            }
            let location = { lines.location(reference.range.lowerBound, file: file.displayPath) }
            let judgement = judged[reference.value] ?? judge(reference.value, from: file, targets: walk.targets)
            if judged.count < Self.judgementsKept { judged[reference.value] = judgement }
            report.add(judgement.problems, at: location)
            guard let target = judgement.target else { continue }
            let value: String
            switch target {
            case .file(let resolved, let suffix):
                value = publish(resolved, isImport: reference.isImport, from: sheet, walk: &walk, at: location) + suffix
            case .invalid:
                value = "about:invalid"
            }
            written += bytes[copied..<reference.range.lowerBound]
            written += CSSReferences.replacement(value, for: reference).utf8
            copied = reference.range.upperBound
        }
        written += bytes[copied...]
        return written
    }

    /// Publishes the file a reference of `sheet` names (a `.css` it imports as a sheet of
    /// its own, once; any other as a linked file) and gives its href from `sheet`.
    private mutating func publish(_ resolved: String, isImport: Bool, from sheet: Sheet,
                                  walk: inout Walk, at location: () -> SourceLocation) -> String {
        let isSheet = isImport && resolved.lowercased().hasSuffix(".css")
        if isSheet, walk.publishedAt[resolved] == nil {
            walk.publishedAt[resolved] = "media/" + resolved
            if let data = read(resolved, contentRoot: walk.targets.contentRoot, at: location()) {
                walk.pending.append(Sheet(path: resolved, data: data, published: "media/" + resolved))
            }
        } else if !isSheet {
            media.insert(resolved)
        }
        return Self.href(to: walk.publishedAt[resolved] ?? "media/" + resolved, from: sheet.published)
    }

    /// At most this many diagnostics a sheet: a sheet of a million broken `url(…)` is one
    /// mistake repeated, and each of its diagnostics would cost memory and time to sort.
    static let maximumDiagnostics = 100
    /// How many values a sheet's judgements are remembered for (a theme names a few dozen).
    static let judgementsKept = 10_000

    /// A reference's value judged once a sheet: where it leads, and its problems (at the
    /// start of the sheet, each placed at the reference when reported).
    private struct Judgement {
        var target: Target?
        var problems: [Diagnostic] = []
    }

    /// A sheet's diagnostics, the first `maximumDiagnostics` at their places, the last
    /// saying how many more there were.
    private struct Report {
        var kept: [Diagnostic] = []
        var more = 0
        /// The rest of the sheet was not read.
        var stopped = false

        var isFull: Bool { kept.count >= AuthorStyleSheets.maximumDiagnostics }
        var hasError: Bool { kept.contains { $0.severity == .error } }

        mutating func add(_ problems: [Diagnostic], at location: () -> SourceLocation) {
            guard !problems.isEmpty else { return }
            guard kept.count < AuthorStyleSheets.maximumDiagnostics else {
                more += problems.count
                return
            }
            let place = location()
            kept += problems.map { problem in
                // Problems of the reference are placed at it; an SVG's own stay in the SVG.
                var placed = problem
                if problem.location.file == place.file { placed.location = place }
                return placed
            }
        }

        func finish(into diagnostics: inout [Diagnostic]) {
            var kept = kept
            if stopped, !kept.isEmpty {
                kept[kept.count - 1].message += "; the rest of this style sheet is not checked until these are corrected"
            } else if more > 0, !kept.isEmpty {
                kept[kept.count - 1].message += "; \(more) more problems follow in this style sheet"
            }
            diagnostics += kept
        }
    }

    private enum Target {
        /// A file of content/ to publish, and what followed its path (`?…`, `#…`).
        case file(String, suffix: String)
        /// A reference that could run script: written as `about:invalid`.
        case invalid
    }

    /// Where a reference's value leads once published (nil to keep it as written: another
    /// site, a fragment, `data:`, or a reference with an error), and what is wrong with it.
    private func judge(_ url: String, from file: SourceFile, targets: LinkTargets) -> Judgement {
        let location = file.location()
        if LinkPolicy.scheme(of: LinkPolicy.cleaned(url)) == "data" { return Judgement(target: nil) }
        if url.contains("{{") || url.contains("{%") {
            return Judgement(target: nil, problems: [.error("link-broken", at: location,
                                                            "style sheet reference `\(url)` is a template expression, which another site engine fills in when it copies the sheet (mdBook, Hugo, Jekyll) and this site does not; write the file's path, relative to \(file.relativePath)")])
        }
        let destination = LinkPolicy.classify(url)
        if case .unsafe(let scheme) = destination {
            return Judgement(target: .invalid, problems: [.warning("unsafe-link", at: location,
                                                                   "style sheet reference `\(url)` uses the \(scheme): scheme, which could run script, so it is published as `about:invalid`; remove it")])
        }
        let found = BodyChecker.diagnoseDestination(url, destination, as: .styleSheet, at: { location }, source: file, targets: targets)
        guard case .relative(let path, let suffix) = destination, !found.contains(where: { $0.severity == .error }),
              let resolved = LinkPaths.resolve(path, from: file.relativePath) else { return Judgement(target: nil, problems: found) }
        if resolved.isEmpty || resolved.hasSuffix(".md") || Self.isDirectory(resolved, in: targets.contentRoot) {
            return Judgement(target: nil, problems: found + [.error("link-broken", at: location,
                                                                    "style sheet reference `\(url)` points at `\(resolved)`, which is a \(resolved.hasSuffix(".md") ? "Markdown file (published as a page, not as a file)" : "folder"); name a file such as an image or a font")])
        }
        return Judgement(target: .file(resolved, suffix: suffix), problems: found)
    }

    /// An imported sheet's bytes, or nil with its diagnostic (too large, unreadable).
    private mutating func read(_ path: String, contentRoot: URL, at location: SourceLocation) -> Data? {
        Branding.readFile(contentRoot.appendingPathComponent(path).path, "style sheet `\(path)`", at: location,
                          unreadable: { .error("link-broken", at: location, "style sheet `\(path)` cannot be read (\($0))") },
                          &diagnostics)
    }

    private static func isDirectory(_ path: String, in root: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The href of the site file `target` from the site file `from`, both relative to the
    /// site's root: up to the root, then down.
    static func href(to target: String, from file: String) -> String {
        let depth = file.utf8.count { $0 == UInt8(ascii: "/") }
        return SitePaths.rootPrefix(depth: depth) + SitePaths.href(target)
    }
}
