/// The diagnostics of a body's raw HTML: one per thing the allowlist removes
/// (`raw-html-removed`: an element, an attribute, a URL with another scheme than http,
/// https or mailto), at its own position; the URLs it keeps are checked as Markdown's
/// links and images are (`link-broken`…). Each raw node is parsed alone, as a `template`'s
/// content (which takes table cells alone), since each is reported where it was written;
/// the page itself is sanitized whole (`HTMLSanitizer`), by the same `HTMLAllowlist`.
struct RawHTMLChecker {
    private let body: MarkdownBody
    private var columns: SourceColumns?
    /// Over `RawHTMLBudget`: none of the body's raw HTML is kept, reported once.
    let tooLarge: Bool
    private var reportedTooLarge = false
    /// The ids kept so far, in the body's order (`HTMLAllowlist.isAnchor`).
    private var ids: Set<String> = []
    /// The ids of the body's Markdown headings (`PageAnchors.headingIDs`), which the page
    /// gives before any writer's.
    private let headingIDs: Set<String>
    /// The writers' links within the page (`<a href="#…">`), for `PageAnchors`.
    private(set) var anchors = PageAnchors()
    /// The raw node being checked.
    private var node: MarkdownNode?

    init(_ reportables: [ReportableNode], body: MarkdownBody) {
        self.body = body
        headingIDs = PageAnchors.headingIDs(reportables)
        tooLarge = Self.isTooLarge(reportables)
    }

    /// Whether the body's raw HTML is over `RawHTMLBudget`: none of it is kept then.
    static func isTooLarge(_ reportables: [ReportableNode]) -> Bool {
        reportables.reduce(0) { $0 + ($1.node.isRawHTML ? RawHTMLBudget.tags(in: $1.node.literal) : 0) } > RawHTMLBudget.limit
    }

    mutating func diagnose(_ item: ReportableNode, source: SourceFile, targets: LinkTargets) -> [Diagnostic] {
        let table = columns ?? SourceColumns(body)
        columns = table
        node = item.node
        func location(_ offset: Int) -> SourceLocation {
            table.location(ofOffset: offset, in: item.node, block: item.block, quoted: item.quoted)
        }
        guard !tooLarge else {
            guard !reportedTooLarge else { return [] }
            reportedTooLarge = true
            return [.warning("raw-html-too-large", at: location(0),
                             "the body's raw HTML holds more than \(RawHTMLBudget.limit) tags, more than the page can be given safely, so none of it is kept; split the page, or write the markup in Markdown")]
        }
        // An end tag alone (`</kbd>`, half of every inline pair) carries nothing to report.
        guard !Self.isEndTagAlone(item.node.literal) else { return [] }
        let markdown = Self.markdownShownAsWritten(item.node, location: location)
        guard !item.unclosedRawText.isEmpty || !markdown.isEmpty else {
            return diagnoseElements(item.node.literal, location: location, source: source, targets: targets)
        }
        let unclosed = item.unclosedRawText.filter(\.reported).map {
            Diagnostic.warning("raw-html-unclosed", at: location($0.offset), Self.unclosedMessage($0.name)
                                   + ($0.following > 0 ? "; \($0.following) more such tags follow in this file, not listed" : ""))
        }
        // Text on the page (`UnclosedRawText`): what follows it is checked as the page holds it.
        let elements = diagnoseElements(UnclosedRawText.blanked(item.node.literal, item.unclosedRawText), location: location,
                                        source: source, targets: targets)
        return (markdown + unclosed + elements).sorted { $0.location < $1.location }
    }

    /// Whether a tag before `offset` has kramdown's `markdown` attribute, reported for the
    /// same reason at the attribute (`showsMarkdownAsWritten`).
    private static func asksForMarkdown(_ literal: String, before offset: Int) -> Bool {
        let head = literal.utf8.prefix(offset)
        return String(decoding: head, as: UTF8.self).lowercased().contains("markdown=")
    }

