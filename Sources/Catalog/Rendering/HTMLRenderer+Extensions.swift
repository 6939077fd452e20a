/// The GFM extensions' nodes that are more than a tag around their children: task list
/// items and footnotes, written as cmark-gfm 0.29 writes them (void elements without
/// cmark's ` /`, as everywhere on the site).
extension HTMLRenderer {
    /// The document's blocks, then its footnotes (cmark moved the definitions to the end,
    /// in number order) in one `<section>`.
    func renderDocument(_ root: Node, into out: HTMLBuilder) {
        var number = 0
        MarkdownNode.forEachChild(of: root) { node in
            guard case .footnoteDefinition = node.pointee.kind else {
                render(node, into: out, tight: false)
                return
            }
            if number == 0 { out.raw("<section class=\"footnotes\" data-footnotes>\n<ol>\n") }
            number += 1
            renderFootnote(node, number: number, into: out)
        }
        if number > 0 { out.raw("</ol>\n</section>\n") }
    }

    /// A checkbox that cannot be changed, ticked for `[x]`, then the item. Unlike
    /// cmark-gfm's, the checkbox is named by the item's text (`aria-label`): a form
    /// control without a name is announced as just "checkbox" (axe: `label`, critical).
    func renderTaskListItem(_ node: Node, checked: Bool, into out: HTMLBuilder, tight: Bool) {
        out.raw(checked ? "<li><input type=\"checkbox\" checked=\"\" disabled=\"\"" : "<li><input type=\"checkbox\" disabled=\"\"")
        let name = Self.taskName(node)
        if !name.isEmpty { out.attribute("aria-label", name) }
        out.raw("> ")
        renderChildren(of: node, into: out, tight: tight)
        out.raw("</li>\n")
    }

    /// The text of the item's first paragraph (or of the whole item when it has none),
    /// on one line.
    private static func taskName(_ node: Node) -> String {
        var text = ""
        MarkdownNode.forEachChild(of: node) { child in
            guard text.isEmpty, case .paragraph = child.pointee.kind else { return }
            text = MarkdownNode.plainText(of: child)
        }
        if text.isEmpty { text = MarkdownNode.plainText(of: node) }
        return text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
    }

    /// `<sup>` around a link to the footnote, numbered in order of first reference.
    func renderFootnoteReference(_ number: Int, into out: HTMLBuilder) {
        guard let ids = footnotes.nextReference(to: number) else { return }
        out.raw("<sup class=\"footnote-ref\"><a href=\"#")
        out.raw(string: ids.definition)
        out.raw("\" id=\"")
        out.raw(string: ids.reference)
        out.raw("\" data-footnote-ref>")
        out.decimal(number)
        out.raw("</a></sup>")
    }

    /// One footnote: its blocks, and a link back to each reference, inside its last
    /// paragraph when it ends with one (as cmark-gfm places them).
    private func renderFootnote(_ node: Node, number: Int, into out: HTMLBuilder) {
        let ids = footnotes.ids(of: number)
        out.raw("<li id=\"")
        out.raw(string: ids.definition)
        out.raw("\">\n")
        let count = MarkdownNode.childCount(of: node)
        var index = 0
        var placed = false
        MarkdownNode.forEachChild(of: node) { child in
            index += 1
            guard index == count, case .paragraph = child.pointee.kind else {
                render(child, into: out, tight: false)
                return
            }
            out.raw("<p>")
            renderChildren(of: child, into: out, tight: false)
            backReferences(ids.references, inParagraph: true, into: out)
            out.raw("</p>\n")
            placed = true
        }
        if !placed {
            backReferences(ids.references, inParagraph: false, into: out)
            out.newline()
        }
        out.raw("</li>\n")
    }

    private func backReferences(_ references: [String], inParagraph: Bool, into out: HTMLBuilder) {
        for (index, reference) in references.enumerated() {
            if inParagraph || index > 0 { out.byte(UInt8(ascii: " ")) }
            out.raw("<a href=\"#")
            out.raw(string: reference)
            out.raw("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩")
            if index > 0 {
                out.raw("<sup class=\"footnote-ref\">")
                out.decimal(index + 1)
                out.raw("</sup>")
            }
            out.raw("</a>")
        }
    }
}
