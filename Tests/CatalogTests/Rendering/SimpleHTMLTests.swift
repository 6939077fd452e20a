import Foundation
import Testing
@testable import Catalog

/// `SimpleHTML`, the readers of raw HTML that skip gumbo, against gumbo's path on the same
/// input: the same page HTML, search text and diagnostics, on exact cases and on many
/// generated fragments and Markdown bodies; and the cases it must leave to gumbo.
@Suite struct SimpleHTMLTests {
    // MARK: element numbers

    /// Every element the stack takes has its own number, found from its name (any case, as
    /// the scanner reads a writer's tag) and from its packed bytes; other names have 0.
    @Test func everyElementHasItsOwnNumber() throws {
        let names = SimpleHTML.elements.keys.sorted()
        #expect(SimpleHTML.names == [""] + names)
        for name in names {
            let id = SimpleHTML.id(of: name)
            #expect(id != 0 && SimpleHTML.names[Int(id)] == name && SimpleHTML.flags[Int(id)] == SimpleHTML.elements[name])
            for spelling in [name, name.uppercased(), name.prefix(1).uppercased() + name.dropFirst()] {
                let bytes = Array("<\(spelling)>".utf8)
                let token = try bytes.withUnsafeBufferPointer { buffer in
                    var scanner = SimpleHTMLScanner(buffer, spelling: .lenient(decodedText: false))
                    return try scanner.next()
                }
                #expect(token?.id == id && token?.name == name, "\(spelling)")
            }
        }
        for other in ["", "iframe", "footer", "svg", "h7", "ab", "spa", "spans", "blockquot", "blockquotes", "figcaptio", "xmp", "b1"] {
            #expect(SimpleHTML.id(of: other) == 0, "\(other)")
        }
        for (name, parents) in SimpleHTML.tableParents {
            #expect(SimpleHTML.tableParentIDs[Int(SimpleHTML.id(of: name))] == parents.map(SimpleHTML.id(of:)).sorted())
        }
    }

    // MARK: the three readers, with and without gumbo

    /// Resolves every URL but those starting `missing`, and lists the calls: resolving a
    /// link records it (and publishes an image), so both paths must resolve the same URLs
    /// in the same order, and the fast path none when it leaves the fragment to gumbo.
    final class Resolutions {
        var calls: [String] = []

        func resolve(_ url: String, _ isImage: Bool) -> String? {
            calls.append((isImage ? "img " : "a ") + url)
            return url.hasPrefix("missing") ? nil : "R:" + url
        }
    }

    static func render(_ markdown: String, simple: Bool) -> (html: String, calls: [String]) {
        let resolutions = Resolutions()
        let html = SimpleHTML.$isEnabled.withValue(simple) {
            HTMLRenderer(resolve: resolutions.resolve).render(MarkdownParser.parse(markdown))
        }
        return (html, resolutions.calls)
    }

    static func searchText(_ markdown: String, simple: Bool) -> [UInt8] {
        SimpleHTML.$isEnabled.withValue(simple) { SearchPlainText.bytes(MarkdownParser.parse(markdown)) }
    }

    static func check(_ markdown: String, simple: Bool) -> [String] {
        SimpleHTML.$isEnabled.withValue(simple) { HTMLSanitizerTests.check(markdown) }
    }

    /// gumbo's page for a fragment, as `renderSanitized` writes it, and the URLs it resolved.
    static func sanitizedWithCalls(_ fragment: String, writerRanges: [Range<Int>]) -> (html: String, calls: [String]) {
        let out = HTMLBuilder()
        let resolutions = Resolutions()
        HTMLSanitizer(writerRanges: writerRanges, resolve: resolutions.resolve, headingIDs: HeadingIDs(reserved: HeadingIDs.pageShell))
            .write(HTMLFragmentParser.parse(fragment), into: out)
        return (out.string, resolutions.calls)
    }

    static func sanitized(_ fragment: String, writerRanges: [Range<Int>]) -> String {
        sanitizedWithCalls(fragment, writerRanges: writerRanges).html
    }