    /// `foreign-syntax` for the first Markdown an HTML block shows as written (`MarkdownInHTML`).
    private static func markdownShownAsWritten(_ node: MarkdownNode, location: (Int) -> SourceLocation) -> [Diagnostic] {
        guard case .htmlBlock = node.kind, let found = MarkdownInHTML.first(in: node.literal),
              !Self.asksForMarkdown(node.literal, before: found.offset) else { return [] }
        let tag = node.literal.drop { $0 == " " }.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        let opening = tag.isEmpty ? "its first tag" : "`<\(tag)>`"
        return [.warning("foreign-syntax", at: location(found.offset),
                         "`\(found.excerpt)` is Markdown inside an HTML block, so the page shows it as written: a block that starts with a tag (\(opening)) runs to the next blank line, and nothing in it is read as Markdown (MDX and kramdown read it there); put a blank line after the tag's line and one before its end tag, or write it in HTML (`<code>`, `<a href>`, `<strong>`)")]
    }

    /// The diagnostics of the elements in a raw node's `literal`.
    private mutating func diagnoseElements(_ literal: String, location: (Int) -> SourceLocation, source: SourceFile,
                                           targets: LinkTargets) -> [Diagnostic] {
        var literal = literal, found: [Diagnostic] = []
        // Nor do plain tags the allowlist keeps as they are (`<kbd>`, `<br/>`, a comment): `SimpleHTML`.
        guard !SimpleHTML.isEnabled || !literal.withUTF8(SimpleHTML.hasNothingToReport) else { return found }
        // Plain tags (`<a href>`, `<li style>`, `<big>`): each checked without gumbo.
        if SimpleHTML.isEnabled, let elements = literal.withUTF8(SimpleHTML.checkedElements) {
            for element in elements {
                _ = checkElement(element, at: element.offset ?? 0, location: location, source: source, targets: targets, into: &found)
            }
            return found
        }
        for node in HTMLFragmentParser.parse(literal, context: .template) {
            check(node, at: location, source: source, targets: targets, into: &found)
        }
        return found
    }

    static func unclosedMessage(_ name: String) -> String {
        let closing = name == "plaintext" ? "nothing ends `<plaintext>`" : "no `</\(name)>` comes after it"
        return "raw HTML `<\(name)>` is never closed: \(closing), so a browser would take the rest of the page into it and show none of it; the tag is shown as text instead: write it as code (`` `<\(name)>` ``) or as `&lt;\(name)>`, or close it"
    }

    static func isEndTagAlone(_ literal: String) -> Bool {
        var literal = literal
        return literal.withUTF8 { bytes in
            bytes.count > 2 && bytes[0] == UInt8(ascii: "<") && bytes[1] == UInt8(ascii: "/")
                && !bytes.dropFirst().contains(UInt8(ascii: "<"))
        }
    }

    private mutating func check(_ node: HTMLNode, at location: (Int) -> SourceLocation, source: SourceFile, targets: LinkTargets,
                       into found: inout [Diagnostic]) {
        guard !node.isText else { return }
        // An element the parser made itself was not written: only what is inside it is reported.
        if let offset = node.offset, !checkElement(node, at: offset, location: location, source: source, targets: targets, into: &found) {
            return
        }
        for child in node.children { check(child, at: location, source: source, targets: targets, into: &found) }
    }

    /// One element a writer wrote, without its children; false when it is removed with them.
    private mutating func checkElement(_ node: HTMLNode, at offset: Int, location: (Int) -> SourceLocation, source: SourceFile,
                              targets: LinkTargets, into found: inout [Diagnostic]) -> Bool {
        switch HTMLAllowlist.decision(node.tag, node.namespace) {
        case .drop:
            if let page = HTMLAllowlist.framedPage(node) {
                found.append(.warning("raw-html-removed", at: location(offset),
                                      "raw HTML `<iframe>` is replaced by a link to the page it shows (\(page.url)): frames load other pages into the site, so none is kept; link to the page in Markdown instead"))
                return false
            }
            found.append(.warning("raw-html-removed", at: location(offset),
                                  "raw HTML `<\(node.tag)>` is removed from the page with everything inside it: elements that run script, load other pages or take input are never kept; remove it, or write its content in Markdown"))
            return false
        case .unwrap where node.attributes.isEmpty && !HTMLFragmentParser.definesElement(node.tag):
            found.append(.warning("raw-html-removed", at: location(offset),
                                  "raw HTML `<\(node.tag)>` is no HTML element, so the page shows nothing of the tag (what follows it is kept); if `<\(node.tag)>` is meant as text, write it as code (`` `<\(node.tag)>` ``) or as `&lt;\(node.tag)>`"))
        case .unwrap:
            found.append(.warning("raw-html-removed", at: location(offset),
                                  "raw HTML `<\(node.tag)>` is not in the HTML allowlist: the tag is removed and its text kept; use Markdown or an allowed element (`rules raw-html-removed` lists them)"))
        case .keep:
            checkAttributes(node, at: location, source: source, targets: targets, into: &found)
        }
        return true
    }

