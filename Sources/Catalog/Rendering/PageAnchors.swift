import Foundation

/// Links within a page (`[the answer](#flex-item)`, `<a href="#flex-item">`) and the ids
/// they can land on, for `link-anchor-missing`: the ids of the page around the body
/// (`HeadingIDs.pageShell`), of its Markdown headings (their own, `{#setup}`, or their
/// text's), claimed in order as the renderer claims them (`HeadingIDs`), of footnotes (`fn-…`, `fnref-…`), and of the writers' HTML:
/// the ids it keeps (`HTMLAllowlist.isAnchor`) and its headings', claimed after the
/// Markdown's as the sanitizer claims them. Footnotes' ids are taken as there whatever
/// their labels: the rule never reports a link that lands.
struct PageAnchors {
    /// A link within the page, and where it is written.
    struct Link {
        var fragment: String
        var location: () -> SourceLocation
    }

    /// A Markdown heading: its plain text, its own id (`HeadingAttribute`) and where that
    /// is written.
    struct Heading {
        var text: String
        var own: String?
        var location: () -> SourceLocation
    }

    private(set) var links: [Link] = []
    private var headings: [Heading] = []

    mutating func add(_ heading: Heading) { headings.append(heading) }

    mutating func add(_ others: [Link]) { links += others }

    /// Records a link or image destination when it names a place on the page.
    mutating func add(destination url: String, at location: @escaping () -> SourceLocation) {
        guard case .fragment(let cleaned) = LinkPolicy.classify(url) else { return }
        links.append(Link(fragment: String(cleaned.dropFirst()), location: location))
    }

    /// Whether the body's text may hold a link within its page: a `#` right after `(`, `<`,
    /// a quote, `=` or a reference definition's `:` (spaces between), and a `[` or a `<`
    /// to open the link (`MarkdownScanner.mayHoldReportables`: a whole parse and a links-only
    /// one then report the same). Most bodies have none, and their headings are then neither
    /// parsed in a links-only parse nor reported.
    static func mayLinkWithinPage(_ text: String) -> Bool {
        let fragment = text.withUTF8Bytes { bytes in
            bytes.containsByte(UInt8(ascii: "#")) { hash in
                var before = hash - 1
                while before >= 0, bytes[before] == 0x20 || bytes[before] == 0x09 { before -= 1 }
                return before >= 0 && opensDestination(bytes[before])
            }
        }
        return fragment && MarkdownScanner.mayHoldReportables(text)
    }

    /// Whether a body's headings are to be parsed and reported: a link may name one
    /// (`mayLinkWithinPage`), or one may have an id of its own (`{#setup}`), whose problems
    /// `headingIDDiagnostics` reports.
    static func needsHeadings(_ text: String) -> Bool {
        HeadingAttribute.mayHold(text) || mayLinkWithinPage(text) || mayGiveAnID(text)
    }

