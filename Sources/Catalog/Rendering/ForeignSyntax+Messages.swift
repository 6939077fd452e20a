/// What `foreign-syntax` says of each construct: what it is, which engines write it, what
/// the page shows, and what to write instead.
extension ForeignSyntax {
    static func message(for match: Match) -> String {
        let message = description(of: match)
        guard match.following > 0 else { return message }
        return "\(message); \(match.following) more such markup follows in this file, not listed"
    }

    private static func description(of match: Match) -> String {
        let quoted = "`\(match.excerpt)`"
        let literally = "or put it in backticks if it is meant literally"
        switch match.kind {
        case .shortcode:
            return "\(quoted) is a Hugo shortcode; this site runs no shortcodes, so the page shows it as written: write what it stands for in Markdown (a note as a quote, `> **Note:** …`), \(literally)"
        case .liquidTag:
            return "\(quoted) is a Liquid tag (Jekyll, GitBook, Eleventy); this site runs no templates, so the page shows it as written: write what it stands for in Markdown (the included text for an `include`), \(literally)"
        case .bookDirective:
            return "\(quoted) is an mdBook directive; this site includes no files, so the page shows it as written: copy the lines it stands for into a code block, \(literally)"
        case .templateExpression:
            return "\(quoted) is a template expression (Liquid, Jinja, Hugo, Handlebars, or an MDN macro); this site runs no templates, so the page shows it as written: write the text or the relative link it stands for, \(literally)"
        case .fencedDiv:
            return "\(quoted) opens or closes a fenced div (Pandoc, Docusaurus, VuePress, the Carpentries Workbench), which Markdown reads as text, so the page shows the line as written: remove it, and give the box a heading or a bold title (`**Challenge**`) if it needs one"
        case .admonition:
            return "\(quoted) is an MkDocs admonition, which Markdown reads as text, so the page shows it and its indented lines as one paragraph: write the note as a quote (`> **Note:** …`)"
        case .attributeList:
            return "\(quoted) is a kramdown attribute list (Jekyll), which Markdown reads as text, so the page shows the line as written: remove it (a code block's language goes after its opening fence, as in ```python)"
        case .elementAttributes(image: true):
            return "\(quoted) is an attribute list after an image (Pandoc, kramdown, the Carpentries Workbench), which Markdown reads as text, so the page shows it and the image gets no alt text from it: write the alt text between the image's brackets (`![A plot of…](plot.png)`) and remove the braces"
        case .elementAttributes(image: false):
            return "\(quoted) is an attribute list after a link (Pandoc, kramdown), which Markdown reads as text, so the page shows it as written: remove it"
        case .headingAttributes(read: true):
            let id = ownID(in: match.excerpt)
            let kept = id.map { "the heading has the id `#\($0)`, and " } ?? "the heading has the id of its text, and "
            return "\(quoted) gives the heading attributes besides an id (Hugo, Pandoc, kramdown), which this site does not keep, since its stylesheet styles every page: \(kept)the rest is left out; remove all but the id"
        case .headingAttributes(read: false):
            return "\(quoted) is a heading attribute list this site cannot read (kramdown's `{: …}`, say), so the heading shows it: write the heading's id as `{#\(ownID(in: match.excerpt) ?? "setup")}` (Hugo's, Zola's and mdBook's way), which the heading then has, or remove it (the site gives every heading an anchor made from its text)"
        case .bracketedSpan:
            let span = "is a bracketed span (Pandoc, Quarto, the Carpentries Workbench), which Markdown reads as text, so the page shows it as written"
            guard let id = ownID(in: match.excerpt.drop { $0 != "{" }.description), match.excerpt.hasSuffix("}"),
                  let close = match.excerpt.lastIndex(of: "]") else {
                return "\(quoted) \(span): remove the brackets and the braces, or write it as HTML (`<span>…</span>`, docs/HTML-ALLOWLIST.md)"
            }
            // Its text, when the run holds its `[` (not when the span opens with emphasis, say).
            let text = match.excerpt.hasPrefix("[") ? String(match.excerpt[..<close].dropFirst()) : "…"
            return "\(quoted) \(span) and links to `#\(id)` lead nowhere: write it as HTML, `<span id=\"\(id)\">\(text)</span>`, which keeps the id"
        case .specRule:
            let name = match.excerpt.dropFirst(2).dropLast()
            return "\(quoted) is a rule of mdbook-spec (the Rust Reference's preprocessor), which gives what follows the id `r-\(name)`; Markdown reads it as text, so the page shows it and links to `#r-\(name)` lead nowhere: write the id as HTML, `<span id=\"r-\(name)\"></span>`, or remove the line"
        case .moduleStatement:
            let what = match.excerpt.hasPrefix("import") ? "an MDX import (Docusaurus, Nextra, Astro), which brings in components that are not HTML (the allowlist removes their tags)" : "an MDX export (Docusaurus, Nextra, Astro), which defines values for the page's components"
            return "\(quoted) is \(what); Markdown reads it as text, so the page shows the line as written: remove it, and write what the components showed in Markdown, \(literally)"
        case .headingAnchor:
            return "\(quoted) is javascript.info's heading anchor, which Markdown reads as text, so the heading shows it and links to it lead nowhere: write it as a heading id, `{\(match.excerpt.hasSuffix("]") ? match.excerpt.dropFirst().dropLast() : "#…")}` (Hugo's, Zola's and mdBook's way), which the heading then has"
        }
    }

    /// The id an attribute list names (`#setup` in `{#setup .note}`), if it names one.
    private static func ownID(in excerpt: String) -> String? {
        guard let hash = excerpt.firstIndex(of: "#") else { return nil }
        let name = excerpt[excerpt.index(after: hash)...].utf8.prefix { HeadingAttribute.isIDByte($0) }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }
}
