import Foundation

/// Renders a `MarkdownDocument` as HTML. Every literal is escaped, and link and image
/// destinations go through `resolve`, which returns the `href`/`src` to write or nil when
/// the destination must not become a link (the link's text, or an image's alt text, is
/// kept). A body with raw HTML is rendered with it and then sanitized whole
/// (`HTMLRenderer+RawHTML.swift`); a body without is rendered straight into the page.
///
/// Headings move one level down (`#` becomes `<h2>`): the page's `<h1>` is the title.
/// Each heading gets an `id` from its text, so that `page.md#start` links land; one
/// renderer renders one document, because it remembers the ids it gave.
public struct HTMLRenderer {
    public typealias Resolver = (_ url: String, _ isImage: Bool) -> String?

    let resolve: Resolver
    let headingIDs: HeadingIDs
    /// Where raw HTML went while a body with it is rendered.
    let rawHTML = RawHTMLRanges()
    let footnotes = FootnoteIDs()

    /// `reservedIDs` are ids the page around the body already uses.
    public init(reservedIDs: Set<String> = [], resolve: @escaping Resolver) {
        self.resolve = resolve
        headingIDs = HeadingIDs(reserved: reservedIDs)
    }

    public func render(_ document: MarkdownDocument) -> String {
        let out = HTMLBuilder(capacity: 4096)
        render(document, into: out)
        return out.string
    }

    /// Appends the document's HTML to `out` (a page renders its body in place). Not
    /// inlined, so that profiles show the body's HTML on its own (`bench/profile`).
    @inline(never)
    func render(_ document: MarkdownDocument, into out: HTMLBuilder) {
        let start = out.count
        let dropsControls = document.mayWriteInvisibleControls
        document.withRoot { root in
            footnotes.prepare(root, ids: headingIDs)
            if RawHTMLBudget.holdsRawHTML(root) {
                renderSanitized(root, dropsControls: dropsControls, into: out)
            } else {
                renderDocument(root, into: out)
            }
        }
        // Only the source's text can put one there: the markup written here holds none.
        if dropsControls { out.removeInvisibleControls(from: start) }
    }

    /// Nodes are rendered where they are, by pointer (see `MarkdownNode.forEachChild`).
    typealias Node = UnsafePointer<MarkdownNode>

    func renderChildren(of node: Node, into out: HTMLBuilder, tight: Bool) {
        MarkdownNode.forEachChild(of: node) { render($0, into: out, tight: tight) }
    }

    func render(_ node: Node, into out: HTMLBuilder, tight: Bool) {
        switch node.pointee.kind {
        case .document, .other: renderChildren(of: node, into: out, tight: tight)
        case .taskListItem(let checked): renderTaskListItem(node, checked: checked, into: out, tight: tight)
        case .footnoteReference(let number): renderFootnoteReference(number, into: out)
        case .footnoteDefinition: return
        case .paragraph:
            if tight { renderChildren(of: node, into: out, tight: tight); return }
            wrap("p", node, out)
        case .heading(let level, let own):
            let tag = Self.headingTag(level)
            out.start(tag)
            out.raw(" id=\"")
            var text: [UInt8] = []
            // A heading with an id of its own that it may have does not need its text.
            if own.map({ HeadingAttribute.problem($0) != nil }) ?? true { MarkdownNode.appendPlainText(of: node, to: &text) }
            out.text(headingIDs.next(forPlainText: text, own: own))
            out.raw("\">")
            renderChildren(of: node, into: out, tight: false)
            out.close(tag)
            out.newline()
        case .blockQuote: wrap("blockquote", node, out, newline: true)
        case .list(let ordered, let start, let isTight): renderList(node, ordered: ordered, start: start, tight: isTight, into: out)
        case .item:
            out.raw("<li>")
            renderChildren(of: node, into: out, tight: tight)
            out.raw("</li>\n")
        case .codeBlock(let info): renderCodeBlock(node.pointee.literal, info: info, into: out)
        case .thematicBreak: out.raw("<hr>\n")
        case .htmlBlock, .htmlInline: rawHTML.insert(node.pointee.literal, into: out)
        case .text: out.literal(of: node)
        case .softBreak: out.newline()
        case .lineBreak: out.raw("<br>\n")
        case .code:
            out.raw("<code>")
            out.literal(of: node)
            out.raw("</code>")
        case .emphasis: wrap("em", node, out, block: false)
        case .strong: wrap("strong", node, out, block: false)
        case .strikethrough: wrap("del", node, out, block: false)
        case .link(let url, let title): renderLink(node, url: url, title: title, into: out)
        case .image(let url, let title): renderImage(node, url: url, title: title, into: out)
        case .table(let alignments): renderTable(node, alignments: alignments, into: out)
        case .tableRow, .tableCell: renderChildren(of: node, into: out, tight: tight)
        }
    }

