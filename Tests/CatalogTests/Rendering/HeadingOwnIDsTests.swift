import Foundation
import Testing
@testable import Catalog

/// A heading's own id, written after its text as Hugo, Zola, mdBook, Pandoc and kramdown
/// read it (`## Setting up {#setup}`; the Software Carpentry lessons write
/// `### Windows {#windows}`), and javascript.info's `[#id]`, reported as another engine's.
@Suite struct HeadingOwnIDsTests {
    static func render(_ markdown: String) -> String {
        HTMLRenderer(reservedIDs: HeadingIDs.pageShell, resolve: { url, _ in url }).render(MarkdownParser.parse(markdown))
    }

    /// Each diagnostic as `line:column rule message`.
    static func diagnostics(_ text: String, firstLine: Int = 1) -> [String] {
        let root = Repository.root.appendingPathComponent("Tests/Fixtures/site/content")
        let body = MarkdownBody(text: text, source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"), firstLine: firstLine)
        return BodyChecker.check(body, contentRoot: root).map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue) \($0.message)" }
    }

    static let lesson = """
        ## Setting up {#setup}

        Go [to setup](#setup), [to the end](#the-end) or [to the text's id](#setting-up).

        ## Install {#setup}

        ### Page {#main}

        ## Notes {#fn-x}

        ## My_id *emphasised* {#my_id}

        ## Code `{#code}`

        ## Escaped {#my\\_escape}

        ## Café {#café}   

        ## Two {#a .b}

        Underlined {#under}
        ---

        ## Last ## {#the-end}

        ## Inline <b>HTML</b> {#html}

        """