    /// The fast path's page and calls; nil, after checking that it resolved nothing, when it
    /// leaves the fragment to gumbo.
    static func simpleSanitizedWithCalls(_ fragment: String, writerRanges: [Range<Int>]) -> (html: String, calls: [String])? {
        let out = HTMLBuilder()
        let resolutions = Resolutions()
        var fragment = fragment
        let taken = fragment.withUTF8 {
            SimpleHTML.writeSanitized($0, writerRanges: writerRanges, resolve: resolutions.resolve,
                                      headingIDs: HeadingIDs(reserved: HeadingIDs.pageShell), into: out)
        }
        guard taken else {
            #expect(resolutions.calls.isEmpty && out.count == 0, "\(fragment.debugDescription)")
            return nil
        }
        return (out.string, resolutions.calls)
    }

    static func simpleSanitized(_ fragment: String, writerRanges: [Range<Int>]) -> String? {
        simpleSanitizedWithCalls(fragment, writerRanges: writerRanges)?.html
    }

    static func gumboText(_ literal: String) -> [UInt8] {
        var out: [UInt8] = []
        for node in HTMLFragmentParser.parse(literal, context: .template) { HTMLSanitizer.appendText(of: node, to: &out) }
        return out
    }

    static func simpleText(_ literal: String) -> [UInt8]? {
        var literal = literal
        return literal.withUTF8(SimpleHTML.text(of:))
    }

    /// What gumbo's checker walk would report of a literal: an element it did not keep, an
    /// attribute it removed, or a URL it checked.
    static func gumboReports(_ literal: String) -> Bool {
        func reports(_ node: HTMLNode) -> Bool {
            guard !node.isText else { return false }
            if node.offset != nil {
                guard HTMLAllowlist.decision(node.tag, node.namespace) == .keep else { return true }
                if node.attributes.contains(where: { !HTMLAllowlist.allows($0.name, on: node.tag) || HTMLAllowlist.isURL($0.name, on: node.tag) }) {
                    return true
                }
            }
            return node.children.contains(where: reports)
        }
        return HTMLFragmentParser.parse(literal, context: .template).contains(where: reports)
    }

    /// What gumbo's checker walk reports on, in its order: each element the allowlist does
    /// not keep (its tag and offset), and each kept one with an attribute the allowlist
    /// removes or a URL (name, offset, and a URL's decoded value).
    static func gumboCheckedElements(_ literal: String) -> [String] {
        var found: [String] = []
        func walk(_ node: HTMLNode) {
            guard !node.isText else { return }
            if let offset = node.offset {
                switch HTMLAllowlist.decision(node.tag, node.namespace) {
                case .drop: found.append("dropped \(node.tag)@\(offset)"); return
                case .unwrap: found.append("\(node.tag)@\(offset) ")
                case .keep:
                    let checked = node.attributes.filter { !HTMLAllowlist.allows($0.name, on: node.tag) || HTMLAllowlist.isURL($0.name, on: node.tag) }
                    if !checked.isEmpty { found.append("\(node.tag)@\(offset) " + describe(checked, on: node.tag)) }
                }
            }
            node.children.forEach(walk)
        }
        HTMLFragmentParser.parse(literal, context: .template).forEach(walk)
        return found
    }

    static func simpleCheckedElements(_ literal: String) -> [String]? {
        var literal = literal
        return literal.withUTF8(SimpleHTML.checkedElements)?.map { node in
            "\(node.tag)@\(node.offset ?? -1) " + describe(node.attributes, on: node.tag)
        }
    }

    private static func describe(_ attributes: [HTMLAttribute], on tag: String) -> String {
        attributes.map { "\($0.name)@\($0.offset)" + (HTMLAllowlist.isURL($0.name, on: tag) && HTMLAllowlist.allows($0.name, on: tag) ? "=\($0.value)" : "") }
            .joined(separator: " ")
    }

    static func simpleReports(_ literal: String) -> Bool {
        var literal = literal
        return !literal.withUTF8(SimpleHTML.hasNothingToReport)
    }

    // MARK: exact cases