    /// One level down, at most `h6` (cmark's levels are 1 to 6).
    private static func headingTag(_ level: Int) -> StaticString {
        switch level {
        case ...1: "h2"
        case 2: "h3"
        case 3: "h4"
        case 4: "h5"
        default: "h6"
        }
    }

    private func wrap(_ tag: StaticString, _ node: Node, _ out: HTMLBuilder, block: Bool = true, newline: Bool = false) {
        out.open(tag)
        if newline { out.newline() }
        renderChildren(of: node, into: out, tight: false)
        out.close(tag)
        if block { out.newline() }
    }

    private func renderList(_ node: Node, ordered: Bool, start: Int, tight: Bool, into out: HTMLBuilder) {
        let tag: StaticString = ordered ? "ol" : "ul"
        if ordered && start != 1 {
            out.raw("<ol start=\"")
            out.decimal(start)
            out.raw("\">")
        } else {
            out.open(tag)
        }
        out.newline()
        renderChildren(of: node, into: out, tight: tight)
        out.close(tag)
        out.newline()
    }

    private func renderCodeBlock(_ code: String, info: String, into out: HTMLBuilder) {
        let language = info.split(separator: " ").first.map(String.init) ?? ""
        out.raw("<pre><code")
        if !language.isEmpty {
            out.raw(" class=\"language-")
            out.text(language)
            out.raw("\"")
        }
        out.raw(">")
        if let colours = CodeLanguage.named(byInfo: info) {
            CodeHighlighter.write(code, as: colours, into: out)
        } else {
            out.text(code)
        }
        out.raw("</code></pre>\n")
    }

    private func renderLink(_ node: Node, url: String, title: String, into out: HTMLBuilder) {
        guard let href = resolve(url, false) else {
            renderChildren(of: node, into: out, tight: false)
            return
        }
        out.raw("<a href=\"")
        out.url(href)
        out.raw("\"")
        appendTitle(title, into: out)
        out.raw(">")
        renderChildren(of: node, into: out, tight: false)
        out.raw("</a>")
    }

    private func renderImage(_ node: Node, url: String, title: String, into out: HTMLBuilder) {
        let alt = MarkdownNode.plainText(of: node).trimmingSpaces
        guard let src = resolve(url, true) else {
            out.text(alt)
            return
        }
        out.raw("<img src=\"")
        out.url(src)
        out.raw("\" alt=\"")
        out.text(alt)
        out.raw("\"")
        appendTitle(title, into: out)
        out.raw(" loading=\"lazy\">")
    }

    private func appendTitle(_ title: String, into out: HTMLBuilder) {
        guard !title.isEmpty else { return }
        out.raw(" title=\"")
        out.text(title)
        out.raw("\"")
    }

    /// A wide table scrolls inside its own box (focusable, so keyboards can scroll it)
    /// instead of widening the page on a phone.
    private func renderTable(_ node: Node, alignments: [MarkdownNode.Alignment], into out: HTMLBuilder) {
        // GFM tables always start with their header row.
        out.raw("<div class=\"table-scroll\" tabindex=\"0\"><table>\n<thead>\n")
        var rows = 0
        MarkdownNode.forEachChild(of: node) { row in
            if rows == 1 { out.raw("</thead>\n<tbody>\n") }
            renderRow(row, header: rows == 0, alignments: alignments, into: out)
            rows += 1
        }
        out.raw(rows > 1 ? "</tbody>\n" : "</thead>\n")
        out.raw("</table></div>\n")
    }

    private func renderRow(_ row: Node, header: Bool, alignments: [MarkdownNode.Alignment],
                           into out: HTMLBuilder) {
        let tag: StaticString = header ? "th" : "td"
        out.raw("<tr>\n")
        var column = 0
        MarkdownNode.forEachChild(of: row) { cell in
            defer { column += 1 }
            out.start(tag)
            switch column < alignments.count ? alignments[column] : .none {
            case .left: out.raw(" style=\"text-align:left\"")
            case .center: out.raw(" style=\"text-align:center\"")
            case .right: out.raw(" style=\"text-align:right\"")
            case .none: break
            }
            out.end()
            renderChildren(of: cell, into: out, tight: false)
            out.close(tag)
            out.newline()
        }
        out.raw("</tr>\n")
    }
}

