import Foundation
import Testing
@testable import Catalog

/// Raw HTML in bodies through the allowlist sanitizer (`HTMLSanitizer`, on gumbo): what is
/// kept, what is removed, how broken markup is closed, and what is reported where.
@Suite struct HTMLSanitizerTests {
    /// Resolves every URL it is asked about to `R:` + the URL (nil for `missing…`), so a
    /// URL resolved twice would show `R:R:`.
    static func render(_ markdown: String) -> String {
        HTMLRenderer(resolve: { url, _ in url.hasPrefix("missing") ? nil : "R:" + url }).render(MarkdownParser.parse(markdown))
    }

    static func check(_ text: String) -> [String] {
        let root = Repository.root.appendingPathComponent("Tests/Fixtures/site/content")
        let file = "fun-with-science/inquiry/science-investigation.md"
        let body = MarkdownBody(text: text, source: SourceFile(relativePath: file, displayPath: "content/" + file), firstLine: 1)
        return BodyChecker.check(body, contentRoot: root).map {
            "\($0.location.line):\($0.location.column) \($0.rule.rawValue) \($0.message.prefix { $0 != ":" })"
        }
    }

    /// Every attribute of the elements of `html`, as a browser's parser reads them.
    static func attributes(of html: String) -> [(tag: String, name: String, value: String)] {
        var found: [(String, String, String)] = []
        func walk(_ nodes: [HTMLNode]) {
            for node in nodes {
                found += node.attributes.map { (node.tag, $0.name, $0.value) }
                walk(node.children)
            }
        }
        walk(HTMLFragmentParser.parse(html))
        return found
    }

    /// What the renderer itself writes besides the allowlist.
    static let renderersAttributes: Set<String> = ["id", "class", "tabindex", "style", "loading"]

    static let kept = """
        <a href="https://example.com/a" title="A">a</a> <abbr title="HyperText">HTML</abbr> <b>b</b> <bdi>bdi</bdi>
        <bdo dir="rtl">bdo</bdo> <cite>cite</cite> <code>code</code> <del>del</del> <ins>ins</ins> <dfn title="d">dfn</dfn>
        <em>em</em> <i>i</i> <strong>strong</strong> <u>u</u> <s>s</s> <mark>mark</mark> <small>small</small>
        <kbd>Ctrl</kbd> <samp>samp</samp> <var>x</var> <q>q</q> <sub>2</sub> <sup>3</sup> <span lang="fr">span</span>
        <time datetime="2026-01-02">Jan 2</time> long<wbr>word <ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby><br>
        <img src="pic.png" alt="pic" width="10" height="20" title="t">

        <div align="center" dir="ltr">
        <blockquote>quote</blockquote>
        <dl><dt>term</dt><dd>definition</dd></dl>
        <details open><summary>more</summary>hidden</details>
        <figure><img src="f.png" alt="f"><figcaption>caption</figcaption></figure>
        <h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>
        <hr>
        <ol start="3"><li>three</li></ol><ul><li>item</li></ul>
        <p align="right">para</p>
        <pre>  pre
        </pre>
        <table><caption>cap</caption><thead><tr><th scope="col" align="left">h</th></tr></thead>
        <tbody><tr><td colspan="2" rowspan="1" align="right">d</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>
        </div>

        """

    @Test func keepsEveryAllowedElementAndAttribute() throws {
        try assertSnapshot(Self.render(Self.kept), named: "sanitizer/kept.html")
        #expect(Self.check(Self.kept).filter { $0.contains("raw-html") } == [])
    }

    /// What real curricula write (freeCodeCamp's challenges: links that open a new tab,
    /// labelled table cells, old table and rule presentation): GitHub keeps all but `target`,
    /// and so does the sanitizer, an id included (`WritersIDsTests`). What would reach
    /// outside the body stays out.
    static let gitHubKeeps = """
        <a href="https://example.com/" target="_blank" rel="noopener noreferrer" hreflang="en">docs</a>
        <table border="1" cellpadding="2" cellspacing="0" width="50%" summary="s"><tr valign="top">
        <th abbr="n" headers="h" nowrap width="10">n</th><td role="cell" aria-label="Name" height="4">v</td></tr></table>
        <span aria-hidden="true" title="t">*</span> <tt>tt</tt> <strike>old</strike> <hr noshade size="1"> <br clear="all">
        <b id="x" name="n" tabindex="1" accesskey="k" itemprop="p">b</b> <q cite="https://example.com/">q</q>

        """