    @Test(arguments: [
        "<p>Press <kbd>Ctrl</kbd> and <code>x</code>.</p>\n",
        "<p>a<br>b<wbr>c</p>\n<hr>\n",
        "<div align=\"center\">\n<p>x &amp; y &lt;z&gt; &quot;q&quot; &#39;s</p>\n</div>\n",
        "<p>a<!-- note -->b</p>\n<!-- c -->\n",
        "<ul>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\"> x</li>\n</ul>\n",
        "<div class=\"table-scroll\" tabindex=\"0\"><table>\n<thead>\n<tr>\n<th style=\"text-align:left\">h</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><b>d</b></td>\n</tr>\n</tbody>\n</table></div>\n",
        "<pre><code class=\"language-js\">\nlet a = 1 &lt; 2;\n</code></pre>\n",
        "<p><strong><em>x</em></strong> <sup>2</sup><sub>i</sub></p>\n",
        // The parser drops the newline after `<pre>`; the sanitizer writes one back before another.
        "<pre>\nx\n</pre>\n", "<pre>\n\nx</pre>\n", "<pre>\n</pre>", "<div><pre>\n<b>x</b>\n</pre></div>\n",
        // Characters whose UTF-8 holds the bytes of a noncharacter's (`BF BE`, `EF B7`) without being one.
        "<p>丿中能力 \u{FDF0}\u{FDCF} \u{FFEF} \u{1FFFD} \u{10FFFD}</p>\n",
    ])
    func plainFragmentsAreWrittenAsGumboWritesThem(fragment: String) {
        #expect(Self.simpleSanitized(fragment, writerRanges: []) == Self.sanitized(fragment, writerRanges: []))
        // Written by a writer, each is kept too, but for the renderer's own `class`, `style`, `tabindex` and `input`.
        let all = [0..<fragment.utf8.count]
        let writers = Self.simpleSanitized(fragment, writerRanges: all)
        #expect(writers == (fragment.contains("<input") ? nil : Self.sanitized(fragment, writerRanges: all)))
    }

    @Test(arguments: [
        "<p>a<div>b</div></p>", "<p>a</p></p>", "<b><i>x</b></i>", "<table><tr><td>x</td></tr></table>",
        "<pre><!-- c -->\nx</pre>", "<KBD>x</KBD>", "<p>x", "</p>", "<a><b><a>x</a></b></a>",
        "<ul><p>x</p><li>y</li></ul><li>z", "<h1>x<h2>y</h2></h1>", "<p>x\r\ny</p>", "<p>x\0y</p>",
        "<p>a &copy; b</p>", "<p>a &amp b</p>", "<p>&#0;</p>", "<p>&#x80;</p>", "<p>&#xD800;</p>", "<p>&#x3C</p>",
        "<iframe src=\"https://x.org\">x</iframe>", "<iframe src=\"https://x.org\">", "<table><iframe></iframe></table>",
        "<p>&#;</p>", "<p>&#x;</p>", "<p>&#x110000;</p>", "<p>&#xFFFE;</p>", "<p>&#x00000003C;</p>", "<pre>&#10;x</pre>", "<!-->", "<!--->x-->", "<!-- a --!> b -->", "<!-- a -- b -->", "<!---->",
        "<span title=x>y</span>", "<span  title=\"x\">y</span>", "<span title=\"x\" >y</span>",
        "<p data-footnotes>x</p>", "<b title=\"a\" title=\"b\">x</b>", "<math>x</math>", "<script>x</script>",
        "<table>\n<thead>\nx<tr>\n</tr>\n</thead>\n</table>", "<dd>x</dd><li><dt>y</dt></li>",
    ])
    func otherFragmentsAreLeftToGumbo(fragment: String) {
        #expect(Self.simpleSanitized(fragment, writerRanges: [0..<fragment.utf8.count]) == nil)
    }

    /// The renderer's own tags are read without gathering their attributes, but one with a
    /// repeated attribute (which the parser drops) or more than the scanner has room for
    /// is still refused, as a writer's is; one with eight different attributes is taken.
    @Test(arguments: [
        "<p><b title=\"a\" title=\"b\">x</b></p>", "<p><img src=\"a\" alt=\"x\" alt=\"y\"></p>",
        "<p><b a=\"1\" b=\"1\" c=\"1\" d=\"1\" e=\"1\" f=\"1\" g=\"1\" h=\"1\" i=\"1\">x</b></p>",
    ])
    func rendererTagsWithRepeatedOrManyAttributesAreLeftToGumbo(fragment: String) {
        #expect(Self.simpleSanitized(fragment, writerRanges: []) == nil)
        let eight = "<p><span a=\"1\" b=\"1\" c=\"1\" d=\"1\" e=\"1\" f=\"1\" g=\"1\" h=\"1\">x</span></p>"
        #expect(Self.simpleSanitized(eight, writerRanges: []) == Self.sanitized(eight, writerRanges: []))
    }