    /// Whether the body's HTML may give an element an id (`id` after white space, `=`
    /// after it), which a Markdown heading's id takes precedence over (`headingIDs`).
    static func mayGiveAnID(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            bytes.containsByte(UInt8(ascii: "=")) { equals in
                var end = equals
                while end > 0, bytes[end - 1].isHTMLWhitespace { end -= 1 }
                return end >= 3 && bytes[end - 1] | 0x20 == UInt8(ascii: "d") && bytes[end - 2] | 0x20 == UInt8(ascii: "i")
                    && bytes[end - 3].isHTMLWhitespace
            }
        }
    }

    /// The ids of the body's Markdown headings, as the renderer gives them (their own or
    /// their text's), from the `.heading` reportables when they were reported.
    static func headingIDs(_ reportables: [ReportableNode]) -> Set<String> {
        Set(headings(of: reportables).claimHeadings(in: HeadingIDs(reserved: HeadingIDs.pageShell)))
    }

    /// The `.heading` reportables as headings, where only their ids are wanted (no place).
    private static func headings(of reportables: [ReportableNode]) -> PageAnchors {
        var anchors = PageAnchors()
        for item in reportables {
            if case .heading(_, let own) = item.node.kind {
                anchors.add(Heading(text: item.node.literal, own: own, location: { SourceLocation(file: "", line: 0, column: 0) }))
            }
        }
        return anchors
    }

    /// The ids `ids` gives the headings, in order, as the renderer claims them: every reader
    /// of the headings' ids (the page's, the checks', `heading-id-unusable`) claims them here.
    private func claimHeadings(in ids: HeadingIDs) -> [String] {
        headings.map { ids.next(forPlainText: Array($0.text.utf8), own: $0.own) }
    }

    /// `heading-id-unusable`: each heading whose own id (`{#setup}`) the page cannot give it,
    /// because the page uses it, footnotes may, or an earlier heading has it.
    func headingIDDiagnostics() -> [Diagnostic] {
        guard headings.contains(where: { $0.own != nil }) else { return [] }
        var found: [Diagnostic] = [], more = 0
        for (heading, given) in zip(headings, claimHeadings(in: HeadingIDs(reserved: HeadingIDs.pageShell))) {
            guard let own = heading.own, given != own else { continue }
            guard found.count < Self.reportedPerBody else { more += 1; continue }
            found.append(.warning("heading-id-unusable", at: heading.location(), Self.message(own: own, given: given)))
        }
        if more > 0, let last = found.last {
            found[found.count - 1] = .warning("heading-id-unusable", at: last.location,
                                              "\(last.message); \(more) more headings of this page ask for an id they cannot have, not listed")
        }
        return found
    }

    static func message(own: String, given: String) -> String {
        let asked = "`{#\(shown(own))}`"
        switch HeadingAttribute.problem(own) {
        case .usedByPage:
            return "\(asked) is an id the page itself uses, so the heading gets `#\(shown(given))` from its text instead; choose another id"
        case .footnotes:
            return "\(asked) starts as footnotes' ids do (`fn-`, `fnref-`), so the heading gets `#\(shown(given))` from its text instead; choose another id"
        case .notAWord:
            return "\(asked) holds a character that is no letter or digit (an invisible space or mark, say), which no one could type in a link, so the heading gets `#\(shown(given))` from its text instead; write the id in letters, digits, `-`, `_`, `.` and `:`"
        case nil:
            return "an earlier heading on this page has the id `#\(shown(own))`, so this one gets `#\(shown(given))` and links to `#\(shown(own))` land on the first; give one of them another id"
        }
    }

    /// `(`, `<`, a quote, `=` or `:`: what a destination or an attribute's value follows.
    private static func opensDestination(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "="), UInt8(ascii: ":"): true
        default: false
        }
    }

    /// An id the writers' HTML may give the page, in the order the sanitizer claims them
    /// (`HTMLSanitizer.writeWriters`): an element's own id, or a heading's.
    enum WritersID: Equatable {
        case own(String)
        /// A heading's text, and its own id when it has one.
        case heading(String, own: String?)
    }

    /// The ids of the writers' HTML, element by element in the body's order, as the
    /// sanitizer keeps them: each raw node that may hold one is parsed as the checks parse
    /// it (`RawHTMLChecker`), and what a removed element holds is not on the page.
    static func writersClaims(_ reportables: [ReportableNode]) -> [WritersID] {
        var claims: [WritersID] = []
        func visit(_ nodes: [HTMLNode]) {
            for node in nodes where !node.isText {
                let decision = HTMLAllowlist.decision(node.tag, node.namespace)
                if decision == .drop { continue }
                if decision == .keep {
                    let own = node.attributes.first { HTMLAllowlist.isAnchor($0.name) }?.value
                    if HTMLSanitizer.headingLevel(node.tag) != nil {
                        var text: [UInt8] = []
                        HTMLSanitizer.appendText(of: node, to: &text)
                        claims.append(.heading(String(decoding: text, as: UTF8.self), own: own))
                    } else if let own {
                        claims.append(.own(own))
                    }
                }
                visit(node.children)
            }
        }
        for item in reportables where item.node.isRawHTML && mayHoldID(item.node.literal) {
            visit(HTMLFragmentParser.parse(item.node.literal, context: .template))
        }
        return claims
    }

    /// Whether raw HTML may hold a heading (`<h1`…`<h6`) or an id (`id` after white space,
    /// `=` after it), in any case: most raw HTML has neither, and is not parsed again.
    static func mayHoldID(_ literal: String) -> Bool {
        literal.withUTF8Bytes { bytes in
            for index in bytes.indices.dropFirst() where index + 1 < bytes.count {
                let pair = (bytes[index] | 0x20, bytes[index + 1] | 0x20)
                if bytes[index - 1] == UInt8(ascii: "<"), pair.0 == UInt8(ascii: "h"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[index + 1]) {
                    return true
                }
                guard pair == (UInt8(ascii: "i"), UInt8(ascii: "d")), bytes[index - 1].isHTMLWhitespace else { continue }
                var after = index + 2
                while after < bytes.count, bytes[after].isHTMLWhitespace { after += 1 }
                if after < bytes.count, bytes[after] == UInt8(ascii: "=") { return true }
            }
            return false
        }
    }

    /// The ids of the page: all of them (the page shell's too), and the body's in order.
    struct PageIDs: Sendable {
        var known: Set<String>
        var ordered: [String]
    }

    /// The page's ids, claimed as the renderer and the sanitizer claim them, the writers'
    /// ids given in order.
    func ids(writers: [WritersID]) -> PageIDs {
        let ids = HeadingIDs(reserved: HeadingIDs.pageShell)
        var page = PageIDs(known: HeadingIDs.pageShell, ordered: [])
        func add(_ id: String) {
            if page.known.insert(id).inserted { page.ordered.append(id) }
        }
        claimHeadings(in: ids).forEach(add)
        for claim in writers {
            switch claim {
            case .own(let id): if ids.claimWritersID(id) { add(id) }
            case .heading(let text, let own):
                if let own, ids.claimWritersID(own) { add(own) } else { add(ids.next(forPlainText: Array(text.utf8))) }
            }
        }
        return page
    }

    /// The ids of the page a body is rendered into, from a parse of its own (links into
    /// other pages, `OtherPageAnchors`): none but the page shell's for a body that cannot
    /// be read or is over the Markdown budget.
    static func ids(of body: MarkdownBody) -> PageIDs {
        guard let body = try? body.loaded() else { return PageIDs(known: HeadingIDs.pageShell, ordered: []) }
        let reportables = MarkdownScanner.reportables(body.text, headings: true)
        // A body over the raw HTML budget keeps none of its HTML, nor its ids.
        return headings(of: reportables).ids(writers: RawHTMLChecker.isTooLarge(reportables) ? [] : writersClaims(reportables))
    }

    /// The diagnostics of the links that land on no id, the writers' ids given in order.
    func diagnostics(writers: [WritersID]) -> [Diagnostic] {
        guard !links.isEmpty else { return [] }
        let page = ids(writers: writers)
        let known = page.known, ordered = page.ordered
        let missing = links.filter { !Self.lands($0.fragment, in: known) }
        // Some for a page to fix; a generated page of 20,000 broken links would not be read,
        // and each message's suggestion compares ids (`suggestedAmong` at most).
        var found = missing.prefix(Self.reportedPerBody).map { link in
            Diagnostic.warning("link-anchor-missing", at: link.location(), Self.message(link.fragment, ids: ordered))
        }
        if missing.count > Self.reportedPerBody, let last = found.last {
            found[found.count - 1] = .warning("link-anchor-missing", at: last.location,
                                              "\(last.message); \(missing.count - Self.reportedPerBody) more links within this page lead nowhere, not listed")
        }
        return found
    }

    /// How many links that lead nowhere a body reports.
    static let reportedPerBody = 50
    /// How many of a page's ids a suggestion is chosen among (the first, in the page's order).
    static let suggestedAmong = 1000

    /// As a browser follows `#fragment`: the empty fragment and `top` go to the page's top;
    /// otherwise the id as written, or percent-decoded. Footnotes' ids are taken as there.
    static func lands(_ fragment: String, in ids: Set<String>) -> Bool {
        if fragment.isEmpty || fragment.lowercased() == "top" || ids.contains(fragment) { return true }
        if fragment.hasPrefix("fn-") || fragment.hasPrefix("fnref-") { return true }
        return fragment.removingPercentEncoding.map(ids.contains) ?? false
    }

    static func message(_ fragment: String, ids: [String]) -> String {
        let link = "link `#\(shown(fragment))`"
        let fix = "put `id=\"\(shown(fragment))\"` on the element it means"
        guard !ids.isEmpty else {
            return "\(link) leads nowhere: this page has no heading or id; link to another page, or \(fix)"
        }
        if let closest = Suggestions.closest(to: fragment, in: Array(ids.prefix(suggestedAmong))) {
            return "\(link) names no heading or id on this page, so it leads nowhere; did you mean `#\(closest)`?"
        }
        return "\(link) names no heading or id on this page, so it leads nowhere; the page's ids are \(listed(ids)) (a heading's id is its own, `{#id}` after its text, or else its text in lowercase, spaces as `-`, other punctuation left out): link to one of them, or \(fix)"
    }

    /// A page's first ids as a message lists them: `` `#a`, `#b` and 3 more ``.
    static func listed(_ ids: [String]) -> String {
        ids.prefix(8).map { "`#\(shown($0))`" }.joined(separator: ", ") + (ids.count > 8 ? " and \(ids.count - 8) more" : "")
    }

    /// A fragment or an id as a message shows it: its first 64 characters, then `…`.
    static func shown(_ name: String) -> String {
        name.count > 64 ? name.prefix(64) + "…" : name
    }
}
