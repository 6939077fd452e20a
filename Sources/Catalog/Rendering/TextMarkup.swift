/// HTML written in a field that is shown as text (a title, a summary, a keyword): the site,
/// search and Schoolwork never render it, so the text a browser would show is used instead
/// (`text-markup`, docs/CONTENT-FORMAT.md).
///
/// Markup is what a writer of HTML means as such: a comment, or an element HTML defines
/// that is closed (`<b>…</b>`), has attributes (`<a href=…>`) or has no end tag and
/// shapes text (`<br>`, `<wbr>`, `<hr>`, `<img>`).
/// Text such as `x<y`, `Box<T>`, `Fn<A>`, `a & b` or `<3` is not markup and is kept as
/// written, entities and all: parsing it as HTML would garble it. Nor is a form control or
/// a document's metadata named in a title (`<input>`, `<link>`, `<meta>`, `<input
/// type="color">`: react.dev's and MDN's pages about them are titled so): no one puts a
/// text field into a title, and read as markup such a title was blank.
enum TextMarkup {
    struct Found: Equatable, Sendable {
        /// The text without tags and comments, entities decoded, white space collapsed.
        var text: String
        /// The first markup, as a writer would spell it: `<sub>`, `<!--`.
        var first: String
    }

    /// What `value` holds once its markup is read as HTML; nil when it holds none.
    static func plainText(of value: String) -> Found? {
        guard value.containsUTF8(UInt8(ascii: "<")) else { return nil }
        // A template takes table cells and rows alone, so `<td>x</td>` stays an element.
        let nodes = HTMLFragmentParser.parse(value, context: .template, comments: true)
        guard let first = firstMarkup(in: nodes) else { return nil }
        var text = ""
        append(nodes, to: &text)
        return Found(text: text.split(whereSeparator: \.isWhitespace).joined(separator: " "), first: first)
    }

    /// Elements with no end tag that shape text, which are markup even when written alone.
    private static let textVoid: Set<String> = ["br", "hr", "img", "wbr"]
    /// Elements with no end tag that hold no text of a title: named, never markup.
    private static let namedVoid: Set<String> = [
        "area", "base", "col", "embed", "input", "keygen", "link", "meta", "param", "source", "track",
    ]

    private static func firstMarkup(in nodes: [HTMLNode]) -> String? {
        for node in nodes where !node.isText {
            if node.tag == HTMLNode.commentTag { return "<!--" }
            guard !namedVoid.contains(node.tag) else { continue }
            if node.isKnown && (node.isClosed || !node.attributes.isEmpty || textVoid.contains(node.tag)) { return "<\(node.tag)>" }
            if let inner = firstMarkup(in: node.children) { return inner }
        }
        return nil
    }

    /// The text a reader sees: every text, an element that ends a line (`<br>`, `<p>`) as a space.
    private static func append(_ nodes: [HTMLNode], to text: inout String) {
        for node in nodes {
            if node.isText {
                text += node.text
            } else if node.tag != HTMLNode.commentTag {
                let separates = HTMLAllowlist.separatesWords.contains(node.tag)
                if separates { text += " " }
                append(node.children, to: &text)
                if separates { text += " " }
            }
        }
    }
}