    /// Why the allowlist leaves out an attribute, in the writer's terms.
    static func reason(removing name: String, on tag: String) -> String {
        if name.hasPrefix("on") { return "the HTML allowlist keeps no event handlers, which run script" }
        switch name {
        case "style": return "the HTML allowlist keeps no styles; the site's stylesheet styles every page"
        case "class": return "the HTML allowlist keeps no classes; the site's stylesheet styles every page"
        case "target": return "the site decides how links open, so the HTML allowlist keeps no `target`"
        case "markdown": return "it is kramdown's switch for Markdown inside HTML, which the page does not need: Markdown is read inside inline tags, and inside an HTML block after a blank line"
        default: return "the HTML allowlist does not keep it on `<\(tag)>`"
        }
    }

    /// What a message says of several attributes the allowlist leaves out of one element
    /// (a CodePen embed's `<p class="codepen" data-height="300" data-user="…" style="…">`):
    /// each kind of reason once, and the attributes kept on no such element together.
    static func reasons(removing names: [String], on tag: String) -> String {
        let kinds: [(matches: (String) -> Bool, phrase: String)] = [
            ({ $0.hasPrefix("on") }, "event handlers (they run script)"),
            ({ $0 == "class" || $0 == "style" }, "classes or styles (the site's stylesheet styles every page)"),
            ({ $0 == "target" }, "`target` (the site decides how links open)"),
            ({ $0 == "markdown" }, "`markdown` (kramdown's switch for Markdown inside HTML, which the page does not need)"),
        ]
        let phrases = kinds.filter { kind in names.contains(where: kind.matches) }.map(\.phrase)
        let others = names.filter { name in !kinds.contains { $0.matches(name) } }.map { "`\($0)`" }
        var text = phrases.isEmpty ? "" : "the HTML allowlist keeps no " + Self.list(phrases, "or")
        if !others.isEmpty {
            text += (text.isEmpty ? "the HTML allowlist" : ", and") + " does not keep \(Self.list(others, "or")) on `<\(tag)>`"
        }
        return text
    }

