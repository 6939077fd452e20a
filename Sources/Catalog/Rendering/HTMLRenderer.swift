import Foundation

/// Renders a `MarkdownNode` tree as HTML. Raw HTML is left out, every literal is
/// escaped, and link and image destinations go through `resolve`, which returns the
/// `href`/`src` to write or nil when the destination must not become a link (the
/// link's text, or an image's alt text, is kept).
///
/// Headings move one level down (`#` becomes `<h2>`): the page's `<h1>` is the title.
/// Each heading gets an `id` from its text, so that `page.md#start` links land; one
/// renderer renders one document, because it remembers the ids it gave.
public struct HTMLRenderer {
    public typealias Resolver = (_ url: String, _ isImage: Bool) -> String?

    private let resolve: Resolver
    private let headingIDs: HeadingIDs

    /// `reservedIDs` are ids the page around the body already uses.
    public init(reservedIDs: Set<String> = [], resolve: @escaping Resolver) {
        self.resolve = resolve
        headingIDs = HeadingIDs(reserved: reservedIDs)
    }

    public func render(_ document: MarkdownNode) -> String {
        let out = HTMLBuilder(capacity: 4096)
        render(document, into: out)
        return out.string
    }

    /// Appends the document's HTML to `out` (a page renders its body in place).
    func render(_ document: MarkdownNode, into out: HTMLBuilder) {
        renderChildren(of: document, into: out, tight: false)
    }

    private func renderChildren(of node: MarkdownNode, into out: HTMLBuilder, tight: Bool) {
        for child in node.children { render(child, into: out, tight: tight) }
    }

    private func render(_ node: MarkdownNode, into out: HTMLBuilder, tight: Bool) {
        switch node.kind {
        case .document, .other: renderChildren(of: node, into: out, tight: tight)
        case .paragraph:
            if tight { renderChildren(of: node, into: out, tight: tight); return }
            wrap("p", node, out)
        case .heading(let level):
            let tag = Self.headingTag(level)
            out.start(tag)
            out.raw(" id=\"")
            out.text(headingIDs.next(for: node.plainText))
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
        case .codeBlock(let info): renderCodeBlock(node.literal, info: info, into: out)
        case .thematicBreak: out.raw("<hr>\n")
        case .htmlBlock, .htmlInline: return
        case .text: out.text(node.literal)
        case .softBreak: out.newline()
        case .lineBreak: out.raw("<br>\n")
        case .code:
            out.raw("<code>")
            out.text(node.literal)
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

    private func wrap(_ tag: StaticString, _ node: MarkdownNode, _ out: HTMLBuilder, block: Bool = true, newline: Bool = false) {
        out.open(tag)
        if newline { out.newline() }
        renderChildren(of: node, into: out, tight: false)
        out.close(tag)
        if block { out.newline() }
    }

    private func renderList(_ node: MarkdownNode, ordered: Bool, start: Int, tight: Bool, into out: HTMLBuilder) {
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
        out.text(code)
        out.raw("</code></pre>\n")
    }

    private func renderLink(_ node: MarkdownNode, url: String, title: String, into out: HTMLBuilder) {
        guard let href = resolve(url, false) else {
            renderChildren(of: node, into: out, tight: false)
            return
        }
        out.raw("<a href=\"")
        out.text(href)
        out.raw("\"")
        appendTitle(title, into: out)
        out.raw(">")
        renderChildren(of: node, into: out, tight: false)
        out.raw("</a>")
    }

    private func renderImage(_ node: MarkdownNode, url: String, title: String, into out: HTMLBuilder) {
        let alt = node.plainText.trimmingSpaces
        guard let src = resolve(url, true) else {
            out.text(alt)
            return
        }
        out.raw("<img src=\"")
        out.text(src)
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
    private func renderTable(_ node: MarkdownNode, alignments: [MarkdownNode.Alignment], into out: HTMLBuilder) {
        // GFM tables always start with their header row.
        out.raw("<div class=\"table-scroll\" tabindex=\"0\"><table>\n<thead>\n")
        if let head = node.children.first { renderRow(head, header: true, alignments: alignments, into: out) }
        out.raw("</thead>\n")
        let rows = node.children.dropFirst()
        if !rows.isEmpty {
            out.raw("<tbody>\n")
            for row in rows { renderRow(row, header: false, alignments: alignments, into: out) }
            out.raw("</tbody>\n")
        }
        out.raw("</table></div>\n")
    }

    private func renderRow(_ row: MarkdownNode, header: Bool, alignments: [MarkdownNode.Alignment], into out: HTMLBuilder) {
        let tag: StaticString = header ? "th" : "td"
        out.raw("<tr>\n")
        for (column, cell) in row.children.enumerated() {
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

    init(reserved: Set<String>) { used = reserved }

    func next(for text: String) -> String {
        var slug = Self.slug(text.trimmingSpaces)
        if slug.isEmpty { slug = "section" }
        var candidate = slug
        var counter = 0
        while used.contains(candidate) {
            counter += 1
            candidate = "\(slug)-\(counter)"
        }
        used.insert(candidate)
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