    /// A link inside a link: the parser closes the outer one where the inner starts, and
    /// ignores the `</a>` that then closes nothing. A writer's `<a>` around a bare URL, which
    /// cmark's autolink extension makes a link (written by the renderer), is the common case.
    @Test(arguments: [
        ("<a><a>x</a></a>", [0..<15]),
        ("<p><a href=\"u\">see <a href=\"https://x.org\">https://x.org</a> now</a>.</p>\n", [3..<15, 64..<68]),
        ("<p><a href=\"u\"><a href=\"v\">v</a> and <a href=\"w\">w</a></a></p>", [3..<15, 54..<58]),
        ("<p><a href=\"u\">x</a></a></p>", [3..<15, 16..<20, 20..<24]),
        ("<pre><a href=\"u\"><a href=\"v\"></a></a>\nx</pre>", [5..<17, 33..<37]),
        ("<a href=\"u\"><span><a href=\"v\">v</a></span></a>", [0..<12, 42..<46]),
    ])
    func linksInsideLinksAreClosedAsTheParserClosesThem(fragment: String, writers: [Range<Int>]) {
        let gumbo = Self.sanitizedWithCalls(fragment, writerRanges: writers)
        let simple = Self.simpleSanitizedWithCalls(fragment, writerRanges: writers)
        if fragment.contains("<span><a") {
            #expect(simple == nil)  // the outer `a` is not the current node: the adoption agency's other steps
        } else {
            #expect(simple?.html == gumbo.html)
            #expect(simple?.calls == gumbo.calls)
        }
    }

    /// A writer's element that the sanitizer renames or removes is left to gumbo; the
    /// renderer's own (the same bytes outside the writer's ranges) is kept as written.
    @Test(arguments: ["<h2>x</h2>", "<section>x</section>", "<input type=\"checkbox\">"])
    func writersElementsTheSanitizerRenamesOrRemovesAreLeftToGumbo(fragment: String) {
        #expect(Self.simpleSanitized(fragment, writerRanges: [0..<fragment.utf8.count]) == nil)
        #expect(Self.simpleSanitized(fragment, writerRanges: []) == Self.sanitized(fragment, writerRanges: []))
    }

