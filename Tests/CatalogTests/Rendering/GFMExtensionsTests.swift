import Foundation
import Testing
@testable import Catalog

private func render(_ markdown: String, resolve: @escaping HTMLRenderer.Resolver = { url, _ in url }) -> String {
    HTMLRenderer(reservedIDs: HeadingIDs.pageShell, resolve: resolve).render(MarkdownParser.parse(markdown))
}

private let fixtureRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/site/content")

private func check(_ text: String) -> [String] {
    let file = "fun-with-science/inquiry/science-investigation.md"
    let body = MarkdownBody(text: text, source: SourceFile(relativePath: file, displayPath: "content/" + file), firstLine: 1)
    return BodyChecker.check(body, contentRoot: fixtureRoot).map {
        "\($0.location.line):\($0.location.column) \($0.severity.rawValue) \($0.rule.rawValue)"
    }
}

@Test(arguments: [
    ("/url\\bar*baz", "/url%5Cbar*baz"),
    ("/föö", "/f%C3%B6%C3%B6"),
    ("/my uri", "/my%20uri"),
    ("http://example.com?find=\\*", "http://example.com?find=%5C*"),
    ("http://a.b/?q=1&r='2'", "http://a.b/?q=1&amp;r=&#x27;2&#x27;"),
    ("a\"b<c>d`e[f]g{h}i|j^k", "a%22b%3Cc%3Ed%60e%5Bf%5Dg%7Bh%7Di%7Cj%5Ek"),
    ("-_.+!*(),%#@?=;:/$~AZaz09", "-_.+!*(),%#@?=;:/$~AZaz09"),
    ("../../media/a%20b.png", "../../media/a%20b.png"),
    ("\t\u{7F}", "%09%7F"),
])
func hrefsAreEscapedAsCmarkEscapesThem(url: String, escaped: String) {
    #expect(HrefEscaping.escape(url) == escaped)
}

@Test func linksAndImagesKeepCmarksPercentEncoding() {
    #expect(render("[a](/url\\bar*baz \"t\") ![i](/f&ouml;&ouml;.png)\n")
        == "<p><a href=\"/url%5Cbar*baz\" title=\"t\">a</a> <img src=\"/f%C3%B6%C3%B6.png\" alt=\"i\" loading=\"lazy\"></p>\n")
    // What the resolver returns is escaped the same way: a page link is already encoded.
    #expect(render("[p](other.md#ünï)", resolve: { _, _ in "../other/index.html#ünï" })
        == "<p><a href=\"../other/index.html#%C3%BCn%C3%AF\">p</a></p>\n")
}

@Test func autolinksAreLinks() {
    #expect(render("See www.example.com/a_(b), https://example.org/x?y=1&z=2. and me@example.com.\n")
        == "<p>See <a href=\"http://www.example.com/a_(b)\">www.example.com/a_(b)</a>, "
        + "<a href=\"https://example.org/x?y=1&amp;z=2\">https://example.org/x?y=1&amp;z=2</a>. and "
        + "<a href=\"mailto:me@example.com\">me@example.com</a>.</p>\n")
}

@Test func taskListItemsHaveDisabledCheckboxesNamedByTheirText() {
    #expect(render("- [ ] to *do*\n- [x] done\n  on two lines\n  - [ ] nested\n- [ ]\n- not [ ] a task\n") == """
        <ul>
        <li><input type="checkbox" disabled="" aria-label="to do"> to <em>do</em></li>
        <li><input type="checkbox" checked="" disabled="" aria-label="done on two lines"> done
        on two lines<ul>
        <li><input type="checkbox" disabled="" aria-label="nested"> nested</li>
        </ul>
        </li>
        <li>[ ]</li>
        <li>not [ ] a task</li>
        </ul>

        """)
}

@Test func footnotesAreNumberedWithBackReferences() {
    #expect(render("A[^n] b[^1] c[^n].\n\n[^1]: One.\n[^n]: *Note*\n\n    > quoted\n[^x]: unused\n") == """
        <p>A<sup class="footnote-ref"><a href="#fn-n" id="fnref-n" data-footnote-ref>1</a></sup> \
        b<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>2</a></sup> \
        c<sup class="footnote-ref"><a href="#fn-n" id="fnref-n-2" data-footnote-ref>1</a></sup>.</p>
        <section class="footnotes" data-footnotes>
        <ol>
        <li id="fn-n">
        <p><em>Note</em></p>
        <blockquote>
        <p>quoted</p>
        </blockquote>
        <a href="#fnref-n" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a> \
        <a href="#fnref-n-2" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩<sup class="footnote-ref">2</sup></a>
        </li>
        <li id="fn-1">
        <p>One. <a href="#fnref-1" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a></p>
        </li>
        </ol>
        </section>

        """)
}

@Test func footnoteIdsAndHeadingIdsAreUniqueOnThePage() {
    let html = render("# fn-main\n\n## Main\n\n# fnref-main\n\nx[^main]\n\n[^main]: y\n")
    // `main` is the page's own landmark: the footnote takes the next free ids, and the
    // headings whose slugs the footnote's ids are take theirs.
    #expect(html.contains("<h2 id=\"fn-main-1\">fn-main</h2>"))
    #expect(html.contains("<h3 id=\"main-1\">Main</h3>"))
    #expect(html.contains("<h2 id=\"fnref-main-1\">fnref-main</h2>"))
    #expect(html.contains("<a href=\"#fn-main\" id=\"fnref-main\" data-footnote-ref>1</a>"))
    #expect(html.contains("<li id=\"fn-main\">"))
}

@Test func footnoteLabelsAreReadWhereverTheDefinitionIs() {
    let html = render("a[^q] b[^r] c[^ü]\n\n> [^q]: quoted\n\n- [^r]:\tin a list\n\n>[^ü]: touching\n")
    #expect(html.contains("<li id=\"fn-q\">"))
    #expect(html.contains("<li id=\"fn-r\">"))
    #expect(html.contains("<li id=\"fn-%C3%BC\">"))
}

/// Footnotes come last, where cmark moves them.
@Test func searchTextHasFootnotesButNotTheirNumbers() {
    #expect(MarkdownParser.parse("A[^1] b.\n\n[^1]: The note.\n\n- [x] done\n").plainText == "A b. done The note. ")
}

@Test func bodyChecksSeeLinksInFootnotesAndTaskListsAndLeaveAutolinksAlone() {
    let text = "Text[^1] and www.example.com and https://example.org/x.\n\n- [ ] see [x](gone.md)\n\n"
        + "[^1]: Broken [y](gone2.md)\n    and on a later line [z](gone3.md).\n"
    #expect(check(text) == ["3:11 error link-broken", "5:14 error link-broken", "6:25 error link-broken"])
}

@Test func autolinksNeedRunsOfAtMostAThousandBytesWithoutASpace() {
    let limit = MarkdownParser.autolinkRunLimit
    #expect(limit == 1_000)
    #expect(MarkdownParser.allowsAutolinks(String(repeating: "a", count: limit) + " " + String(repeating: "b", count: limit)))
    #expect(MarkdownParser.allowsAutolinks(String(repeating: "a", count: limit) + "<" + String(repeating: "b", count: limit)))
    #expect(!MarkdownParser.allowsAutolinks("x " + String(repeating: "a", count: limit + 1)))
    let long = "\n\n```\n" + String(repeating: "0", count: limit + 1) + "\n```\n"
    #expect(render("See www.example.com.\n") == "<p>See <a href=\"http://www.example.com\">www.example.com</a>.</p>\n")
    #expect(render("See www.example.com." + long).hasPrefix("<p>See www.example.com.</p>\n"))
}
