import Foundation
import PropertyBased
import Testing
@testable import Catalog

/// `link-anchor-missing`: links within a page (`#…`) against the ids the page has, as the
/// checks work them out without rendering (`PageAnchors`), and as the rendered page has them.
@Suite struct PageAnchorsTests {
    static func check(_ text: String) -> [Diagnostic] {
        let root = Repository.root.appendingPathComponent("Tests/Fixtures/site/content")
        let body = MarkdownBody(text: text, source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"), firstLine: 1)
        return BodyChecker.check(body, contentRoot: root).filter { $0.rule.rawValue == "link-anchor-missing" }
    }

    static let lesson = """
        ## Knowledge check

        - [What is a flex item?](#flex-item) [Intro](#introduction) [Typo](#knowlege-check)
        - [Top](#top) [Empty](#) [Main](#main) [Footnote](#fn-1) [Answer](#answer)
        - [Code](#using-form_with) [Emphasis](#emphasis-here) [Raw](#raw-heading) [Café](#caf%C3%A9) [Again](#café-1)

        ## Using `form_with`

        ## *Emphasis* here

        ## Café

        ## Café

        <h2>Raw heading</h2>

        <p><a href="#missing-raw">raw</a> <span id="answer">answer</span></p>

        A flex item[^1].

        [^1]: note

        """

    @Test func linksThatLandOnNothingAreReportedWhereTheyAre() {
        #expect(Self.check(Self.lesson).map { "\($0.location.line):\($0.location.column) \($0.message.prefix { $0 != ";" })" } == [
            "3:3 link `#flex-item` names no heading or id on this page, so it leads nowhere",
            "3:38 link `#introduction` names no heading or id on this page, so it leads nowhere",
            "3:61 link `#knowlege-check` names no heading or id on this page, so it leads nowhere",
            "17:7 link `#missing-raw` names no heading or id on this page, so it leads nowhere",
        ])
    }

    @Test func theMessageSuggestsTheClosestIDOrListsThem() {
        let messages = Self.check(Self.lesson).map(\.message)
        #expect(messages[2] == "link `#knowlege-check` names no heading or id on this page, so it leads nowhere; did you mean `#knowledge-check`?")
        #expect(messages[0] == "link `#flex-item` names no heading or id on this page, so it leads nowhere; the page's ids are `#knowledge-check`, `#using-form_with`, `#emphasis-here`, `#café`, `#café-1`, `#raw-heading`, `#answer` (a heading's id is its own, `{#id}` after its text, or else its text in lowercase, spaces as `-`, other punctuation left out): link to one of them, or put `id=\"flex-item\"` on the element it means")
        #expect(Self.check("[x](#a)\n").map(\.message) == [
            "link `#a` leads nowhere: this page has no heading or id; link to another page, or put `id=\"a\"` on the element it means",
        ])
        let many = (1...10).map { "## Part \($0)\n" }.joined(separator: "\n") + "\n[x](#introduction)\n"
        #expect(Self.check(many).first?.message.contains("`#part-7`, `#part-8` and 2 more (a heading's id") == true)
    }

    /// A generated page of thousands of broken links reports its first ones and counts the
    /// rest: each message's suggestion compares ids, which a page of 20,000 made a minute.
    @Test func aPageFullOfBrokenLinksReportsTheFirstAndCountsTheRest() {
        let body = (0..<3000).map { "## Heading number \($0)\n\n[x](#nope-\($0))\n" }.joined(separator: "\n")
        let reported = Self.check(body)
        #expect(reported.count == PageAnchors.reportedPerBody)
        #expect(reported.last?.message.hasSuffix("; 2950 more links within this page lead nowhere, not listed") == true)
    }

    /// A body too large for its raw HTML keeps none of it: its links within the page are
    /// not on the page, and its ids are not either.
    @Test func htmlOverTheBudgetHasNoLinksOrIDs() {
        let body = "[x](#kept)\n\n<span id=\"kept\">k</span> <a href=\"#nowhere\">n</a>\n\n"
            + String(repeating: "<i>y</i>", count: RawHTMLBudget.limit / 2) + "\n"
        #expect(Self.check(body).map(\.location.line) == [1])
    }

    @Test(arguments: [
        ("[a](#x)", true), ("[a]( #x)", true), ("<a href=\"#x\">", true), ("<a href='#x'>", true), ("<a href=#x>", true),
        ("[r]: #x", true), ("[a](<#x>)", true), ("# Heading\n\nText (no link) and a #tag", false), ("[a](b.md#x)", false),
    ])
    func aBodyThatMayLinkWithinItsPageIsFoundFromItsText(text: String, may: Bool) {
        #expect(PageAnchors.mayLinkWithinPage(text) == may)
    }

    // MARK: - Against the rendered page

    private static let headings = ["Intro", "*Intro*", "`code_x`", "Café", "a &amp; b", "Fn-1", "x_y", "**Bold** text",
                                   "[Linked](y.md) text", "<b>raw</b> inline", "Main", "日本", "", "Top", "Intro 2",
                                   "Own {#x}", "Café {#intro}", "Page {#main}", "Note {#fn-1}", "Again {#intro-1}", "*Em* {#x_y}",
                                   "Wide {.w #x}", "Raw {k=\"<b>\"} {#raw-inline}", "{k=\"<bb>\"}", "Glued{#intro}"]
    private static let fragments = ["intro", "intro-1", "intro-2", "code_x", "café", "caf%C3%A9", "a--b", "a-b", "top",
                                    "main", "x", "bold-text", "section", "日本", "missing", "linked-text", "raw-inline",
                                    "two words", "intro-2-1", "x_y", "fn-1"]
    private static let ids = ["x", "intro", "main", "two words", "café", "missing", "intro-1"]

    private static func body(seed: Int) -> String {
        var random = SeededGenerator(state: UInt64(seed))
        func pick(_ list: [String]) -> String { list.randomElement(using: &random)! }
        let blocks = (0..<Int.random(in: 1...14, using: &random)).map { _ -> String in
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1: "## \(pick(headings))"
            case 2: "<h3>\(pick(headings))</h3>"
            case 7: "<h3 id=\"\(pick(ids))\">\(pick(headings))</h3> <i id=\"\(pick(ids))\">i</i>"
            case 3: "Text <span id=\"\(pick(ids))\">s</span> <a href=\"#\(pick(fragments))\">r</a>"
            case 4: "Setext \(pick(headings))\n---"
            case 5: "A note[^1].\n\n[^1]: the note"
            default: "- [go](#\(pick(fragments))) and [more](#\(pick(fragments)))"
            }
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The links of the rendered body that land on no id of the page it is in.
    private static func deadLinks(rendering text: String) -> [String] {
        let html = HTMLRenderer(reservedIDs: HeadingIDs.pageShell, resolve: { url, _ in url }).render(MarkdownParser.parse(text))
        var ids = HeadingIDs.pageShell, hrefs: [String] = []
        func walk(_ nodes: [HTMLNode]) {
            for node in nodes {
                for attribute in node.attributes {
                    if attribute.name == "id" { ids.insert(attribute.value) }
                    if node.tag == "a", attribute.name == "href", attribute.value.hasPrefix("#") { hrefs.append(String(attribute.value.dropFirst())) }
                }
                walk(node.children)
            }
        }
        walk(HTMLFragmentParser.parse(html))
        return hrefs.filter { href in
            !(href.isEmpty || href.lowercased() == "top" || ids.contains(href) || href.removingPercentEncoding.map(ids.contains) == true)
        }
    }

    /// The checks report exactly the links that land nowhere on the rendered page, but a
    /// footnote's (`fn-…`), which they take as there.
    @Test func reportsExactlyTheLinksTheRenderedPageLandsNowhere() async {
        let reportedSome = PropertyCounter()
        await propertyCheck(count: 600, input: Gen.int(in: 0...Int.max)) { seed in
            let text = Self.body(seed: seed)
            // Compared decoded: the page writes `#café` percent-encoded, the message as written.
            func decoded(_ fragments: [String]) -> [String] { fragments.map { $0.removingPercentEncoding ?? $0 }.sorted() }
            let reported = decoded(Self.check(text).map { String($0.message.split(separator: "`")[1].dropFirst()) })
            let dead = decoded(Self.deadLinks(rendering: text).filter { !$0.hasPrefix("fn-") })
            #expect(reported == dead, "\(text.debugDescription)")
            if !reported.isEmpty { reportedSome.add() }
        }
        #expect(reportedSome.value > 200, "only \(reportedSome.value) of 600 bodies had a link to report")
    }
}