    @Test func keepsWhatGitHubKeepsButTarget() {
        #expect(Self.render(Self.gitHubKeeps) == """
            <p><a href="R:https://example.com/" rel="noopener noreferrer" hreflang="en">docs</a></p>
            <table border="1" cellpadding="2" cellspacing="0" width="50%" summary="s"><tbody><tr valign="top">
            <th abbr="n" headers="h" nowrap="" width="10">n</th><td role="cell" aria-label="Name" height="4">v</td></tr></tbody></table>
            <span aria-hidden="true" title="t">*</span> <tt>tt</tt> <strike>old</strike> <hr noshade="" size="1"> <br clear="all">
            <b id="x">b</b> <q>q</q>

            """)
        #expect(Self.check(Self.gitHubKeeps) == [
            "1:32 raw-html-removed attribute `target` of `<a>` is removed",
            "5:11 raw-html-removed attributes `name`, `tabindex`, `accesskey` and `itemprop` of `<b>` are removed",
            "5:69 raw-html-removed attribute `cite` of `<q>` is removed",
        ])
    }

    /// A frame's page (freeCodeCamp embeds CodePens) stays one click away: a link named by
    /// the frame's title, or by its URL; a frame of any other scheme, or of a relative URL,
    /// leaves nothing.
    @Test func aFrameBecomesALinkToItsPage() {
        let markdown = """
            Before <iframe title=" CodePen Embed " src="https://codepen.io/x/embed/Ab?a=1&amp;b=2" style="width:100%"></iframe> after.

            <iframe src="https://www.youtube-nocookie.com/embed/v"><p>fallback</p></iframe>

            <iframe src="javascript:alert(1)" title="js"></iframe><iframe src="video.html" title="local"></iframe><iframe></iframe>
            """
        #expect(Self.render(markdown) == """
            <p>Before <a href="R:https://codepen.io/x/embed/Ab?a=1&amp;b=2">CodePen Embed</a> after.</p>
            <a href="R:https://www.youtube-nocookie.com/embed/v">https://www.youtube-nocookie.com/embed/v</a>


            """)
        #expect(Self.check(markdown).map { String($0.prefix(90)) } == [
            "1:8 raw-html-removed raw HTML `<iframe>` is replaced by a link to the page it shows (https",
            "3:1 raw-html-removed raw HTML `<iframe>` is replaced by a link to the page it shows (https",
            "5:1 raw-html-removed raw HTML `<iframe>` is removed from the page with everything inside i",
            "5:55 raw-html-removed raw HTML `<iframe>` is removed from the page with everything inside ",
            "5:103 raw-html-removed raw HTML `<iframe>` is removed from the page with everything inside",
        ])
        let message = BodyChecker.check(MarkdownBody(text: "<iframe src=\"https://example.com/e\"></iframe>",
                                                      source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"), firstLine: 1),
                                         contentRoot: Repository.root.appendingPathComponent("Tests/Fixtures/site/content")).first?.message
        #expect(message == "raw HTML `<iframe>` is replaced by a link to the page it shows (https://example.com/e): frames load other pages into the site, so none is kept; link to the page in Markdown instead")
    }

    /// A raw link's or image's URL is escaped once: `&amp;` in the source is `&` in the URL
    /// and `&amp;` in the page, as Markdown's `[…](…?a=1&b=2)` writes it (it was `&amp;amp;`).
    @Test func rawURLsWithQueriesAreEscapedOnce() {
        let markdown = """
            <a href="https://x.org/?a=1&amp;b=2&c='3'">raw</a> [md](https://x.org/?a=1&b=2) <img src="https://x.org/i.png?a&amp;b" alt="i">
            """
        #expect(Self.render(markdown) == """
            <p><a href="R:https://x.org/?a=1&amp;b=2&amp;c=&#39;3&#39;">raw</a> <a href="R:https://x.org/?a=1&amp;b=2">md</a> <img src="R:https://x.org/i.png?a&amp;b" alt="i"></p>

            """)
    }

    static let removed = """
        <script>alert(1)</script>
        <style>body{display:none}</style>

        <iframe src="https://example.com"></iframe><object data="x"></object><embed src="x">
        <form action="https://example.com"><input name="q"><button>go</button><select><option>o</option></select><textarea>t</textarea></form>
        <svg onload="alert(1)"><circle r="1"/></svg>

        Text <b onclick="alert(1)" style="color:red" id="main" class="y">bold</b> <font color="red">font</font>
        <a href="javascript:alert(1)">js</a> <a href="vbscript:x">vb</a> <a href="data:text/html,x">data</a>
        <img src="x.png" onerror="alert(1)" alt="pic" srcset="y.png 2x"> <math><mi>x</mi></math>
        <center>centred</center> <meta http-equiv="refresh" content="0;url=x"> <base href="https://evil.example/">
        <!-- a comment -->

        """

    @Test func removesWhatTheAllowlistDoesNotKeep() throws {
        let html = Self.render(Self.removed)
        try assertSnapshot(html, named: "sanitizer/removed.html")
        for forbidden in ["<script", "<style", "<iframe", "<object", "<embed", "<form", "<input", "<button", "<select",
                          "<textarea", "<svg", "onclick", "onerror", "onload", "style=", "javascript:", "vbscript:",
                          "data:", "<font", "<math", "<center", "<meta", "<base", "srcset", "<!--", "alert"] {
            #expect(!html.contains(forbidden), "\(forbidden) in \(html)")
        }
    }

    @Test func severalAttributesSayEachKindOfReasonOnce() {
        #expect(RawHTMLChecker.reasons(removing: ["onclick", "onload", "target", "data-x"], on: "a")
                == "the HTML allowlist keeps no event handlers (they run script) or `target` (the site decides how links open), and does not keep `data-x` on `<a>`")
        #expect(RawHTMLChecker.reasons(removing: ["data-x", "data-y"], on: "p") == "the HTML allowlist does not keep `data-x` or `data-y` on `<p>`")
        #expect(RawHTMLChecker.reasons(removing: ["class", "markdown"], on: "div")
                == "the HTML allowlist keeps no classes or styles (the site's stylesheet styles every page) or `markdown` (kramdown's switch for Markdown inside HTML, which the page does not need)")
    }

    /// Each removed attribute says why it is removed: a link's `target` is not a style.
    @Test func aRemovedAttributeSaysWhy() {
        let reasons = [("onclick", "b"), ("style", "b"), ("class", "b"), ("target", "a"), ("srcset", "img")]
            .map { RawHTMLChecker.reason(removing: $0.0, on: $0.1) }
        #expect(reasons == [
            "the HTML allowlist keeps no event handlers, which run script",
            "the HTML allowlist keeps no styles; the site's stylesheet styles every page",
            "the HTML allowlist keeps no classes; the site's stylesheet styles every page",
            "the site decides how links open, so the HTML allowlist keeps no `target`",
            "the HTML allowlist does not keep it on `<img>`",
        ])
    }

    /// An element's attributes left out are one warning, at the first of them, with each
    /// reason once: a CodePen embed as The Odin Project's lessons paste it (93 of them, seven
    /// warnings each before).
    @Test func anElementsRemovedAttributesAreOneWarning() {
        let embed = """
            <p class="codepen" data-height="300" data-default-tab="html,result" data-slug-hash="abc" data-user="odin" style="height: 300px;">
              <span>See the Pen <a href="https://codepen.io/odin/pen/abc">flex</a></span>
            </p>

            """
        let root = Repository.root.appendingPathComponent("Tests/Fixtures/site/content")
        let body = MarkdownBody(text: embed, source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"), firstLine: 1)
        #expect(BodyChecker.check(body, contentRoot: root).map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "1:4 attributes `class`, `data-height`, `data-default-tab`, `data-slug-hash`, `data-user` and `style` of `<p>` are removed: the HTML allowlist keeps no classes or styles (the site's stylesheet styles every page), and does not keep `data-height`, `data-default-tab`, `data-slug-hash` or `data-user` on `<p>` (`rules raw-html-removed` lists what it keeps); remove them",
        ])
    }

    @Test func reportsEachRemovalOnceWhereItWas() {
        #expect(Self.check(Self.removed) == [
            "1:1 raw-html-removed raw HTML `<script>` is removed from the page with everything inside it",
            "2:1 raw-html-removed raw HTML `<style>` is removed from the page with everything inside it",
            "4:1 raw-html-removed raw HTML `<iframe>` is replaced by a link to the page it shows (https",
            "4:44 raw-html-removed raw HTML `<object>` is removed from the page with everything inside it",
            "4:70 raw-html-removed raw HTML `<embed>` is removed from the page with everything inside it",
            "5:1 raw-html-removed raw HTML `<form>` is removed from the page with everything inside it",
            "6:1 raw-html-removed raw HTML `<svg>` is removed from the page with everything inside it",
            "8:9 raw-html-removed attributes `onclick`, `style` and `class` of `<b>` are removed",
            "8:46 raw-html-removed attribute `id` of `<b>` is removed",
            "8:75 raw-html-removed raw HTML `<font>` is not in the HTML allowlist",
            "9:4 raw-html-removed `javascript",
            "9:41 raw-html-removed `vbscript",
            "9:69 raw-html-removed `data",
            "10:6 link-broken image `x.png` points at `fun-with-science/inquiry/x.png`, which does not exist in content/; correct the path (it is relative to fun-with-science/inquiry/science-investigation.md)",
            "10:18 raw-html-removed attributes `onerror` and `srcset` of `<img>` are removed",
            "10:66 raw-html-removed raw HTML `<math>` is not in the HTML allowlist",
            "10:72 raw-html-removed raw HTML `<mi>` is not in the HTML allowlist",
            "11:1 raw-html-removed raw HTML `<center>` is not in the HTML allowlist",
            "11:26 raw-html-removed raw HTML `<meta>` is removed from the page with everything inside it",
            "11:72 raw-html-removed raw HTML `<base>` is removed from the page with everything inside it",
        ])
    }

    @Test func closesUnclosedAndMisnestedTagsAsABrowserDoes() throws {
        let markdown = """
            Some <b>bold <i>both</b> italic</i> after.

            <div>
            <p>unclosed paragraph
            <ul><li>one<li>two</ul>
            <table><tr><td>cell<td>cell</table>

            A paragraph with <em>an unclosed em.

            <details>
            <summary>Open</summary>

            Markdown **inside** the details.

            </details>

            Stray </span></div> end tags and a lone <td>cell</td>.

            <div title="

            # Heading after an unfinished tag

            """
        let html = Self.render(markdown)
        try assertSnapshot(html, named: "sanitizer/misnested.html")
        // The unfinished tag takes in the heading's start tag, as a browser's parser does,
        // but none of what is written stays unescaped.
        #expect(!html.contains("<div title=\"\n\n<h2"))
    }

    /// An unfinished tag takes in what the renderer writes next, so that rendered text can
    /// read as attribute names: the writer's element still keeps only allowed attributes.
    @Test(arguments: ["[x](<http://a onclick=alert(1)//>)", "![a onerror=alert(1)//](b.png)", "`x onclick=alert(1)`",
                      "```x onfocus=alert(1) autofocus\ncode\n```", "# x onclick=alert(1)"])
    func unfinishedTagsCannotTurnRenderedTextIntoAttributes(markdown: String) {
        for opening in ["<div title=\"", "<div title='", "<div title=", "<a href=", "<img alt=", "<p "] {
            let html = Self.render("\(opening)\n\n\(markdown)\n")
            for attribute in Self.attributes(of: html) {
                #expect(HTMLAllowlist.allows(attribute.name, on: attribute.tag) || Self.renderersAttributes.contains(attribute.name),
                        "\(attribute) in \(html)")
            }
        }
    }

    @Test func decodesEntitiesAndKeepsNonLatinText() throws {
        let markdown = """
            <p lang="ja">日本語の<ruby>漢字<rt>かんじ</rt></ruby>と <kbd>⌘</kbd>&nbsp;+&nbsp;<kbd>C</kbd></p>

            <p dir="rtl" lang="ar">مرحبا <b>بالعالم</b> &amp; &lt;script&gt; &#x41;&#66; &copy; &notanentity; & <</p>

            Ünïcödé <sup>²</sup> and a emoji <span>🧪</span> in Markdown.

            """
        let html = Self.render(markdown)
        try assertSnapshot(html, named: "sanitizer/entities.html")
        #expect(html.contains("&lt;script&gt;"))
    }

    /// A heading written in HTML moves one level down, as Markdown's, with its own id or one from its text.
    @Test func headingsInHTMLGetIdsAndMoveOneLevelDown() {
        let html = Self.render("# Start\n\n<h1 id=\"mine\" onclick=\"x\">Start</h1>\n\n<h6>Deep <i>one</i></h6>\n")
        #expect(html == "<h2 id=\"start\">Start</h2>\n<h2 id=\"mine\">Start</h2>\n<h6 id=\"deep-one\">Deep <i>one</i></h6>\n")
        // Its own id when the page has none such: else one from its text.
        #expect(Self.render("# Start\n\n<h1 id=\"start\">Start</h1>\n") == "<h2 id=\"start\">Start</h2>\n<h2 id=\"start-1\">Start</h2>\n")
    }

    @Test func urlsInHTMLAreResolvedOnceAsMarkdownsAre() {
        let html = Self.render("[md](a.md) <a href=\"b.md#x\">b</a> <img src=\"c.png\" alt=\"c\"> <img src=\"missing.png\" alt=\"gone\">\n")
        #expect(html == "<p><a href=\"R:a.md\">md</a> <a href=\"R:b.md#x\">b</a> <img src=\"R:c.png\" alt=\"c\"> gone</p>\n")
    }

    @Test(arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "jav&#x09;ascript:alert(1)",
        "jav&#x0A;ascript:alert(1)", "jav&#x0D;ascript:alert(1)", "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
        "&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)", "&#0000106avascript:alert(1)",
        "javascript&colon;alert(1)", "&#14;javascript:alert(1)", "vbscript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD4=",
        "livescript:x", "java\u{0}script:alert(1)",
    ])
    func scriptURLsInEveryEncodingAreRemoved(url: String) {
        let html = Self.render("<a href=\"\(url)\">x</a> <img src=\"\(url)\" alt=\"i\">\n")
        // Removed, or (a NUL, which cmark reads as U+FFFD, breaks the scheme) a relative URL,
        // percent-encoded as cmark writes Markdown's.
        for attribute in Self.attributes(of: html) where ["href", "src"].contains(attribute.name) {
            #expect(attribute.value.hasPrefix("R:java%EF%BF%BDscript"), "\(html)")
        }
        #expect(html.contains(">x</a>"))
    }

    @Test func safeHTMLReportsNothingAndBrokenHTMLLinksReportAsMarkdownsDo() {
        #expect(Self.check("<kbd>Ctrl</kbd> and H<sub>2</sub>O <a href=\"https://example.com\">x</a>\n") == [])
        // End tags alone are not parsed for the checks: they carry nothing to report.
        #expect(Self.check("a </b> b </kbd > c\n") == [])
        #expect(Self.check("See <a href=\"gone.md\">gone</a> and\n<img src=\"../nope.png\" alt=\"x\">\n") == [
            "1:8 link-broken link `gone.md` points at `fun-with-science/inquiry/gone.md`, which does not exist in content/; correct the path (it is relative to fun-with-science/inquiry/science-investigation.md)",
            "2:6 link-broken image `../nope.png` points at `fun-with-science/nope.png`, which does not exist in content/; correct the path (it is relative to fun-with-science/inquiry/science-investigation.md)",
        ])
    }

    @Test func positionsCountCharactersInBlocksQuotesAndContinuationLines() {
        #expect(Self.check("日本語 <b onclick=\"x\">b</b>\n") == ["1:8 raw-html-removed attribute `onclick` of `<b>` is removed"])
        #expect(Self.check("<div>\n  <p>ok</p>\n  <font>x</font>\n</div>\n")
            == ["3:3 raw-html-removed raw HTML `<font>` is not in the HTML allowlist"])
        #expect(Self.check("> quoted <font>x</font>\n> and <u style=\"x\">u</u>\n") == [
            "1:10 raw-html-removed raw HTML `<font>` is not in the HTML allowlist",
            "2:10 raw-html-removed attribute `style` of `<u>` is removed",
        ])
    }

    /// javascript.info's translations write `document.on<event>` and `<name>` in prose: no
    /// HTML element, so the page shows nothing of them; the message says how to show them.
    @Test func aPlaceholderInProseIsReportedAsNoElement() {
        let body = "Not document.on<event>, and Box<T>; <font>x</font>, <event class=\"a\">\n"
        let reported = BodyChecker.check(MarkdownBody(text: body, source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"),
                                                      firstLine: 1), contentRoot: Repository.root).map {
            "\($0.location.line):\($0.location.column) \($0.message)"
        }
        #expect(reported == [
            "1:16 raw HTML `<event>` is no HTML element, so the page shows nothing of the tag (what follows it is kept); if `<event>` is meant as text, write it as code (`` `<event>` ``) or as `&lt;event>`",
            "1:32 raw HTML `<t>` is no HTML element, so the page shows nothing of the tag (what follows it is kept); if `<t>` is meant as text, write it as code (`` `<t>` ``) or as `&lt;t>`",
            "1:37 raw HTML `<font>` is not in the HTML allowlist: the tag is removed and its text kept; use Markdown or an allowed element (`rules raw-html-removed` lists them)",
            // With attributes it was meant as an element: the usual message (its attributes go with it).
            "1:53 raw HTML `<event>` is not in the HTML allowlist: the tag is removed and its text kept; use Markdown or an allowed element (`rules raw-html-removed` lists them)",
        ])
        #expect(Self.render(body) == "<p>Not document.on, and Box; x, </p>\n")
    }

    /// MDX's and React's attributes (react.dev's `<div style={{display: 'flex', …}}>`): one
    /// message that says they are JSX, not the names HTML reads out of them.
    @Test func jsxAttributesAreNamedAsJSX() {
        let body = "<div style={{display: 'flex', justifyContent: 'center'}}>\n\nText\n\n</div>\n"
        #expect(Self.check(body) == ["1:6 raw-html-removed the attributes of `<div>` are written as JSX (MDX, React"])
        let found = BodyChecker.check(MarkdownBody(text: body, source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"), firstLine: 1),
                                      contentRoot: Repository.root.appendingPathComponent("Tests/Fixtures/site/content"))
        #expect(found.map(\.message) == ["the attributes of `<div>` are written as JSX (MDX, React: `style={{…}}`, `className={…}`), which HTML reads as other attributes (`style`, `'flex',`, `justifycontent:` and `'center'}}`), all removed; write the element in HTML with plain attributes the allowlist keeps (`rules raw-html-removed` lists them), or its content in Markdown"])
        #expect(Self.render(body) == "<div>\n<p>Text</p>\n</div>\n")
    }

    @Test func tooMuchRawHTMLIsLeftOutAndReportedOnce() {
        let body = "Text <b>x</b>\n\n" + String(repeating: "<i>y</i>", count: RawHTMLBudget.limit / 2) + "\n"
        #expect(Self.check(body) == ["1:6 raw-html-too-large the body's raw HTML holds more than 20000 tags, more than the page can be given safely, so none of it is kept; split the page, or write the markup in Markdown"])
        #expect(Self.render(body).hasPrefix("<p>Text x</p>\n"))
    }

    @Test func searchTextTakesTheTextOfHTMLBlocksWithoutTags() {
        let document = MarkdownParser.parse("<details><summary>Open me</summary>inside <b>bold</b></details>\n\n<script>var secret</script>\n\nH<sub>2</sub>O\n")
        let text = String(decoding: SearchPlainText.bytes(document), as: UTF8.self)
        #expect(text == "Open me inside bold \n \n H2O ")
    }

    @Test func nestingDeeperThanTheTreeKeepsIsFlattenedToText() {
        let html = Self.render(String(repeating: "<div>", count: 300) + "deep" + "\n")
        #expect(html.contains("deep"))
        #expect(html.components(separatedBy: "<div>").count - 1 == HTMLFragmentParser.maximumDepth - 1)
    }
}