    /// A writer's start tag whose attributes the sanitizer changes is written again as it
    /// writes it: attributes it does not keep left out, URLs resolved (in order, each once)
    /// and percent-encoded, an image that cannot be shown as its alt text. The renderer's
    /// own tags stay as written.
    @Test(arguments: [
        ("<a href=\"u\">x</a>", "<a href=\"R:u\">x</a>", ["a u"]),
        ("<a href=\"x?a=1&amp;b=2\" target=\"_blank\" title=\"t &#39;q&#39;\">l</a>",
         "<a href=\"R:x?a=1&amp;b=2\" title=\"t &#39;q&#39;\">l</a>", ["a x?a=1&b=2"]),
        ("<a href=\"a b/é&quot;\">l</a>", "<a href=\"R:a%20b/%C3%A9%22\">l</a>", ["a a b/é\""]),
        ("<a href=\"missing\" rel=\"noopener\">l</a>", "<a rel=\"noopener\">l</a>", ["a missing"]),
        ("<a href=\"javascript:alert(1)\">l</a>", "<a>l</a>", []),
        ("<a href=\"mailto:x@example.com\">m</a>", "<a href=\"R:mailto:x@example.com\">m</a>", ["a mailto:x@example.com"]),
        ("<img src=\"p.png\" alt=\"a &amp; b\" class=\"c\" width=\"20\">", "<img src=\"R:p.png\" alt=\"a &amp; b\" width=\"20\">", ["img p.png"]),
        ("<p>a <img src=\"missing.png\" alt=\"a &lt;b&gt;\"> c</p>", "<p>a a &lt;b&gt; c</p>", ["img missing.png"]),
        ("<img alt=\"only\">", "only", []),
        ("<img src=\"data:x\">", "", []),
        ("<span class=\"x\" lang=\"fr\">y</span>", "<span lang=\"fr\">y</span>", []),
        // A writer's id first, once: the page's own (`main`) and a second `x` are left out.
        ("<span lang=\"fr\" id=\"x\">y</span><i id=\"x\">z</i><b id=\"main\">m</b>",
         "<span id=\"x\" lang=\"fr\">y</span><i>z</i><b>m</b>", []),
        ("<span style=\"c\">y</span><a href=\"1\"><img src=\"2\" alt=\"\"></a>", "<span>y</span><a href=\"R:1\"><img src=\"R:2\" alt=\"\"></a>", ["a 1", "img 2"]),
        // As writers write: quotes and `>` left as they are in texts and values, single-quoted values.
        ("<p>it's \"q\" a > b</p>", "<p>it&#39;s &quot;q&quot; a &gt; b</p>", []),
        ("<span title='x \"y\"'>y</span>", "<span title=\"x &quot;y&quot;\">y</span>", []),
        ("<a href='u?a=1&amp;b' title=\"a<b>\">l</a>", "<a href=\"R:u?a=1&amp;b\" title=\"a&lt;b&gt;\">l</a>", ["a u?a=1&b"]),
        ("<img alt=\"it's\" src='missing.png'>", "it&#39;s", ["img missing.png"]),
        ("<pre>\nit's\n</pre>", "<pre>it&#39;s\n</pre>", []),
        // Self-closing tags: the parser ignores the `/`, a void element is written without it.
        ("<p>a<br/>b<br />c</p>", "<p>a<br>b<br>c</p>", []),
        ("<img src=\"p.png\" alt=\"a\" />", "<img src=\"R:p.png\" alt=\"a\">", ["img p.png"]),
        ("<span/>x</span>", "<span>x</span>", []),
        // Numeric references: the parser reads the character, the sanitizer writes it escaped.
        ("<p>a &#x3C; b &#38; &#xA0;c &#128512; &#X3e;</p>", "<p>a &lt; b &amp; \u{A0}c 😀 &gt;</p>", []),
        ("<span title=\"&#x3C;x&#62; &#39;\">y</span>", "<span title=\"&lt;x&gt; &#39;\">y</span>", []),
        ("<a href=\"u?a=1&#38;b=2\">l</a>", "<a href=\"R:u?a=1&amp;b=2\">l</a>", ["a u?a=1&b=2"]),
        // An empty iframe becomes a link to its page (titled, else the URL), or nothing.
        ("<p>a <iframe src=\"https://x.org/v?a=1&amp;b\" title=\" V &amp; W \" allowfullscreen=\"true\"></iframe> b</p>",
         "<p>a <a href=\"R:https://x.org/v?a=1&amp;b\">V &amp; W</a> b</p>", ["a https://x.org/v?a=1&b"]),
        ("<iframe src=\"https://x.org/\"></iframe>", "<a href=\"R:https://x.org/\">https://x.org/</a>", ["a https://x.org/"]),
        ("<iframe src=\"javascript:x\"></iframe><iframe></iframe>", "", []),
    ])
    func writersTagsTheSanitizerChangesAreWrittenAsItWritesThem(fragment: String, expected: String, calls: [String]) throws {
        let all = [0..<fragment.utf8.count]
        let simple = try #require(Self.simpleSanitizedWithCalls(fragment, writerRanges: all))
        #expect(simple.html == expected)
        #expect(simple.calls == calls)
        let gumbo = Self.sanitizedWithCalls(fragment, writerRanges: all)
        #expect(simple.html == gumbo.html)
        #expect(simple.calls == gumbo.calls)
        // The renderer's own tags are canonical: one that is not is left to gumbo.
        let renderers = Self.simpleSanitized(fragment, writerRanges: [])
        let writersSpelling = fragment.contains("='") || fragment.contains("/>") || fragment.contains("=\"&#x3C;") || fragment.contains("&#38;b")
            || fragment.contains("<iframe")
        #expect(renderers == (writersSpelling ? nil : Self.sanitized(fragment, writerRanges: [])))
    }

