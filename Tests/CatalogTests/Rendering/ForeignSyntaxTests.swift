import Testing
@testable import Catalog

/// `foreign-syntax`: other engines' markup that Markdown reads as text (Hugo's shortcodes,
/// Liquid, mdBook's directives, template expressions, fenced divs, MkDocs admonitions,
/// attribute lists), reported where the page shows it and nowhere it is code or HTML. The
/// Software Carpentry lessons of bench/corpus/carpentries_to_catalog.py write 1,865 of them.
@Suite struct ForeignSyntaxTests {
    private func found(_ text: String, firstLine: Int = 1) -> [String] {
        let body = MarkdownBody(text: text, source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"), firstLine: firstLine)
        return BodyChecker.check(body, contentRoot: Repository.root)
            .filter { $0.rule.rawValue == "foreign-syntax" }
            .map { "\($0.location.line):\($0.location.column) \($0.message.split(separator: "`")[0])" }
    }

    @Test func eachConstructIsReportedWhereItStarts() {
        let text = """
            {{< note >}}
            Hugo's note, with `{{< code >}}` in code.
            {{% /note %}}

            {%- include links.md -%} and {{#include ../listings/main.rs:2}}

            See [x]({{ page.root }}/a.html) and {{Glossary("HTML")}}.

            ::::: challenge
            ## Setup {#setup .wide}
            ~~~
            3 + 5
            ~~~
            {: .language-python}

            ![](plot.png){alt='A plot'} and [a](https://example.com){target="_blank"}

            !!! note "About {{ x }}"
                Indented.

            > ??? tip
            > text

            | a | b |
            |---|---|
            | é {{ cell }} | `{{ code }}` |
            """
        #expect(found(text, firstLine: 3) == [
            "3:1 {{< note >}}", "5:1 {{% /note %}}", "7:1 {%- include links.md -%}", "7:30 {{#include ../listings/main.rs:2}}",
            "9:9 {{ page.root }}", "9:37 {{Glossary(\"HTML\")}}", "11:1 ::::: challenge", "12:10 {#setup .wide}",
            "16:1 {: .language-python}", "18:14 {alt='A plot'}", "18:57 {target=\"_blank\"}",
            "20:1 !!! note \"About {{ x }}\"", "20:17 {{ x }}", "23:3 ??? tip", "28:5 {{ cell }}",
        ].map { line in line.split(separator: " ", maxSplits: 1).joined(separator: " ") })
    }

    @Test("Markup that is not another engine's, or that the page does not show as text, is not reported", arguments: [
        "`{{ page.root }}` and ``{% raw %}``\n",             // code spans
        "```\n{{< note >}}\n:::\n```\n",                      // a code block
        "    {% include x %}\n",                              // an indented code block
        "<div title=\"{{ x }}\">\n{{ y }}\n</div>\n",         // an HTML block
        "<span title=\"{{ x }}\">y</span>\n",                 // a tag's attribute
        "$x^{{2}}$, style={{color: 'red'}}, {{ }}, {{}}\n",   // TeX, JSX, empty braces
        "$\\frac{n}{{\\phi(n)}}$ and $\\left({{10}^{18}}\\right)$\n", // TeX in Project Euler's pages
        "{.5} and if (x){return} and {...rest}\n",            // code written as text
        "A colon: here:: and ::: mid-line\n",                 // colons not at a line's start
        "Wow!!! and ??? mid-line, !!!\n",                     // an admonition needs a line and a name
        "{% unclosed and {{ unclosed\n",                      // never closed on the line
        "## Heading {not attributes}\n",                      // braces without #, . or :
        "## Heading {#an-id}\n",                             // an id alone, which the heading has
        "\\{{ escaped }} and &#123;{ x }}\n",                  // an escaped brace: text meant as written
        "import the data from 'data.csv'\nexport the file as \"a.png\"\n", // prose that starts so
        "Then import { a } from 'b'\n",                     // not at a line's start
        "```js\nimport { a } from 'b'\n```\n",               // code
    ])
    func notReported(_ text: String) {
        #expect(found(text).isEmpty, "\(text.debugDescription)")
    }

    /// MDX's module statements (Docusaurus's `import Tabs from '@theme/Tabs';`, Redux's docs'
    /// `import { DetailedExplanation } from '../../components/DetailedExplanation'`).
    @Test func mdxImportsAndExportsAreReported() {
        let text = "import Tabs from '@theme/Tabs';\nimport { DetailedExplanation } from '../../components/DetailedExplanation'\n"
            + "import * as React from \"react\"\nimport Def, { a as b } from 'x'\nimport type { T } from './t'\nimport './style.css'\n\n"
            + "export const meta = { title: 'x' }\n\n> export default function Page() {\n"
        #expect(found(text) == [
            "1:1 import Tabs from '@theme/Tabs';", "2:1 import { DetailedExplanation } from '../../components/Detail…",
            "3:1 import * as React from \"react\"", "4:1 import Def, { a as b } from 'x'", "5:1 import type { T } from './t'",
            "6:1 import './style.css'", "8:1 export const meta = { title: 'x' }", "10:3 export default function Page() {",
        ])
        let body = MarkdownBody(text: "import Tabs from '@theme/Tabs';\n", source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"),
                                firstLine: 1)
        #expect(BodyChecker.check(body, contentRoot: Repository.root).map(\.message) == [
            "`import Tabs from '@theme/Tabs';` is an MDX import (Docusaurus, Nextra, Astro), which brings in components that are not HTML (the allowlist removes their tags); Markdown reads it as text, so the page shows the line as written: remove it, and write what the components showed in Markdown, or put it in backticks if it is meant literally",
        ])
    }

    /// cmark decodes escapes and entities and joins adjacent text into one node, so the
    /// position is found in the source: after an entity, and past an escaped twin.
    @Test func positionsAreTheSourcesAfterEscapesAndEntities() {
        #expect(found("a &amp; b {{ x }}\n") == ["1:11 {{ x }}"])
        #expect(found("\\{{ a }} {{ a }} &#123;{ a }} {{ a }}\n") == ["1:10 {{ a }}", "1:31 {{ a }}"])
        #expect(found("Über \\* {% tag %}\n") == ["1:9 {% tag %}"])
        // An escape inside the construct: it is found by its opening and name.
        #expect(found("![](p.png){alt='weight\\_kg'} and {:auto\\_ids}\n") == ["1:11 {alt='weight_kg'}"])
        #expect(found("{:auto\\_ids}\n") == ["1:1 {:auto_ids}"])
        // One an entity hides is not reported at the next one's place twice.
        #expect(found("&#123;{ a }}\n{{ a }}\n") == ["2:1 {{ a }}"])
        // cmark places text as if the link reference definitions before it were there.
        #expect(found("[a]: https://example.com\n[b]: {{ site.x }}/y\n") == ["2:6 {{ site.x }}"])
    }

    /// A shortcode whose name cmark reads as a tag runs over three nodes (text, HTML, text).
    @Test func aConstructOverSeveralNodesIsFoundInTheSource() {
        #expect(found("Before {{<figure src=\"a.png\">}} after {{<figure src=\"a.png\">}}\n")
                == ["1:8 {{<figure src=\"a.png\">}}", "1:39 {{<figure src=\"a.png\">}}"])
    }

    /// A body full of such markup (hostile, or generated) is reported 200 times, then counted.
    @Test func aBodyReportsItsFirstTwoHundredThenCountsTheRest() {
        let body = MarkdownBody(text: String(repeating: "{{ a }}\n\n", count: 250),
                                source: SourceFile(relativePath: "a.md", displayPath: "a.md"), firstLine: 1)
        let diagnostics = BodyChecker.check(body, contentRoot: Repository.root)
        #expect(diagnostics.count == ForeignSyntax.reportedPerBody)
        #expect(diagnostics.last.map { "\($0.location.line) \($0.message.hasSuffix("; 50 more such markup follows in this file, not listed"))" }
                == "399 true")
    }

    @Test func theMessageQuotesTheConstructCutToSixtyBytes() {
        let long = "{{< figure src=\"" + String(repeating: "é", count: 40) + "\" >}}\n"
        let diagnostics = BodyChecker.check(MarkdownBody(text: long, source: SourceFile(relativePath: "a.md", displayPath: "a.md"), firstLine: 1),
                                            contentRoot: Repository.root)
        let excerpt = "{{< figure src=\"" + String(repeating: "é", count: 22) + "…"
        #expect(diagnostics.map { $0.message } == [
            "`\(excerpt)` is a Hugo shortcode; this site runs no shortcodes, so the page shows it as written: write what it stands for in Markdown (a note as a quote, `> **Note:** …`), or put it in backticks if it is meant literally",
        ])
    }

    @Test func anImagesAttributesSayWhereItsAltTextGoes() {
        let diagnostics = BodyChecker.check(MarkdownBody(text: "![](p.png){alt='A plot'}\n", source: SourceFile(relativePath: "a.md", displayPath: "a.md"), firstLine: 1),
                                            contentRoot: Repository.root).filter { $0.rule.rawValue == "foreign-syntax" }
        #expect(diagnostics.map { $0.message } == [
            "`{alt='A plot'}` is an attribute list after an image (Pandoc, kramdown, the Carpentries Workbench), which Markdown reads as text, so the page shows it and the image gets no alt text from it: write the alt text between the image's brackets (`![A plot of…](plot.png)`) and remove the braces",
        ])
    }

    /// The page shows such markup as written: the rule reports, it does not change the page.
    @Test func thePageShowsTheMarkupAsWritten() {
        let html = HTMLRenderer(resolve: { url, _ in url }).render(MarkdownParser.parse("::: challenge\n{{< note >}} {% include x.md %}\n"))
        #expect(html == "<p>::: challenge\n{{&lt; note &gt;}} {% include x.md %}</p>\n")
    }

    /// Bodies without a byte pattern that starts a construct are never walked for one
    /// (`mayHold`), and the build's parse finds what the check's finds.
    @Test("The first look misses nothing, and both parses find the same", arguments: 0..<300)
    func theFirstLookMissesNothing(_ seed: Int) {
        var generator = SeededGenerator(state: UInt64(seed))
        let pieces = ["{{", "}}", "{%", "%}", "{{<", ">}}", "{{#", "{:", "{#a", "{.b", "}", "{#a}", "[#a]", "[#", "]", "]{#a}", "[s]{.b}", "r[a.b]", "r[", ":::", "!!! ", "??? ", "x",
                      "import ", "export const ", "from ", "'m'", "{ a }",
                      "a=", " ", "\n", "\n\n", "> ", "- ", "`", "![](p.png)", "[l](u)", "## ", "<b>", "é", "\\"]
        let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        let walked = MarkdownParser.withDocument(text) { MarkdownScanner.reportables(in: $0, foreignSyntax: true) }!
            .filter { $0.foreign != nil }
        if !walked.isEmpty { #expect(ForeignSyntax.mayHold(text), "\(text.debugDescription)") }
        func positions(_ nodes: [ReportableNode]) -> [String] {
            nodes.filter { $0.foreign != nil }.map { "\($0.node.line):\($0.node.byteColumn)+\($0.foreign!.offset)" }
        }
        #expect(positions(MarkdownScanner.reportables(text)) == positions(walked), "\(text.debugDescription)")
        #expect(positions(MarkdownParser.parseWithReportables(text).reportables) == positions(walked), "\(text.debugDescription)")
    }
}
