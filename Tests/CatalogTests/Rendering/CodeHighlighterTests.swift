import Foundation
import Testing
@testable import Catalog

/// Code blocks coloured by `CodeHighlighter`: exact HTML for each kind of token, the
/// plain text given back whole whatever the input, and hostile blocks read in one pass.
@Suite struct CodeHighlighterTests {
    private func coloured(_ code: String, _ info: String) -> String {
        let out = HTMLBuilder()
        CodeHighlighter.write(code, as: CodeLanguage.named(byInfo: info)!, into: out)
        return out.string
    }

    private func plain(_ code: String) -> String {
        let out = HTMLBuilder()
        out.text(code)
        return out.string
    }

    /// The highlighted HTML without its spans.
    private func unwrapped(_ html: String) -> String {
        html.replacing(#/<span class="hl-[a-z]">/#, with: "").replacingOccurrences(of: "</span>", with: "")
    }

    @Test func pythonsCommentsStringsNumbersKeywordsAndLiterals() {
        #expect(coloured("def f(x):  # note\n    \"\"\"Two\n    lines\"\"\"\n    return None if x else 1e-5, 0x1F, 'it'\n", "python") == """
            <span class="hl-k">def</span> f(x):  <span class="hl-c"># note</span>
                <span class="hl-s">&quot;&quot;&quot;Two
                lines&quot;&quot;&quot;</span>
                <span class="hl-k">return</span> <span class="hl-l">None</span> <span class="hl-k">if</span> x <span class="hl-k">else</span> <span class="hl-n">1e-5</span>, <span class="hl-n">0x1F</span>, <span class="hl-s">&#39;it&#39;</span>

            """)
    }

    @Test func htmlTagsAttributesAndTheScriptAndStyleInside() {
        let html = "<!-- c -->\n<a href=\"x.html\" hidden>a &lt; b</a>\n<script>let a = \"</b>\";</script><style>p{color:red}</style>\n"
        #expect(coloured(html, "html") == """
            <span class="hl-c">&lt;!-- c --&gt;</span>
            &lt;<span class="hl-t">a</span> <span class="hl-a">href</span>=<span class="hl-s">&quot;x.html&quot;</span> <span class="hl-a">hidden</span>&gt;a &amp;lt; b&lt;/<span class="hl-t">a</span>&gt;
            &lt;<span class="hl-t">script</span>&gt;<span class="hl-k">let</span> a = <span class="hl-s">&quot;&lt;/b&gt;&quot;</span>;&lt;/<span class="hl-t">script</span>&gt;&lt;<span class="hl-t">style</span>&gt;p{color:red}&lt;/<span class="hl-t">style</span>&gt;

            """)
    }

    @Test func rustsCharactersAreNotItsLifetimes() {
        #expect(coloured("fn f<'a>(x: &'a str) -> char { '\\n' }", "rust") ==
            "<span class=\"hl-k\">fn</span> f&lt;&#39;a&gt;(x: &amp;&#39;a str) -&gt; char { <span class=\"hl-s\">&#39;\\n&#39;</span> }")
        #expect(coloured("let c = 'é';", "rs") == "<span class=\"hl-k\">let</span> c = <span class=\"hl-s\">&#39;é&#39;</span>;")
        // A byte literal's `b` is part of it; a word's last letters are not.
        #expect(coloured("b' ' == ab'", "rust") == "<span class=\"hl-s\">b&#39; &#39;</span> == ab&#39;")
    }

    @Test func javaScriptsRegularExpressionsAreNotDivisions() {
        #expect(coloured("s.replace(/\\/\\//g, \"\");\nlet r = a / b / c;\nreturn /[/\"]+/.test(x)", "js") ==
            "s.replace(<span class=\"hl-s\">/\\/\\//g</span>, <span class=\"hl-s\">&quot;&quot;</span>);\n"
            + "<span class=\"hl-k\">let</span> r = a / b / c;\n"
            + "<span class=\"hl-k\">return</span> <span class=\"hl-s\">/[/&quot;]+/</span>.test(x)")
        // A `/` that closes nothing on its line divides, and so do the others after it there.
        #expect(coloured("x = /[ a /b/\ny = /c/", "ts") ==
            "x = /[ a /b/\ny = <span class=\"hl-s\">/c/</span>")
    }

    @Test func aShellSessionsPromptsAreMutedAndItsCommandsColouredAsShell() {
        #expect(coloured("$ cargo run --release # go\nerror: no \"x\"\n$ echo a \\\n  'b'\nb\n", "console") == """
            <span class="hl-p">$ </span>cargo run --release <span class="hl-c"># go</span>
            error: no &quot;x&quot;
            <span class="hl-p">$ </span>echo a \\
              <span class="hl-s">&#39;b&#39;</span>
            b

            """)
    }

    @Test func aDiffsLinesAreColouredWhole() {
        #expect(coloured("--- a/x.rs\n+++ b/x.rs\n@@ -1,2 +1,2 @@\n fn main() {\n-    old();\n+    new();\n", "diff") == """
            <span class="hl-k">--- a/x.rs</span>
            <span class="hl-k">+++ b/x.rs</span>
            <span class="hl-c">@@ -1,2 +1,2 @@</span>
             fn main() {
            <span class="hl-d">-    old();</span>
            <span class="hl-i">+    new();</span>

            """)
    }

    @Test func aStringsPrefixIsColouredWithIt() {
        #expect(coloured("f\"{x}\" + rb'\\d' + name\"x\"", "python") ==
            "<span class=\"hl-s\">f&quot;{x}&quot;</span> + <span class=\"hl-s\">rb&#39;\\d&#39;</span> + name<span class=\"hl-s\">&quot;x&quot;</span>")
        // A keyword just before a quote stays a keyword.
        #expect(coloured("in\"x\"", "python") == "<span class=\"hl-k\">in</span><span class=\"hl-s\">&quot;x&quot;</span>")
    }

    @Test func aShellCommentStartsAfterASpaceAndAYAMLKeyBeforeItsColon() {
        #expect(coloured("echo $# ${#x} # done\n", "bash") ==
            "echo <span class=\"hl-v\">$#</span> <span class=\"hl-v\">${#x}</span> <span class=\"hl-c\"># done</span>\n")
        #expect(coloured("- name: \"x\" # c\n  url: http://a/#b\n  on: true\n", "yml") ==
            "- <span class=\"hl-k\">name</span>: <span class=\"hl-s\">&quot;x&quot;</span> <span class=\"hl-c\"># c</span>\n"
            + "  <span class=\"hl-k\">url</span>: http://a/#b\n  <span class=\"hl-k\">on</span>: <span class=\"hl-l\">true</span>\n")
    }

    @Test func aShellsVariablesButNotItsSubstitutionsNorAnEscapedDollar() {
        #expect(coloured("cp \"$1\" $HOME/${dir:-x}_$n2 $(pwd) \\$PATH $ $'a'\n", "sh") ==
            "cp <span class=\"hl-s\">&quot;$1&quot;</span> <span class=\"hl-v\">$HOME</span>/<span class=\"hl-v\">${dir:-x}</span>_"
            + "<span class=\"hl-v\">$n2</span> $(pwd) \\$PATH $ $<span class=\"hl-s\">&#39;a&#39;</span>\n")
        // A `${` closed on no line of its own is text; PHP's variables too.
        #expect(coloured("echo ${a\n}", "bash") == "echo ${a\n}")
        #expect(coloured("$x = $y;", "php") == "<span class=\"hl-v\">$x</span> = <span class=\"hl-v\">$y</span>;")
    }

    @Test func decoratorsAnnotationsAndAttributes() {
        #expect(coloured("@app.route(\"/\")\ndef f(a, b): return a @ b, a@b\n", "python") ==
            "<span class=\"hl-a\">@app.route</span>(<span class=\"hl-s\">&quot;/&quot;</span>)\n"
            + "<span class=\"hl-k\">def</span> f(a, b): <span class=\"hl-k\">return</span> a @ b, a@b\n")
        #expect(coloured("@Override void f(@NonNull String s)", "java") ==
            "<span class=\"hl-a\">@Override</span> <span class=\"hl-k\">void</span> f(<span class=\"hl-a\">@NonNull</span> String s)")
        #expect(coloured("return@forEach", "kotlin") == "<span class=\"hl-k\">return</span>@forEach")
        #expect(coloured("@count += @@total", "ruby") ==
            "<span class=\"hl-v\">@count</span> += <span class=\"hl-v\">@@total</span>")
        #expect(coloured("#[derive(Debug, Clone)]\n#![allow(dead_code)]\nlet a = x[0]; # [", "rust") ==
            "<span class=\"hl-a\">#[derive(Debug, Clone)]</span>\n<span class=\"hl-a\">#![allow(dead_code)]</span>\n"
            + "<span class=\"hl-k\">let</span> a = x[<span class=\"hl-n\">0</span>]; # [")
    }

    @Test func aOneLineStringLeftOpenOnItsLineIsNoString() {
        // JSX's text, and prose in a block: the apostrophe stays text, the line's words are
        // read on, and the next line afresh.
        #expect(coloured("return <h1>Sally Ride's list</h1>; // x\nlet s = 'x';", "jsx") ==
            "<span class=\"hl-k\">return</span> &lt;h1&gt;Sally Ride&#39;s list&lt;/h1&gt;; <span class=\"hl-c\">// x</span>\n"
            + "<span class=\"hl-k\">let</span> s = <span class=\"hl-s\">&#39;x&#39;</span>;")
        // JSX's end tags and text are no regular expressions; after an arrow one is.
        #expect(coloured("<p>/api/</p>; f = x => /a/", "jsx") ==
            "&lt;p&gt;/api/&lt;/p&gt;; f = x =&gt; <span class=\"hl-s\">/a/</span>")
        // A string that may span lines still runs to the end of the block when left open.
        #expect(coloured("x = `a\nb", "js") == "x = <span class=\"hl-s\">`a\nb</span>")
    }

    @Test func rustsRawStringsHaveQuotesInsideAndNoEscapes() {
        #expect(coloured("r#\"say \"hi\"\"# + r\"C:\\\" + r##\"a\"#b\"## + br\"x\"", "rust") ==
            "<span class=\"hl-s\">r#&quot;say &quot;hi&quot;&quot;#</span> + <span class=\"hl-s\">r&quot;C:\\&quot;</span> + "
            + "<span class=\"hl-s\">r##&quot;a&quot;#b&quot;##</span> + <span class=\"hl-s\">br&quot;x&quot;</span>")
    }

    @Test func sqlInAnyCaseAndCsPreprocessor() {
        #expect(coloured("Select * FROM t -- all\n", "SQL") ==
            "<span class=\"hl-k\">Select</span> * <span class=\"hl-k\">FROM</span> t <span class=\"hl-c\">-- all</span>\n")
        #expect(coloured("#include <stdio.h>\nint x = a # b;\n  #define N <3", "c") ==
            "<span class=\"hl-k\">#include</span> <span class=\"hl-s\">&lt;stdio.h&gt;</span>\n<span class=\"hl-k\">int</span> x = a # b;\n"
            + "  <span class=\"hl-k\">#define</span> N &lt;<span class=\"hl-n\">3</span>")
    }

    @Test func wordsAreWholeWordsAcrossLetterBeyondASCII() {
        // `ifé` and `éif` are names, not the keyword `if`; a digit inside a word is no number.
        #expect(coloured("ifé éif x1 if", "python") == "ifé éif x1 <span class=\"hl-k\">if</span>")
    }

    @Test(arguments: ["Python", "rust,ignore", "js{1,3}", "c++", "C#", "shell session", "erb"])
    func aFencesFirstWordInAnyCaseNamesTheLanguage(_ info: String) {
        #expect(CodeLanguage.named(byInfo: info) != nil)
    }

    @Test(arguments: ["", "text", "output", "plaintext", "{.python}", "pythonpythonpythonpython1"])
    func otherFencesAreShownPlain(_ info: String) {
        #expect(CodeLanguage.named(byInfo: info) == nil)
    }

    @Test func aBlockInALanguageNotKnownIsWrittenAsBefore() {
        #expect(HTMLRenderer(resolve: { url, _ in url }).render(MarkdownParser.parse("```text\nif x < 2 # c\n```\n")) == "<pre><code class=\"language-text\">if x &lt; 2 # c\n</code></pre>\n")
        #expect(HTMLRenderer(resolve: { url, _ in url }).render(MarkdownParser.parse("```go\nif x\n```\n")) == "<pre><code class=\"language-go\"><span class=\"hl-k\">if</span> x\n</code></pre>\n")
    }

    /// Whatever the block holds, in every language: removing the spans gives the plain
    /// block's HTML, and spans are never nested or left open.
    @Test(arguments: 0..<300) func theTextIsKeptWhole(_ seed: Int) {
        var generator = SeededGenerator(state: UInt64(seed))
        let pieces = ["\"", "'", "`", "\"\"\"", "'''", "/*", "*/", "//", "#", "--", "<!--", "-->", "<", "</", ">", "\\", "\n", " ",
                      "if", "x", "1", "0x", "e-", ".", "é", "日本", "😀", "{-", "-}", "[[", "]]", "<#", "#>", "script", "style",
                      "=", ":", "- ", "@media", "$", "\t", "a=\"b\"", "&", "#include", "'a'", "\r\n", "/", "(", "[", "]", "return",
                      "b", "f", "$ ", "+", "@@", "\\\n", "${", "}", "#[", "#![", "r#\"", "\"#", "@x", "$1", "$x", "r\""]
        let text = (0..<Int.random(in: 0...60, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        for (names, _) in CodeLanguage.definitions {
            let name = String(names.split(separator: " ")[0])
            let html = coloured(text, name)
            #expect(unwrapped(html) == plain(text), "\(name): \(text.debugDescription)")
            var depth = 0
            for match in html.matches(of: #/<span class="hl-.">|</span>/#) {
                depth += match.output.hasPrefix("</") ? -1 : 1
                #expect(depth == 0 || depth == 1, "\(name): \(text.debugDescription)")
            }
            #expect(depth == 0)
        }
    }

    /// Blocks made to make a highlighter look far ahead again and again (an unclosed
    /// comment or string after every byte, a tag opened on every byte) are read in one
    /// pass: each finishes, and gives its text back whole.
    @Test(arguments: ["/*", "\"\\", "<a", "'\\", "<script>", "#", "--[[", "`", "'x", "0x1e-", "(/[", "= /", "return /", "$ a \\\n",
                      "${", "#[", "#![[", "@a.", "r#\"", "$ ${"])
    func hostileBlocksAreReadOnce(_ unit: String) {
        let text = String(repeating: unit, count: 200_000 / unit.utf8.count)
        for name in ["c", "python", "html", "rust", "lua", "bash", "javascript", "console", "diff"] {
            #expect(unwrapped(coloured(text, name)) == plain(text))
        }
    }
}