    /// The scanner's bit table of bytes it skips in a text, against what it looks for.
    @Test func plainTextBytesAreThoseNoSpellingLooksAt() {
        for value in 0...255 {
            let byte = UInt8(value)
            let looked = byte < 0x20 && byte != 0x09 && byte != 0x0A || byte == 0x7F || byte == 0xC2 || byte >= 0xEF
                || "<&>\"'".utf8.contains(byte)
            #expect(SimpleHTMLScanner.isPlain(byte) == !looked, "\(value)")
        }
    }

    @Test func searchTextOfPlainBlocksIsGumbosText() {
        let blocks = [
            "<div align=\"center\">\n", "</div>\n", "<details>\n<summary>More</summary>\n", "</details>",
            "<p>a<br>b</p>\n<p>c", "<ul>\n<li>one</li>\n<li>two\n", "<!-- hidden -->\n", "<kbd>Ctrl</kbd> + <kbd>C</kbd>",
            "<h3>Title</h3>\n<blockquote>q</blockquote>", "</span></b>", "<dl><dt>t</dt><dd>d</dd></dl>", "<pre>x\n</pre>",
            "<div>\n<img src=\"a.png\" alt=\"b\"/>\n</div>", "<br/><hr />x", "<DIV>x</DIV>", "<span/>x", "<li>x</li><li>y",
            "<pre>\nx</pre>", "<pre>\n\ny</pre>", "<pre>\n</pre>",
            // References decoded, as the parser reads them.
            "a &amp; b", "<pre>if a &#x3C; b &lt; c &#62; d\n</pre>", "<p>a < b <= c <3</p>", "x <", "<p>&quot;q&quot; &#39;s &#160;x &#x1F600;</p>",
        ]
        for block in blocks {
            #expect(Self.simpleText(block) != nil, "\(block)")
            #expect(Self.simpleText(block) == Self.gumboText(block), "\(block)")
        }
        for block in ["a &copy; b", "a &amp b", "&#10;x", "&#x80;", "</p>", "<table><tr><td>x</td></tr></table>", "<td>x</td>", "</br>", "<h2>a</h3>", "<p>a<div>b", "<li>x<li>y", "<ul><li>x</ul>"] {
            #expect(Self.simpleText(block) == nil, "\(block)")
        }
    }

    @Test func checksOfPlainNodesFindNothing() {
        for literal in ["<kbd>", "<br/>", "<div align=\"center\">\n", "<!-- x -->", "<td colspan=\"2\">", "<B>", "</p>", "<table><td>x"] {
            #expect(!Self.simpleReports(literal), "\(literal)")
            #expect(!Self.gumboReports(literal), "\(literal)")
        }
        for literal in ["<span class=\"x\">", "<a href=\"x\">", "<font>", "<img src=\"x\">", "<svg>", "<iframe src=\"x\">",
                        "<div ALIGN=\"c\">", "<!-->", "<x-y>"] {
            #expect(Self.simpleReports(literal), "\(literal)")
        }
    }

    // MARK: differential: generated fragments and bodies