/// GitHub-style heading ids: lowercase letters and digits, spaces as `-`, other
/// punctuation dropped, `-1`, `-2`… for repeats.
final class HeadingIDs {
    private var used: Set<String>
    /// Slug → the suffix to try first for its next repeat: every smaller one is taken (ids
    /// are never given back), so 50,000 equal headings do not count from 1 each time.
    private var nextSuffix: [String: Int] = [:]

    init(reserved: Set<String>) { used = reserved }

    /// The ids of the page around a body, which `PageShell` writes; no heading or writer's
    /// id of the body takes them. Here rather than in `Site/`, since the body checks
    /// (`HTMLAllowlist.idProblem`, `PageAnchors`) come before the site and must know them.
    static let pageShell: Set<String> = ["main", "facts", "search-title", "search-q"]

    /// `id` itself when it is free, else with the first free `-1`, `-2`… suffix; taken.
    func claim(_ id: String) -> String { unique(id) }

    /// True with `id` taken when no element of the page has it yet; a writer's own id is
    /// kept as written or not at all (links name it as written).
    func claimIfFree(_ id: String) -> Bool { used.insert(id).inserted }

    /// Whether a writer's `id` is kept on the page, taken then: one the page can keep
    /// (`HTMLAllowlist.idProblem`) that no element before it has. The sanitizer, its quick
    /// path and the checks (`PageAnchors`) all decide here.
    func claimWritersID(_ id: String) -> Bool { HTMLAllowlist.idProblem(id) == nil && claimIfFree(id) }

    /// A Markdown heading's id: its own (`{#setup}`, `HeadingAttribute`) when it may have
    /// one, with the first free `-1`, `-2`… suffix when an earlier heading has it, else the
    /// id of its plain text. The renderer and the checks (`PageAnchors`) both ask here.
    func next(forPlainText bytes: [UInt8], own: String?) -> String {
        if let own, HeadingAttribute.problem(own) == nil { return unique(own) }
        return next(forPlainText: bytes)
    }

    func next(for text: String) -> String {
        unique(Self.slug(text.trimmingSpaces))
    }

    /// `next(for:)` of a heading's plain text as UTF-8; ASCII text (most headings) is
    /// trimmed and slugged from its bytes without a `String` made of it first.
    func next(forPlainText bytes: [UInt8]) -> String {
        let slug = bytes.withUnsafeBufferPointer { text -> String? in
            guard text.allSatisfy({ $0 < 0x80 }) else { return nil }
            // `trimmingSpaces` of ASCII: spaces and tabs at both ends.
            var start = 0, end = text.count
            while start < end, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
            while end > start, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
            return Self.asciiSlug(UnsafeBufferPointer(rebasing: text[start..<end]))
        }
        return unique(slug ?? Self.slug(String(decoding: bytes, as: UTF8.self).trimmingSpaces))
    }

    /// The slug, or the slug with the first free `-1`, `-2`… suffix, taken.
    private func unique(_ slug: String) -> String {
        let slug = slug.isEmpty ? "section" : slug
        // A slug's first heading (most headings): one hash. `nextSuffix` is only a hint
        // (every suffix below it is taken), so a slug with none counts from 1, the same.
        if used.insert(slug).inserted { return slug }
        var candidate = slug
        var counter = nextSuffix[slug] ?? 0
        if counter > 0 { candidate = "\(slug)-\(counter)" }
        while !used.insert(candidate).inserted {
            counter += 1
            candidate = "\(slug)-\(counter)"
        }
        nextSuffix[slug] = counter + 1
        return candidate
    }

    /// Letters and digits lowercased, `-` and `_` kept, spaces as `-`, the rest dropped.
    private static func slug(_ text: String) -> String {
        var text = text
        if let ascii = text.withUTF8({ bytes in bytes.allSatisfy { $0 < 0x80 } ? asciiSlug(bytes) : nil }) {
            return ascii
        }
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character == " " {
                slug.append("-")
            }
        }
        return slug
    }

    /// The same for ASCII text (most headings), byte by byte.
    private static func asciiSlug(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { out in
            var count = 0
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): out[count] = byte + 32
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "_"): out[count] = byte
                case UInt8(ascii: " "): out[count] = UInt8(ascii: "-")
                default: continue
                }
                count += 1
            }
            return count
        }
    }
}
