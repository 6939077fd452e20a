import Foundation

/// Checks a Markdown body for what the site would have to drop or could not link:
/// broken relative links and images (`link-broken`), raw HTML (`raw-html`) and links
/// with script-running schemes (`unsafe-link`), each at its position in the file.
public struct BodyChecker {
    /// Checks every body of the catalog once: a fallback version shares its body (and its
    /// file) with the default locale, so bodies are checked per source file.
    public static func check(_ model: CatalogModel, contentRoot: URL) -> [Diagnostic] {
        var seen = Set<String>()
        var found: [Diagnostic] = []
        let bodies = model.app.locales.compactMap { model.app.body[$0] }
            + model.contexts.flatMap { node in model.app.locales.compactMap { node.versions[$0]?.body } }
        for body in bodies where seen.insert(body.source.relativePath).inserted {
            found += check(body, contentRoot: contentRoot)
        }
        return found
    }

    public static func check(_ body: MarkdownBody, contentRoot: URL) -> [Diagnostic] {
        let columns = SourceColumns(body)
        var found: [Diagnostic] = []
        walk(MarkdownParser.parse(body.text), block: nil, quoted: false) { node, block, quoted in
            let location = columns.location(of: node, block: block, quoted: quoted)
            if let diagnostic = diagnose(node, at: location, source: body.source, contentRoot: contentRoot) {
                found.append(diagnostic)
            }
        }
        return found
    }

    /// Visits every node with the paragraph-like block it sits in (whose position fixes
    /// cmark's columns on continuation lines) and whether it is inside a block quote.
    private static func walk(_ node: MarkdownNode, block: MarkdownNode?, quoted: Bool,
                             _ visit: (MarkdownNode, MarkdownNode?, Bool) -> Void) {
        visit(node, block, quoted)
        var block = block
        switch node.kind {
        case .paragraph, .heading, .tableCell: block = node
        default: break
        }
        let isQuote: Bool
        if case .blockQuote = node.kind { isQuote = true } else { isQuote = false }
        for child in node.children { walk(child, block: block, quoted: quoted || isQuote, visit) }
    }

    private static func diagnose(_ node: MarkdownNode, at location: SourceLocation, source: SourceFile,
                                 contentRoot: URL) -> Diagnostic? {
        switch node.kind {
        case .htmlBlock, .htmlInline:
            let snippet = node.literal.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40)
            return .warning("raw-html", at: location,
                            "raw HTML `\(snippet)` is left out of the page; write it in Markdown instead")
        case .link(let url, _), .image(let url, _):
            return diagnoseDestination(url, isImage: node.isImage, at: location, source: source, contentRoot: contentRoot)
        default:
            return nil
        }
    }

    private static func diagnoseDestination(_ url: String, isImage: Bool, at location: SourceLocation,
                                            source: SourceFile, contentRoot: URL) -> Diagnostic? {
        let what = isImage ? "image" : "link"
        switch LinkPolicy.classify(url) {
        case .unsafe(let scheme):
            return .warning("unsafe-link", at: location,
                            "\(what) `\(url)` uses the \(scheme): scheme and is shown as text; link to a page instead")
        case .relative(let path, _):
            guard let resolved = LinkPaths.resolve(path, from: source.relativePath) else {
                return .error("link-broken", at: location,
                              "\(what) `\(url)` leaves the content directory; move the file into content/")
            }
            guard LinkPaths.exists(resolved, in: contentRoot) else {
                return .error("link-broken", at: location,
                              "\(what) `\(url)` points at `\(resolved)`, which does not exist in content/; correct the path (it is relative to \(source.relativePath))")
            }
            return nil
        case .fragment, .external:
            return nil
        }
    }
}

extension MarkdownNode {
    var isImage: Bool {
        if case .image = kind { return true }
        return false
    }
}