    /// Pieces that fragments are made of: plain and tricky, in every case the tests name.
    static let pieces: [String] = [
        "<p>", "</p>", "<div>", "</div>", "<div align=\"center\">", "<span>", "</span>", "<kbd>", "</kbd>", "<b>", "</b>",
        "<i>", "</i>", "<em>", "</em>", "<strong>", "</strong>", "<code>", "</code>", "<a>", "</a>", "<sup>", "</sup>",
        "<ul>", "</ul>", "<ol>", "</ol>", "<li>", "</li>", "<dl>", "<dt>", "<dd>", "</dl>", "<pre>", "</pre>",
        "<blockquote>", "</blockquote>", "<h2>", "</h2>", "<h3>", "</h3>", "<br>", "<br/>", "<hr>", "<wbr>",
        "<table>", "</table>", "<thead>", "</thead>", "<tbody>", "</tbody>", "<tr>", "</tr>", "<td>", "</td>", "<th>", "</th>",
        "<details>", "</details>", "<summary>", "</summary>", "<KBD>", "</Kbd>", "<span title=\"a &amp; b\">",
        "<span title=\"x\" lang=\"en\">", "<img src=\"p.png\" alt=\"p\">", "<a href=\"x\">", "<section>", "</section>",
        "text", " ", "\n", "\n\n", "&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "&copy;", "&amp", "'", "\"", ">", "<",
        "<!-- c -->", "<!-->", "<!--->", "<!-- a --!> b -->", "<!---->", "\0", "\r", "\r\n", "\u{0C}", "\u{01}",
        "\u{85}", "\u{FEFF}", noncharacter(0xFDD0), noncharacter(0xFFFE), noncharacter(0x1FFFF), noncharacter(0x3FFF),
        noncharacter(0xFDEF), noncharacter(0x10FFFE), "\u{FDCF}", "\u{FDF0}", "\u{FFEF}", "\u{1FFFD}", "\u{4E3F}中", "\u{10FFFD}", "\u{7F}", "\u{FFFD}", "\t", "é", "<font>", "</font>", "<script>", "<input type=\"checkbox\" checked=\"\">", "</br>",
        "<a href=\"missing\">", "<a href=\"a&amp;b c\" target=\"_blank\">", "<a href=\"javascript:x\">", "<img alt=\"a\">",
        "<img src=\"missing.png\" alt=\"m &amp; n\">", "<img src=\"data:x\" alt=\"d\">", "<span class=\"c\">", "<img src=\"é.png\">",
        "<span title='a \"b\" &amp; c'>", "<a href='x' rel=\"<y>\">", "<img alt='a' src='missing'>", "it's", "<b title='x>",
        "&#x3C;", "&#60;", "&#160;", "&#x1F600;", "&#10;", "&#x80;", "&#0;", "&#x3c", "<span title=\"&#x3C;&#34;\">",
        "<a href=\"u?a&#61;1\">", "<img src=\"p&#46;png\" alt=\"&#x26;\">", "<br />", "<span/>",
        "<iframe src=\"https://x.org/v\" title=\"V\"></iframe>", "<iframe src=\"https://x.org/w\">", "</iframe>",
        "<iframe></iframe>", "<iframe src=\"javascript:x\" title=\"j\"></iframe>",
        "<big>", "</big>", "<li style='list-style: none;'>", "<span style=\"color:blue\" id=\"x\">", "<a href=\"u\" onclick=\"x\">",
        "<center>", "</center>", "a < b", "1 <2", "x <", "<3", "< ", "<=",
        // Writers' ids: kept once, as written, where one word and not the page's own.
        "<span id=\"a\">", "<b id=\"a\" title=\"t\">", "<i id=\"main\">", "<em id=\"two words\">", "<span id=\"\">",
        "<span id=\"a&amp;b\">", "<img id=\"i\" alt=\"x\">", "<img id=\"j\" src=\"p.png\">", "<a id=\"k\" href=\"x\">",
    ]

    static func noncharacter(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }


    static func fragments(count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(state: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 1...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
    }

    /// Balanced, nested fragments of the plain pieces, so that many are simple.
    static func nestedFragments(count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(state: seed)
        let tags = ["p", "div", "span", "kbd", "b", "i", "em", "code", "sup", "blockquote", "ul", "li", "pre", "h3", "a", "del"]
        let texts = ["x", " ", "\n", "a &amp; b", "&lt;c&gt;", "<br>", "<!-- n -->", "", "\n\n", "&#39;", "<hr>",
                     "<img src=\"p.png\" alt=\"p\">", "<img src=\"missing\" alt=\"m &amp; n\">", "<a href=\"u?a=1&amp;b\">l</a>",
                     "<a href=\"missing\" rel=\"x\">l</a>", "<span class=\"c\" lang=\"en\">s</span>", "it's \"q\" >",
                     "<span title='t \"u\"'>v</span>", "<span id=\"n\">s</span>", "<b id=\"n\">again</b>"]
        func build(_ depth: Int) -> String {
            var out = ""
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                out += texts.randomElement(using: &random)!
                if depth < 4, Bool.random(using: &random) {
                    let tag = tags.randomElement(using: &random)!
                    out += "<\(tag)>" + build(depth + 1) + "</\(tag)>"
                }
            }
            return out
        }
        return (0..<count).map { _ in build(0) }
    }