    /// `a`, `a and b`, `a, b and c` (with `or` as asked).
    private static func list(_ items: [String], _ conjunction: String) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }

    /// The attributes of one element that the allowlist leaves out, reported once for the
    /// element at the first of them (an embed pasted whole is one thing to fix, not seven).
    private static func removed(_ names: [String], of tag: String, at location: SourceLocation, jsx: Bool) -> Diagnostic {
        if jsx {
            return .warning("raw-html-removed", at: location,
                            "the attributes of `<\(tag)>` are written as JSX (MDX, React: `style={{…}}`, `className={…}`), which HTML reads as other attributes (\(list(names.prefix(4).map { "`\($0)`" }, "and"))\(names.count > 4 ? "…" : "")), all removed; write the element in HTML with plain attributes the allowlist keeps (`rules raw-html-removed` lists them), or its content in Markdown")
        }
        guard names.count > 1 else {
            return .warning("raw-html-removed", at: location,
                            "attribute `\(names[0])` of `<\(tag)>` is removed: \(reason(removing: names[0], on: tag)) (`rules raw-html-removed` lists what it keeps); remove the attribute")
        }
        let listed = list(names.map { "`\($0)`" }, "and")
        return .warning("raw-html-removed", at: location,
                        "attributes \(listed) of `<\(tag)>` are removed: \(reasons(removing: names, on: tag)) (`rules raw-html-removed` lists what it keeps); remove them")
    }

    /// Whether an element's attributes are JSX's, as MDX and React write them: a value in
    /// braces (`style={{display: 'flex'}}`, `onClick={f}`), which HTML reads as a value `{{display:`
    /// and names such as `'flex'}}`.
    static func isJSX(_ node: HTMLNode) -> Bool {
        node.attributes.contains { $0.value.count > 1 && $0.value.hasPrefix("{") }
    }

    private mutating func checkAttributes(_ node: HTMLNode, at location: (Int) -> SourceLocation, source: SourceFile,
                                 targets: LinkTargets, into found: inout [Diagnostic]) {
        // The attributes left out, and where the first is reported among the element's others.
        var removed: [String] = [], firstRemoved: (offset: Int, index: Int)?
        defer {
            if let firstRemoved {
                found.insert(Self.removed(removed, of: node.tag, at: location(firstRemoved.offset), jsx: Self.isJSX(node)),
                             at: firstRemoved.index)
            }
        }
        for attribute in node.attributes {
            if HTMLAllowlist.isAnchor(attribute.name) {
                if let problem = idProblem(attribute.value) {
                    found.append(.warning("raw-html-removed", at: location(attribute.offset),
                                          "attribute `id` of `<\(node.tag)>` is removed: \(problem)"))
                }
                continue
            }
            if attribute.name == "markdown", showsMarkdownAsWritten(after: attribute.offset) {
                found.append(.warning("foreign-syntax", at: location(attribute.offset),
                                      "`markdown` on `<\(node.tag)>` is kramdown's switch for Markdown inside HTML, which Markdown does not have: an HTML block runs to the next blank line, so the Markdown after this tag shows as written (a list as its numbers, emphasis as its stars, tags in backticks as HTML); put a blank line after the tag and one before its end tag, and remove the attribute"))
                continue
            }
            guard HTMLAllowlist.allows(attribute.name, on: node.tag) else {
                if firstRemoved == nil { firstRemoved = (attribute.offset, found.count) }
                removed.append(attribute.name)
                continue
            }
            guard HTMLAllowlist.isURL(attribute.name, on: node.tag) else { continue }
            switch HTMLAllowlist.urlVerdict(attribute.value) {
            case .refused(let scheme):
                found.append(.warning("raw-html-removed", at: location(attribute.offset),
                                      "`\(scheme):` URL in `\(attribute.name)` of `<\(node.tag)>` is removed: only http, https, mailto and relative URLs are kept; link to a page or a file in content/ instead"))
            case .allowed:
                if node.tag == "a", case .fragment = LinkPolicy.classify(attribute.value) {
                    let place = location(attribute.offset)
                    anchors.add(destination: attribute.value, at: { place })
                }
                found += BodyChecker.diagnoseDestination(attribute.value, isImage: node.tag == "img",
                                                         at: { location(attribute.offset) }, source: source,
                                                         targets: targets)
            }
        }
    }

    /// Why a writer's id is left out, nil when it is kept (taken then). An id a footnote of
    /// the page already has is left out too, unreported (docs/HTML-ALLOWLIST.md).
    private mutating func idProblem(_ value: String) -> String? {
        switch HTMLAllowlist.idProblem(value) {
        case .notOneWord?:
            return "an id is one word, without spaces, for a link to name it (`<span id=\"knowledge-check\">`, linked as `[…](#knowledge-check)`); write it as one word"
        case .usedByPage?:
            return "`\(value)` is an id of the site's own page around the body; choose another id, and change the links to it"
        case nil:
            if headingIDs.contains(value) {
                return "a heading of this page has the id `\(value)`, and links to `#\(value)` land on it; give the element another id, or link to the heading"
            }
            guard ids.insert(value).inserted else {
                return "an element above it in the body already has the id `\(value)`, and links to `#\(value)` land there; give each element its own id"
            }
            return nil
        }
    }

    /// Whether Markdown shows as written what follows a `markdown` attribute's tag: in an
    /// HTML block, text other than end tags between the tag's `>` and the block's end (the
    /// next blank line). Never in an inline tag, whose content Markdown reads.
    private func showsMarkdownAsWritten(after offset: Int) -> Bool {
        guard let node, case .htmlBlock = node.kind else { return false }
        return node.literal.withUTF8Bytes { bytes in
            guard offset < bytes.count, var at = bytes[offset...].firstIndex(of: UInt8(ascii: ">")) else { return false }
            at += 1
            while at < bytes.count {
                switch bytes[at] {
                case let byte where byte.isHTMLWhitespace: at += 1
                case UInt8(ascii: "<") where at + 2 < bytes.count && bytes[at + 1] == UInt8(ascii: "/") && bytes[at + 2].isASCIILetter:
                    // An end tag: to its `>`.
                    guard let end = bytes[at...].firstIndex(of: UInt8(ascii: ">")) else { return true }
                    at = end + 1
                default: return true
                }
            }
            return false
        }
    }
}
