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
        var out = ""
        out.reserveCapacity(4096)
        render(document, into: &out)
        return out
    }

    /// Appends the document's HTML to `out` (a page renders its body in place).
    public func render(_ document: MarkdownNode, into out: inout String) {
        renderChildren(of: document, into: &out, tight: false)
    }

    private func renderChildren(of node: MarkdownNode, into out: inout String, tight: Bool) {
        for child in node.children { render(child, into: &out, tight: tight) }
    }

    private func render(_ node: MarkdownNode, into out: inout String, tight: Bool) {
        switch node.kind {
        case .document, .other: renderChildren(of: node, into: &out, tight: tight)
        case .paragraph:
            if tight { renderChildren(of: node, into: &out, tight: tight); return }
            wrap("p", node, &out)
        case .heading(let level):
            let tag = Self.headingTag(level)
            out += "<"
            out += tag
            out += " id=\""
            HTMLEscaping.escape(headingIDs.next(for: node.plainText), into: &out)
            out += "\">"
            renderChildren(of: node, into: &out, tight: false)
            out += "</"
            out += tag
            out += ">\n"
        case .blockQuote: wrap("blockquote", node, &out, newline: true)
        case .list(let ordered, let start, let isTight): renderList(node, ordered: ordered, start: start, tight: isTight, into: &out)
        case .item:
            out += "<li>"
            renderChildren(of: node, into: &out, tight: tight)
            out += "</li>\n"
        case .codeBlock(let info): renderCodeBlock(node.literal, info: info, into: &out)
        case .thematicBreak: out += "<hr>\n"
        case .htmlBlock, .htmlInline: return
        case .text: HTMLEscaping.escape(node.literal, into: &out)
        case .softBreak: out += "\n"
        case .lineBreak: out += "<br>\n"
        case .code:
            out += "<code>"
            HTMLEscaping.escape(node.literal, into: &out)
            out += "</code>"
        case .emphasis: wrap("em", node, &out, block: false)
        case .strong: wrap("strong", node, &out, block: false)
        case .strikethrough: wrap("del", node, &out, block: false)
        case .link(let url, let title): renderLink(node, url: url, title: title, into: &out)
        case .image(let url, let title): renderImage(node, url: url, title: title, into: &out)
        case .table(let alignments): renderTable(node, alignments: alignments, into: &out)
        case .tableRow, .tableCell: renderChildren(of: node, into: &out, tight: tight)
        }
    }

    /// One level down, at most `h6`. (Appending literal pieces, not interpolating: this
    /// runs for every element of every page.)
    private static func headingTag(_ level: Int) -> String {
        switch level {
        case ...0: "h\(level + 1)"  // cmark's levels are 1 to 6
        case 1: "h2"
        case 2: "h3"
        case 3: "h4"
        case 4: "h5"
        default: "h6"
        }
    }

    private func wrap(_ tag: String, _ node: MarkdownNode, _ out: inout String, block: Bool = true, newline: Bool = false) {
        out += "<"
        out += tag
        out += newline ? ">\n" : ">"
        renderChildren(of: node, into: &out, tight: false)
        out += "</"
        out += tag
        out += block ? ">\n" : ">"
    }

    private func renderList(_ node: MarkdownNode, ordered: Bool, start: Int, tight: Bool, into out: inout String) {
        let tag = ordered ? "ol" : "ul"
        out += ordered && start != 1 ? "<ol start=\"\(start)\">\n" : "<\(tag)>\n"
        renderChildren(of: node, into: &out, tight: tight)
        out += "</\(tag)>\n"
    }

    private func renderCodeBlock(_ code: String, info: String, into out: inout String) {
        let language = info.split(separator: " ").first.map(String.init) ?? ""
        out += "<pre><code"
        if !language.isEmpty {
            out += " class=\"language-"
            HTMLEscaping.escape(language, into: &out)
            out += "\""
        }
        out += ">"
        HTMLEscaping.escape(code, into: &out)
        out += "</code></pre>\n"
    }

    private func renderLink(_ node: MarkdownNode, url: String, title: String, into out: inout String) {
        guard let href = resolve(url, false) else {
            renderChildren(of: node, into: &out, tight: false)
            return
        }
        out += "<a href=\""
        HTMLEscaping.escape(href, into: &out)
        out += "\""
        appendTitle(title, into: &out)
        out += ">"
        renderChildren(of: node, into: &out, tight: false)
        out += "</a>"
    }

    private func renderImage(_ node: MarkdownNode, url: String, title: String, into out: inout String) {
        let alt = node.plainText.trimmingSpaces
        guard let src = resolve(url, true) else {
            HTMLEscaping.escape(alt, into: &out)
            return
        }
        out += "<img src=\""
        HTMLEscaping.escape(src, into: &out)
        out += "\" alt=\""
        HTMLEscaping.escape(alt, into: &out)
        out += "\""
        appendTitle(title, into: &out)
        out += " loading=\"lazy\">"
    }

    private func appendTitle(_ title: String, into out: inout String) {
        guard !title.isEmpty else { return }
        out += " title=\""
        HTMLEscaping.escape(title, into: &out)
        out += "\""
    }

    /// A wide table scrolls inside its own box (focusable, so keyboards can scroll it)
    /// instead of widening the page on a phone.
    private func renderTable(_ node: MarkdownNode, alignments: [MarkdownNode.Alignment], into out: inout String) {
        // GFM tables always start with their header row.
        out += "<div class=\"table-scroll\" tabindex=\"0\"><table>\n<thead>\n"
        if let head = node.children.first { renderRow(head, header: true, alignments: alignments, into: &out) }
        out += "</thead>\n"
        let rows = node.children.dropFirst()
        if !rows.isEmpty {
            out += "<tbody>\n"
            for row in rows { renderRow(row, header: false, alignments: alignments, into: &out) }
            out += "</tbody>\n"
        }
        out += "</table></div>\n"
    }

    private func renderRow(_ row: MarkdownNode, header: Bool, alignments: [MarkdownNode.Alignment], into out: inout String) {
        let tag = header ? "th" : "td"
        out += "<tr>\n"
        for (column, cell) in row.children.enumerated() {
            out += "<\(tag)"
            switch column < alignments.count ? alignments[column] : .none {
            case .left: out += " style=\"text-align:left\""
            case .center: out += " style=\"text-align:center\""
            case .right: out += " style=\"text-align:right\""
            case .none: break
            }
            out += ">"
            renderChildren(of: cell, into: &out, tight: false)
            out += "</\(tag)>\n"
        }
        out += "</tr>\n"
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