    /// The id is cut from the heading's text and given to it; what is not an id alone stays
    /// text; an id taken is given with a suffix, one the page cannot give is replaced by the
    /// text's.
    @Test func aHeadingHasTheIDWrittenAfterItsText() {
        #expect(Self.render(Self.lesson) == """
            <h3 id="setup">Setting up</h3>
            <p>Go <a href="#setup">to setup</a>, <a href="#the-end">to the end</a> or <a href="#setting-up">to the text&#39;s id</a>.</p>
            <h3 id="setup-1">Install</h3>
            <h4 id="page">Page</h4>
            <h3 id="notes">Notes</h3>
            <h3 id="my_id">My_id <em>emphasised</em></h3>
            <h3 id="code-code">Code <code>{#code}</code></h3>
            <h3 id="my_escape">Escaped</h3>
            <h3 id="café">Café</h3>
            <h3 id="a">Two</h3>
            <h3 id="under">Underlined</h3>
            <h3 id="the-end">Last</h3>
            <h3 id="html">Inline <b>HTML</b></h3>

            """)
    }

    /// Reported where the id is written (the heading's line, at its `{#`): what the page
    /// cannot give, what it gives with a suffix, and a link to the text's id that the
    /// heading no longer has.
    @Test func anIDThePageCannotGiveIsReportedWhereItIsWritten() {
        #expect(Self.diagnostics(Self.lesson, firstLine: 5) == [
            "23:8 foreign-syntax `{#a .b}` gives the heading attributes besides an id (Hugo, Pandoc, kramdown), which this site does not keep, since its stylesheet styles every page: the heading has the id `#a`, and the rest is left out; remove all but the id",
            "9:12 heading-id-unusable an earlier heading on this page has the id `#setup`, so this one gets `#setup-1` and links to `#setup` land on the first; give one of them another id",
            "11:10 heading-id-unusable `{#main}` is an id the page itself uses, so the heading gets `#page` from its text instead; choose another id",
            "13:10 heading-id-unusable `{#fn-x}` starts as footnotes' ids do (`fn-`, `fnref-`), so the heading gets `#notes` from its text instead; choose another id",
            "7:50 link-anchor-missing link `#setting-up` names no heading or id on this page, so it leads nowhere; the page's ids are `#setup`, `#setup-1`, `#page`, `#notes`, `#my_id`, `#code-code`, `#my_escape`, `#café` and 4 more (a heading's id is its own, `{#id}` after its text, or else its text in lowercase, spaces as `-`, other punctuation left out): link to one of them, or put `id=\"setting-up\"` on the element it means",
        ])
    }

    /// An id beyond ASCII is letters, digits and marks: a no-break or zero-width space in it
    /// could not be typed in a link.
    @Test func anIDWithAnInvisibleCharacterIsReported() {
        let text = "## Café {#café}\n\n## नमस्ते {#नमस्ते}\n\n## Space {#a\u{00A0}b}\n\n## Zero {#a\u{200B}b}\n"
        #expect(Self.render(text) == "<h3 id=\"café\">Café</h3>\n<h3 id=\"नमस्ते\">नमस्ते</h3>\n<h3 id=\"space\">Space</h3>\n<h3 id=\"zero\">Zero</h3>\n")
        #expect(Self.diagnostics(text).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["5:10 heading-id-unusable", "7:9 heading-id-unusable"])
        #expect(Self.diagnostics(text)[1].hasSuffix("holds a character that is no letter or digit (an invisible space or mark, say), which no one could type in a link, so the heading gets `#zero` from its text instead; write the id in letters, digits, `-`, `_`, `.` and `:`"))
    }

    /// A page of many headings asking for one id reports the first 50, then counts the rest.
    @Test func manyHeadingsAskingForOneIDReportTheFirstAndCountTheRest() {
        let found = Self.diagnostics(Array(repeating: "## A {#x}\n", count: 60).joined(separator: "\n"))
        #expect(found.count == 50)
        #expect(found.last?.hasSuffix("so this one gets `#x-50` and links to `#x` land on the first; give one of them another id; 9 more headings of this page ask for an id they cannot have, not listed") == true)
    }

    /// Search and every other reader of the heading's text see it without the id.
    @Test func theIDIsNotPartOfTheHeadingsText() {
        #expect(MarkdownParser.parse("## Setting up {#setup}\n\nText.\n").plainText == "Setting up Text. ")
        #expect(MarkdownParser.parse("## {#alone}\n").plainText == " ")
        #expect(Self.render("## {#alone}\n\n## 双向 TLS{#service-to-service}\n") == "<h3 id=\"alone\"></h3>\n<h3 id=\"service-to-service\">双向 TLS</h3>\n")
    }

    @Test(arguments: [
        ("Setup {#setup}", "setup", 9), ("Setup\t {#set-up_1.2:3}  ", "set-up_1.2:3", 19), ("開始 {#開始}", "開始", 10),
        ("Setup ## {#setup}", "setup", 12), ("C# {#csharp}", "csharp", 10), ("Setup\\## {#x}", "x", 5),
        ("{#alone}", "alone", 8), ("TLS{#glued}", "glued", 8), ("Setup {#}", nil, 0), ("Setup {# x}", nil, 0),
        ("Setup {#a b}", nil, 0), ("Setup {#a/b}", nil, 0), ("Setup {#a} x", nil, 0), ("Setup #a}", nil, 0),
    ] as [(String, String?, Int)])
    func whatReadsAsAnID(text: String, id: String?, length: Int) {
        let attribute = HeadingAttribute.ending(Array(text.utf8))
        #expect(attribute?.id == id)
        #expect((attribute?.length ?? 0) == length)
    }

    /// An attribute list with more than an id is read as goldmark reads it: the id kept, the
    /// rest left out and reported; one it cannot read (kramdown's `{: …}`) is text.
    @Test func aListWithMoreThanAnIDKeepsTheIDAndReportsTheRest() {
        let text = "## Wide {.wide}\n\n## Both {.a #b key=\"x y\" n=1}\n\n## Kramdown {: #k}\n"
        #expect(Self.render(text) == "<h3 id=\"wide\">Wide</h3>\n<h3 id=\"b\">Both</h3>\n<h3 id=\"kramdown--k\">Kramdown {: #k}</h3>\n")
        #expect(Self.diagnostics(text).map { $0.split(separator: "`").prefix(2).joined(separator: "`") } == [
            "1:9 foreign-syntax `{.wide}", "3:9 foreign-syntax `{.a #b key=\"x y\" n=1}", "5:13 foreign-syntax `{: #k}",
        ])
        #expect(Self.diagnostics(text)[0].hasSuffix("the heading has the id of its text, and the rest is left out; remove all but the id"))
        #expect(Self.diagnostics(text)[2].hasSuffix("so the heading shows it: write the heading's id as `{#k}` (Hugo's, Zola's and mdBook's way), which the heading then has, or remove it (the site gives every heading an anchor made from its text)"))
        let list = Array("{.a #b key=\"x y\" n=1 #c}".utf8)
        #expect(HeadingAttribute.ending(list) == HeadingAttribute(id: "c", others: [".a", "key=\"x y\"", "n=1"], opening: 0, length: list.count))
        for bad in ["{}", "{ }", "{.}", "{#}", "{key}", "{key=}", "{a=\"open}", "{#a.b/c}", "{#a}{#b}x", "{a=\"<b>\"}", "{a=<b>}"] {
            #expect(HeadingAttribute.ending(Array(bad.utf8)) == nil, "\(bad)")
        }
    }

    /// A list whose value holds raw HTML (`{a="<b>"}`) is text: the heading's plain text,
    /// which leaves HTML out, would otherwise be cut by more than it holds (a crash, found
    /// by hand with `## {a="<bbbbbbbbbbbbbbbbbbbbbb>"}` and a link within the page).
    @Test func aListWithRawHTMLInAValueIsText() {
        let text = "## {a=\"<bbbbbbbbbbbbbbbbbbbbbb>\"}\n\n[x](#y)\n\n## T {a='<i>'} {#t}\n"
        #expect(Self.diagnostics(text).contains { $0.hasPrefix("3:1 link-anchor-missing") })
        let html = Self.render(text)
        #expect(html.contains("<h3 id=\"a\">{a=&quot;&quot;}</h3>") && html.contains("<h3 id=\"t\">T {a=&#39;<i>&#39;}</i></h3>"), "\(html)")
    }

    /// javascript.info's own anchor (`## DocumentFragment [#document-fragment]`, 34 of its
    /// headings, which its links name) is reported with the id to write instead.
    @Test func javascriptInfosAnchorIsReportedWithTheIDToWrite() {
        let text = "Text [#not-a-heading]\n\n## DocumentFragment [#document-fragment]\n\n## Link [#a](#document-fragment)\n"
        #expect(Self.diagnostics(text) == [
            "3:21 foreign-syntax `[#document-fragment]` is javascript.info's heading anchor, which Markdown reads as text, so the heading shows it and links to it lead nowhere: write it as a heading id, `{#document-fragment}` (Hugo's, Zola's and mdBook's way), which the heading then has",
            "5:9 link-anchor-missing link `#document-fragment` names no heading or id on this page, so it leads nowhere; the page's ids are `#documentfragment-document-fragment`, `#link-a` (a heading's id is its own, `{#id}` after its text, or else its text in lowercase, spaces as `-`, other punctuation left out): link to one of them, or put `id=\"document-fragment\"` on the element it means",
        ])
        #expect(ForeignSyntax.mayHold("## Title [#anchor]  \r\n"))
        #expect(!ForeignSyntax.mayHold("See [#12](issue) and [#x] here"))
    }

    /// Pandoc's bracketed spans (`[absolute path]{#absolute-path}`: the Carpentries' glossary
    /// entries, which 88 of their links name) are reported with the HTML that keeps the id.
    @Test func aBracketedSpanIsReportedWithTheHTMLThatKeepsItsID() {
        let text = """
            [absolute path]{#absolute-path}
            : A path that starts at the root.

            A [shell]{.term} and *an [emphasised* span]{#emphasised} and [a link](https://a.org){#not-a-span}.

            [referenced]{#ref} and `[code]{#code}`.

            [referenced]: https://example.com
            """
        #expect(Self.diagnostics(text).map { $0.split(separator: " ", maxSplits: 1)[0] + " " + $0.split(separator: "`")[1] } == [
            "1:1 [absolute path]{#absolute-path}", "4:3 [shell]{.term}", "4:43 ]{#emphasised}", "4:85 {#not-a-span}",
            "6:13 {#ref}",
        ])
        #expect(Self.diagnostics(text)[0] == "1:1 foreign-syntax `[absolute path]{#absolute-path}` is a bracketed span (Pandoc, Quarto, the Carpentries Workbench), which Markdown reads as text, so the page shows it as written and links to `#absolute-path` lead nowhere: write it as HTML, `<span id=\"absolute-path\">absolute path</span>`, which keeps the id")
        #expect(Self.diagnostics(text)[1].hasSuffix("is a bracketed span (Pandoc, Quarto, the Carpentries Workbench), which Markdown reads as text, so the page shows it as written: remove the brackets and the braces, or write it as HTML (`<span>…</span>`, docs/HTML-ALLOWLIST.md)"))
        #expect(Self.diagnostics(text)[2].hasSuffix("write it as HTML, `<span id=\"emphasised\">…</span>`, which keeps the id"))
    }

    /// The Rust Reference's rule markers (mdbook-spec: 2,987 `r[items.fn.intro]` lines, which
    /// 23 of its links into other pages name as `#r-items.fn.intro`) are reported with the
    /// HTML that keeps the id; code, `r[0]` and a marker inside a line are not.
    @Test func aSpecRuleIsReportedWithTheHTMLThatKeepsItsID() {
        let text = "r[items.fn.intro]\nA function has a body.\n\n  r[items.fn.body]  \n\n`r[code.span]` and r[inline.rule] and\nr[0]\n\n```\nr[in.code]\n```\n"
        #expect(Self.diagnostics(text) == [
            "1:1 foreign-syntax `r[items.fn.intro]` is a rule of mdbook-spec (the Rust Reference's preprocessor), which gives what follows the id `r-items.fn.intro`; Markdown reads it as text, so the page shows it and links to `#r-items.fn.intro` lead nowhere: write the id as HTML, `<span id=\"r-items.fn.intro\"></span>`, or remove the line",
            "4:3 foreign-syntax `r[items.fn.body]` is a rule of mdbook-spec (the Rust Reference's preprocessor), which gives what follows the id `r-items.fn.body`; Markdown reads it as text, so the page shows it and links to `#r-items.fn.body` lead nowhere: write the id as HTML, `<span id=\"r-items.fn.body\"></span>`, or remove the line",
        ])
        #expect(ForeignSyntax.mayHold("Text\n  r[a.b]\n") && !ForeignSyntax.mayHold("x r[a.b]\n"))
    }

    /// The checks' parse (links only, when it can) and the build's give headings the same
    /// ids, with and without a link on the page.
    /// react.dev's ids, written as MDX comments (`{/*id*/}`: cmark reads `{/`, the id in
    /// emphasis, `/}`), as its translations keep the English ones; links to them land.
    @Test func reactDevsIDInACommentIsTheHeadingsOwn() {
        let text = "## Conditionally returning JSX {/*conditionally-returning-jsx*/}\n\n"
            + "### 条件付きで JSX を返す {/*my_id*/}\n\n[a](#conditionally-returning-jsx) [b](#my_id)\n\n"
            + "## Not one {/*two words*/}\n\n## Nor *this* {/*x*/} y\n"
        #expect(Self.render(text) == """
            <h3 id="conditionally-returning-jsx">Conditionally returning JSX</h3>
            <h4 id="my_id">条件付きで JSX を返す</h4>
            <p><a href="#conditionally-returning-jsx">a</a> <a href="#my_id">b</a></p>
            <h3 id="not-one-two-words">Not one {/<em>two words</em>/}</h3>
            <h3 id="nor-this-x-y">Nor <em>this</em> {/<em>x</em>/} y</h3>

            """)
        #expect(Self.diagnostics(text) == [])
        let headings = MarkdownParser.parseWithReportables(text).reportables.compactMap { item -> String? in
            if case .heading(_, let id) = item.node.kind { return "\(item.node.literal)|\(id ?? "-")" } else { return nil }
        }
        #expect(headings == ["Conditionally returning JSX|conditionally-returning-jsx", "条件付きで JSX を返す|my_id",
                             "Not one {/two words/}|-", "Nor this {/x/} y|-"])
    }

    @Test func everyParseReadsTheSameIDs() {
        for text in ["## A {#x}\n\n## B {#x}\n", "## A {#x}\n\n## B {#x}\n\n[a](#y)\n", "## A {#-x}\n\n## B {#-x}\n"] {
            let check = Self.diagnostics(text).filter { $0.contains("heading-id-unusable") }
            #expect(check.count == 1, "\(text.debugDescription)")
            let reportables = MarkdownParser.parseWithReportables(text).reportables.filter {
                if case .heading = $0.node.kind { return true } else { return false }
            }
            #expect(reportables.map(\.node.literal) == ["A", "B"], "\(text.debugDescription)")
        }
    }
}
