/// Writes a body's HTML, parsed whole as a fragment, keeping what `HTMLAllowlist` allows of
/// what writers wrote and everything the renderer wrote.
///
/// Who wrote an element is known from where its start tag's `<` is: `writerRanges` are the
/// byte ranges of the parsed input that came from raw HTML nodes; a tag starting anywhere
/// else is the renderer's own. The renderer escapes every `<` of the text it writes and
/// writes whole, well-formed tags, so a start tag can begin at its `<` only when the parser
/// reads it as markup, and then every attribute of that tag is the renderer's. A writer's
/// element, whatever its attributes' bytes (an unfinished tag such as `<div title="` takes
/// in the renderer's next bytes, and text the renderer wrote can then read as attribute
/// names), keeps only what the allowlist allows. Elements the parser made itself (an
/// implied `tbody`, a reopened `<b>`) are judged like a writer's.
struct HTMLSanitizer {
    let writerRanges: [Range<Int>]
    let resolve: HTMLRenderer.Resolver
    let headingIDs: HeadingIDs

    func write(_ nodes: [HTMLNode], into out: HTMLBuilder) {
        for node in nodes { write(node, into: out) }
    }

    private func write(_ node: HTMLNode, into out: HTMLBuilder) {
        if node.isText {
            out.text(node.text)
            return
        }
        if let offset = node.offset, !isWriters(offset) {
            writeElement(node, tag: node.tag, into: out)
            return
        }
        switch HTMLAllowlist.decision(node.tag, node.namespace) {
        case .drop: Self.writeFramedPageLink(node, resolve: resolve, into: out)
        case .unwrap: write(node.children, into: out)
        case .keep: writeWriters(node, into: out)
        }
    }

    /// A removed `<iframe>`'s page as a link (`HTMLAllowlist.framedPage`); nothing for any
    /// other removed element.
    static func writeFramedPageLink(_ node: HTMLNode, resolve: HTMLRenderer.Resolver, into out: HTMLBuilder) {
        guard let page = HTMLAllowlist.framedPage(node), let href = resolve(page.url, false) else { return }
        out.raw("<a href=\"")
        out.text(HrefEscaping.percentEncoded(href))
        out.raw("\">")
        out.text(page.name)
        out.raw("</a>")
    }

    private func isWriters(_ offset: Int) -> Bool {
        var low = 0, high = writerRanges.count
        while low < high {
            let middle = (low + high) / 2
            if writerRanges[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low < writerRanges.count && writerRanges[low].contains(offset)
    }

    /// A kept element of a writer's: its own id when the page can keep it
    /// (`HTMLAllowlist.isAnchor`); headings one level down with an id, their own or one from
    /// their text as Markdown's; URLs resolved and escaped as Markdown's (`HrefEscaping`, as
    /// cmark writes them; an image that cannot be shown becomes its alt text).
    private func writeWriters(_ node: HTMLNode, into out: HTMLBuilder) {
        var node = node
        // The parser keeps an attribute's first value: so does `first`.
        let anchor = node.attributes.first { HTMLAllowlist.isAnchor($0.name) }
        node.attributes.removeAll { !HTMLAllowlist.allows($0.name, on: node.tag) }
        for index in node.attributes.indices where HTMLAllowlist.isURL(node.attributes[index].name, on: node.tag) {
            let value = node.attributes[index].value
            let resolved = HTMLAllowlist.urlVerdict(value) == .allowed ? resolve(value, node.tag == "img") : nil
            node.attributes[index].value = resolved.map(HrefEscaping.percentEncoded) ?? ""
            if resolved == nil { node.attributes[index].name = "" }
        }
        if node.tag == "img", !node.attributes.contains(where: { $0.name == "src" }) {
            out.text(node.attributes.first { $0.name == "alt" }?.value ?? "")
            return
        }
        if let anchor, headingIDs.claimWritersID(anchor.value) {
            node.attributes.insert(HTMLAttribute(name: "id", value: anchor.value, offset: anchor.offset), at: 0)
        }
        guard let level = Self.headingLevel(node.tag) else {
            writeElement(node, tag: node.tag, into: out)
            return
        }
        if node.attributes.first?.name != "id" {
            var text: [UInt8] = []
            Self.appendText(of: node, to: &text)
            node.attributes.insert(HTMLAttribute(name: "id", value: headingIDs.next(forPlainText: text), offset: -1), at: 0)
        }
        writeElement(node, tag: "h\(min(level + 1, 6))", into: out)
    }

    /// Attribute names are the renderer's or allowed ones, written as they are; values escaped.
    private func writeElement(_ node: HTMLNode, tag: String, into out: HTMLBuilder) {
        out.byte(UInt8(ascii: "<"))
        out.raw(string: tag)
        var written = Set<String>()
        for attribute in node.attributes where !attribute.name.isEmpty && written.insert(attribute.name).inserted {
            out.byte(UInt8(ascii: " "))
            out.raw(string: attribute.name)
            out.raw("=\"")
            out.text(attribute.value)
            out.byte(UInt8(ascii: "\""))
        }
        out.byte(UInt8(ascii: ">"))
        if HTMLAllowlist.void.contains(tag) { return }
        // The parser drops a newline right after `<pre>`: a text that starts with one had two.
        if tag == "pre", node.children.first?.text.hasPrefix("\n") == true { out.newline() }
        write(node.children, into: out)
        out.raw("</")
        out.raw(string: tag)
        out.byte(UInt8(ascii: ">"))
    }

    static func headingLevel(_ tag: String) -> Int? {
        guard tag.utf8.count == 2, tag.hasPrefix("h"), let level = Int(tag.dropFirst()), (1...6).contains(level) else {
            return nil
        }
        return level
    }

    /// The text a reader sees of an element: what the allowlist keeps of it.
    static func appendText(of node: HTMLNode, to out: inout [UInt8]) {
        if node.isText {
            out.append(contentsOf: node.text.utf8)
            return
        }
        guard HTMLAllowlist.decision(node.tag, node.namespace) != .drop else { return }
        for child in node.children { appendText(of: child, to: &out) }
        if HTMLAllowlist.separatesWords.contains(node.tag) { out.append(UInt8(ascii: " ")) }
    }
}
