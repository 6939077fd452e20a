import Foundation
import Testing
@testable import Catalog

private func render(_ markdown: String, resolve: @escaping HTMLRenderer.Resolver = { url, _ in url }) -> String {
    HTMLRenderer(resolve: resolve).render(MarkdownParser.parse(markdown))
}

@Test func rendersCommonMarkWithTablesAndStrikethrough() {
    let html = render("# Title\n\nSome *em* and **strong** and ~~gone~~ and `code`.\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n")
    #expect(html == """
        <h2 id="title">Title</h2>
        <p>Some <em>em</em> and <strong>strong</strong> and <del>gone</del> and <code>code</code>.</p>
        <div class="table-scroll" tabindex="0"><table>
        <thead>
        <tr>
        <th style="text-align:left">a</th>
        <th style="text-align:right">b</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td style="text-align:left">1</td>
        <td style="text-align:right">2</td>
        </tr>
        </tbody>
        </table></div>

        """)
}

@Test func rendersTightAndLooseListsAndCode() {
    #expect(render("- a\n- b\n") == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n")
    #expect(render("3. a\n\n4. b\n") == "<ol start=\"3\">\n<li><p>a</p>\n</li>\n<li><p>b</p>\n</li>\n</ol>\n")
    #expect(render("```swift x\nlet a = \"<b>\"\n```\n") == "<pre><code class=\"language-swift\"><span class=\"hl-k\">let</span> a = <span class=\"hl-s\">&quot;&lt;b&gt;&quot;</span>\n</code></pre>\n")
    #expect(render("```swiftish\nlet a = \"<b>\"\n```\n") == "<pre><code class=\"language-swiftish\">let a = &quot;&lt;b&gt;&quot;\n</code></pre>\n")
}

@Test func keepsSafeRawHTMLOnly() {
    let html = render("<div onclick=\"x()\">block</div>\n\nText <span style=\"x\">inline</span> <script>alert(1)</script>\n")
    // Allowed tags stay without their unsafe attributes; a script goes with its text.
    #expect(html == "<div>block</div>\n<p>Text <span>inline</span> </p>\n")
}

@Test(arguments: ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "vbscript:msgbox(1)",
                  "data:text/html;base64,PHNjcmlwdD4=", "&#106;avascript:alert(1)", "java&#9;script:alert(1)"])
func unsafeLinksBecomeText(url: String) {
    let resolver = BodyLinksTestResolver()
    let html = render("[click](\(url)) ![pic](\(url)) <\(url)>\n", resolve: resolver.resolve)
    #expect(!html.contains("<a "))
    #expect(!html.contains("<img"))
    #expect(html.contains("click"))
}

/// The site's policy for links without page context: unsafe and relative links are dropped.
struct BodyLinksTestResolver {
    func resolve(_ url: String, _ isImage: Bool) -> String? {
        switch LinkPolicy.classify(url) {
        case .external(let kept), .fragment(let kept): return kept
        case .unsafe, .relative: return nil
        }
    }
}

@Test func classifiesDestinations() {
    #expect(LinkPolicy.classify("#part") == .fragment("#part"))
    #expect(LinkPolicy.classify("https://example.com/a") == .external("https://example.com/a"))
    #expect(LinkPolicy.classify("/absolute/path") == .external("/absolute/path"))
    #expect(LinkPolicy.classify("mailto:a@example.com") == .external("mailto:a@example.com"))
    #expect(LinkPolicy.classify("java\nscript:x") == .unsafe(scheme: "javascript"))
    #expect(LinkPolicy.classify("JaVaScRiPt:x") == .unsafe(scheme: "javascript"))
    #expect(LinkPolicy.classify("DATA:,x") == .unsafe(scheme: "data"))
    #expect(LinkPolicy.classify("javascript:é") == .unsafe(scheme: "javascript"))
    #expect(LinkPolicy.classify("datax:y") == .external("datax:y"))
    #expect(LinkPolicy.classify("dat:y") == .external("dat:y"))
    #expect(LinkPolicy.classify("é:x") == .relative(path: "é:x", suffix: ""))
    #expect(LinkPolicy.classify("../my%20file.pdf?x=1#p") == .relative(path: "../my file.pdf", suffix: "?x=1#p"))
    #expect(LinkPaths.resolve("../b/c.md", from: "a/x/index.md") == "a/b/c.md")
    #expect(LinkPaths.resolve("./c.md", from: "index.md") == "c.md")
    #expect(LinkPaths.resolve("../../c.md", from: "a/index.md") == nil)
}

@Test func escapesEveryMarkupCharacter() {
    #expect(HTMLEscaping.escape("a<b>&\"c'd") == "a&lt;b&gt;&amp;&quot;c&#39;d")
    #expect(HTMLEscaping.escape("plain ünïcödé") == "plain ünïcödé")
    #expect(HTMLEscaping.escape("") == "")
}

/// The escaper's bit mask against the five characters, for every ASCII byte alone and in text.
@Test func escapesExactlyTheFiveCharactersAmongAllASCII() {
    let reference: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
    let scalars = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
    for character in scalars {
        #expect(HTMLEscaping.escape(String(character)) == reference[character] ?? String(character))
    }
    let all = String(scalars)
    #expect(HTMLEscaping.escape(all) == all.map { reference[$0] ?? String($0) }.joined())
    // The escaper reads sixteen, then eight bytes at a time: each character at every
    // offset of texts up to three blocks of sixteen long, alone and next to another, among
    // ASCII and not.
    for filler in ["abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOP 0123456", "é ü 中文 ñ Ω 𝄞 x y é ü 中文 ñ Ω 𝄞 x y"] {
        for length in 0...44 {
            let text = Array(String(filler.prefix(length)))
            for offset in 0...text.count {
                for special in reference.keys {
                    var changed = text
                    changed.insert(special, at: offset)
                    if offset > 1 { changed.insert("'", at: offset - 2) }
                    let expected = changed.map { reference[$0] ?? String($0) }.joined()
                    #expect(HTMLEscaping.escape(String(changed)) == expected)
                }
            }
        }
    }
}

/// The table and strikethrough types are told apart by value, found once from a sample.
@Test func extensionNodeTypesAreFoundAndDistinct() {
    let types = MarkdownParser.parse(ExtensionTypes.sample)
    var kinds: [String] = []
    types.forEach { node in
        switch node.kind {
        case .table(let alignments): kinds.append("table \(alignments.count)")
        case .tableRow(let isHeader): kinds.append(isHeader ? "header" : "row")
        case .tableCell: kinds.append("cell")
        case .strikethrough: kinds.append("strikethrough")
        case .other: kinds.append("other")
        default: break
        }
    }
    #expect(kinds == ["table 1", "header", "cell", "row", "cell", "strikethrough"])
}

@Test func rendersTablesWithoutBodyAndWithSeveralRows() {
    #expect(render("| a |\n|---|\n") == """
        <div class="table-scroll" tabindex="0"><table>
        <thead>
        <tr>
        <th>a</th>
        </tr>
        </thead>
        </table></div>

        """)
    #expect(render("| a | b |\n|:-:|---|\n| 1 |\n| 3 | 4 | 5 |\n") == """
        <div class="table-scroll" tabindex="0"><table>
        <thead>
        <tr>
        <th style="text-align:center">a</th>
        <th>b</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td style="text-align:center">1</td>
        <td></td>
        </tr>
        <tr>
        <td style="text-align:center">3</td>
        <td>4</td>
        </tr>
        </tbody>
        </table></div>

        """)
}

@Test func plainTextSkipsMarkupAndHTML() {
    let text = MarkdownParser.parse("# Head\n\nSome *text* <b>x</b> `code`\nnext\n").plainText
    #expect(text == "Head Some text x code next ")
}

@Test(arguments: [("HTTPS://example.org", "https"), ("a+b-c.d:x", "a+b-c.d"), ("JavaScript:alert(1)", "javascript"),
                  ("1abc:x", nil), (":x", nil), ("ab_c:x", nil), ("page.md", nil), ("ÄB:x", nil), ("ab:é", "ab")])
func schemesAreLowercasedAndValidated(url: String, scheme: String?) {
    #expect(LinkPolicy.scheme(of: url) == scheme)
}

/// A heading's id from its plain text's bytes is the id from the text as a String.
@Test func headingIDsFromBytesMatchIDsFromText() {
    let texts = ["Title ", "  Tabs\tand spaces\t ", "", " \t ", "Ünïcode heading ", "a\u{00A0}", "\u{2003}Em space\u{2003}",
                 "Title", "Title ", "title-1", "Snake_case & Co. 2", "main", "Ω", "中文 标题 "]
    let fromText = HeadingIDs(reserved: HeadingIDs.pageShell), fromBytes = HeadingIDs(reserved: HeadingIDs.pageShell)
    for text in texts {
        #expect(fromBytes.next(forPlainText: Array(text.utf8)) == fromText.next(for: text), "\(text.debugDescription)")
    }
}

/// Whether a destination is a safe URL, an unsafe one or neither is decided from its bytes
/// for ASCII text: the same answers as the scheme's `String` looked up in `unsafeSchemes`.
@Test func schemeSafetyMatchesTheSchemeLookedUp() {
    var random = SeededGenerator(state: 19)
    let pieces = ["java", "JAVA", "script", "Script", "vb", "data", "DaTa", ":", ":", "/", "#", "x", "1", "+", ".", "-", "é", "?"]
    for _ in 0..<3000 {
        let url = (0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        let expected: LinkDestination? = LinkPolicy.scheme(of: url).map {
            LinkPolicy.unsafeSchemes.contains($0) ? .unsafe(scheme: $0) : .external(url)
        }
        switch LinkPolicy.classify(url) {
        case .unsafe, .external: #expect(LinkPolicy.classify(url) == expected || url.hasPrefix("/"), "\(url)")
        case .fragment, .relative: #expect(expected == nil, "\(url)")
        }
    }
}
