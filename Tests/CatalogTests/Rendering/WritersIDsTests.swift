import Foundation
import Testing
@testable import Catalog

/// What real lessons write to link within a page (The Odin Project's knowledge checks:
/// `[A question](#knowledge-check-1)` and `<span id="knowledge-check-1">` at the answer),
/// and kramdown's `markdown="1"`, with which the same lessons ask for Markdown inside HTML.
@Suite struct WritersIDsTests {
    static func render(_ markdown: String) -> String {
        HTMLRenderer(reservedIDs: HeadingIDs.pageShell, resolve: { url, _ in url }).render(MarkdownParser.parse(markdown))
    }

    static func check(_ text: String) -> [String] {
        HTMLSanitizerTests.check(text)
    }

    /// The whole messages of a body's diagnostics.
    static func messages(_ text: String) -> [String] {
        let root = Repository.root.appendingPathComponent("Tests/Fixtures/site/content")
        let body = MarkdownBody(text: text, source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"), firstLine: 1)
        return BodyChecker.check(body, contentRoot: root).map(\.message)
    }

    static let lesson = """
        ## Knowledge check

        - [What is a flex item?](#flex-item)
        - [Where is the answer?](#knowledge-check)

        A <span id="flex-item">flex item</span> is a child of a flex container; <span id="flex-item">again</span>.

        <p id="main">main</p> <em id="two words">x</em> <b id="">y</b> <i id="knowledge-check">heading's</i>

        <h2 id="answers" onclick="x">Answers</h2>

        <h3>Answers</h3> <abbr ID="Mixed&amp;Case" title="t">MC</abbr> <font id="gone">font</font>

        """

    /// A writer's id is kept as written when it is one word, not one of the page's own and
    /// not already on the page (a Markdown heading's, a footnote's, an earlier writer's); a
    /// heading written in HTML keeps its own id, or takes one from its text.
    @Test func aWritersIDIsKeptWhereALinkCanLandOnIt() {
        #expect(Self.render(Self.lesson) == """
            <h3 id="knowledge-check">Knowledge check</h3>
            <ul>
            <li><a href="#flex-item">What is a flex item?</a></li>
            <li><a href="#knowledge-check">Where is the answer?</a></li>
            </ul>
            <p>A <span id="flex-item">flex item</span> is a child of a flex container; <span>again</span>.</p>
            <p>main</p> <em>x</em> <b>y</b> <i>heading&#39;s</i>
            <h3 id="answers">Answers</h3>
            <h4 id="answers-1">Answers</h4> <abbr id="Mixed&amp;Case" title="t">MC</abbr> font

            """)
    }

    /// Each id left out is reported where it was, one a Markdown heading already has too
    /// (links to it land on the heading; the checks work the headings' ids out as the
    /// renderer gives them, `PageAnchors.headingIDs`).
    @Test func eachIDLeftOutIsReportedWithWhy() {
        let reported = Self.check(Self.lesson).filter { $0.contains("`id`") }
        #expect(reported == [
            "6:79 raw-html-removed attribute `id` of `<span>` is removed",
            "8:4 raw-html-removed attribute `id` of `<p>` is removed",
            "8:27 raw-html-removed attribute `id` of `<em>` is removed",
            "8:52 raw-html-removed attribute `id` of `<b>` is removed",
            "8:67 raw-html-removed attribute `id` of `<i>` is removed",
        ])
        #expect(Self.messages(Self.lesson).filter { $0.contains("`id`") } == [
            "attribute `id` of `<span>` is removed: an element above it in the body already has the id `flex-item`, and links to `#flex-item` land there; give each element its own id",
            "attribute `id` of `<p>` is removed: `main` is an id of the site's own page around the body; choose another id, and change the links to it",
            "attribute `id` of `<em>` is removed: an id is one word, without spaces, for a link to name it (`<span id=\"knowledge-check\">`, linked as `[…](#knowledge-check)`); write it as one word",
            "attribute `id` of `<b>` is removed: an id is one word, without spaces, for a link to name it (`<span id=\"knowledge-check\">`, linked as `[…](#knowledge-check)`); write it as one word",
            "attribute `id` of `<i>` is removed: a heading of this page has the id `knowledge-check`, and links to `#knowledge-check` land on it; give the element another id, or link to the heading",
        ])
        // Without a link within the page the headings are still read for it.
        #expect(Self.check("## Setup\n\n<span id=\"setup\">x</span>\n") == ["3:7 raw-html-removed attribute `id` of `<span>` is removed"])
        #expect(PageAnchors.mayGiveAnID("<b\tID =\"x\">") && !PageAnchors.mayGiveAnID("valid=1 and uid=2"))
    }

    /// The sanitizer's quick path (`SimpleHTML`) claims ids as gumbo's does, in the tags' order.
    @Test func theQuickPathClaimsIDsAsTheParsersDoes() {
        let markdown = "<span id=\"a\">x</span> <kbd>k</kbd> <span id=\"a\">y</span>\n"
        #expect(Self.render(markdown) == "<p><span id=\"a\">x</span> <kbd>k</kbd> <span>y</span></p>\n")
        #expect(Self.check(markdown) == ["1:42 raw-html-removed attribute `id` of `<span>` is removed"])
    }

    static let kramdown = """
        <div class="lesson-note" markdown="1">
        1. Swallowed, with `<html>` in backticks
        </div>

        <details markdown="block">

        - read as Markdown

        </details>

        Inline <span markdown="1">*read*</span>.

        <div markdown="1"></div>

        """

    /// Markdown inside an HTML block is read only after a blank line: kramdown's switch is
    /// reported as another engine's markup where the lines after it show as written, and
    /// as an attribute the page does not need elsewhere.
    @Test func kramdownsMarkdownSwitchIsReportedWhereTheTextShowsAsWritten() {
        #expect(Self.check(Self.kramdown) == [
            "1:6 raw-html-removed attribute `class` of `<div>` is removed",
            "1:26 foreign-syntax `markdown` on `<div>` is kramdown's switch for Markdown inside HTML, which Markdown does not have",
            "5:10 raw-html-removed attribute `markdown` of `<details>` is removed",
            "11:14 raw-html-removed attribute `markdown` of `<span>` is removed",
            "13:6 raw-html-removed attribute `markdown` of `<div>` is removed",
        ])
        #expect(Self.messages(Self.kramdown)[1...2] == [
            "`markdown` on `<div>` is kramdown's switch for Markdown inside HTML, which Markdown does not have: an HTML block runs to the next blank line, so the Markdown after this tag shows as written (a list as its numbers, emphasis as its stars, tags in backticks as HTML); put a blank line after the tag and one before its end tag, and remove the attribute",
            "attribute `markdown` of `<details>` is removed: it is kramdown's switch for Markdown inside HTML, which the page does not need: Markdown is read inside inline tags, and inside an HTML block after a blank line (`rules raw-html-removed` lists what it keeps); remove the attribute",
        ])
        // What the warning is about: the list is text, the tag in backticks is gone.
        #expect(Self.render(Self.kramdown).hasPrefix("<div>\n1. Swallowed, with `` in backticks\n</div>\n"))
    }
}