    @Test func generatedFragmentsGetGumbosPageTextAndChecks() {
        var taken = (page: 0, text: 0, check: 0, resolving: 0, urls: 0)
        for fragment in Self.fragments(count: 4000, seed: 19) + Self.nestedFragments(count: 3000, seed: 13) {
            let bytes = fragment.utf8.count
            for ranges in [[0..<bytes], [], [0..<bytes / 2]] {
                if let simple = Self.simpleSanitizedWithCalls(fragment, writerRanges: ranges) {
                    taken.page += 1
                    let gumbo = Self.sanitizedWithCalls(fragment, writerRanges: ranges)
                    #expect(simple.html == gumbo.html, "\(fragment.debugDescription) \(ranges)")
                    #expect(simple.calls == gumbo.calls, "\(fragment.debugDescription) \(ranges)")
                    if !simple.calls.isEmpty { taken.resolving += 1 }
                }
            }
            if let simple = Self.simpleText(fragment) {
                taken.text += 1
                #expect(simple == Self.gumboText(fragment), "\(fragment.debugDescription)")
            }
            if let simple = Self.simpleCheckedElements(fragment) {
                taken.urls += simple.isEmpty ? 0 : 1
                #expect(simple == Self.gumboCheckedElements(fragment), "\(fragment.debugDescription)")
            }
            if !Self.simpleReports(fragment) {
                taken.check += 1
                #expect(!Self.gumboReports(fragment), "\(fragment.debugDescription)")
            }
        }
        // The comparisons above are not vacuous: many fragments take each fast path.
        #expect(taken.page > 1000 && taken.text > 1000 && taken.check > 1000 && taken.resolving > 300 && taken.urls > 300, "\(taken)")
    }

    /// Markdown bodies shaped like real ones (inline tags around emphasis and code, HTML
    /// blocks, lists, tables, code blocks): the page, the search text and the diagnostics
    /// are the same with and without the fast paths.
    @Test func generatedBodiesRenderSearchAndCheckAsWithGumbo() {
        var random = SeededGenerator(state: 7)
        let inline = ["<kbd>", "</kbd>", "<br>", "<br/>", "<code>", "</code>", "<sup>", "</sup>", "*", "**", "`x`", "_",
                      " ", "word", "<!-- c -->", "<span lang=\"en\">", "</span>", "[l](u)", "![i](p.png)", "&amp;", "it's",
                      "<b>", "</b>", "<a href=\"x\">", "</a>", "<em>", "</em>", "\\<", "<i class=\"x\">", "</i>",
                      "<a href=\"missing\" title=\"t\">", "<img src=\"p.png\" alt=\"i\">", "<img src=\"missing.png\" alt=\"m\">",
                      "<a href=\"mailto:a@b.c\">", "<span class=\"c\">", "<a href=\"javascript:x\">",
                      "https://example.com/p", "www.example.org", " see https://x.org/a?b=1 ", "<a href=\"https://x.org\">"]
        let blocks = ["<div align=\"center\">\n", "</div>\n", "<details>\n<summary>S</summary>\n", "</details>\n",
                      "```js\nlet a = '<b>';\n```\n", "- a\n- b\n", "> q\n", "| a | b |\n|---|:-:|\n| 1 | 2 |\n",
                      "<!-- note -->\n", "<p align=\"right\">x</p>\n", "<table><tr><td>t</td></tr></table>\n", "# H\n",
                      "<img src=\"a.png\" alt=\"a\">\n", "<pre>\ncode\n</pre>\n", "\n",
                      "<iframe src=\"https://x.org/v\" title=\"V\"></iframe>\n", "<p>x &#x3C; <br/>y</p>\n"]
        var bodies: [String] = []
        for _ in 0..<800 {
            var body = ""
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                if Bool.random(using: &random) {
                    body += blocks.randomElement(using: &random)! + "\n"
                } else {
                    body += (0..<Int.random(in: 1...10, using: &random)).map { _ in inline.randomElement(using: &random)! }.joined() + "\n\n"
                }
            }
            bodies.append(body)
        }
        for body in bodies {
            let (simple, gumbo) = (Self.render(body, simple: true), Self.render(body, simple: false))
            #expect(simple.html == gumbo.html, "\(body.debugDescription)")
            #expect(simple.calls == gumbo.calls, "\(body.debugDescription)")
            #expect(Self.searchText(body, simple: true) == Self.searchText(body, simple: false), "\(body.debugDescription)")
            #expect(Self.check(body, simple: true) == Self.check(body, simple: false), "\(body.debugDescription)")
        }
    }
}
