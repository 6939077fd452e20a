import Foundation
import Testing
@testable import Catalog

/// Markdown in an HTML block is shown as written (`MarkdownInHTML`): react.dev's `<Note>`
/// with its text on the next line, kramdown's and MDX's habit. Reported once per block, at
/// the construct, as `foreign-syntax`; nothing where Markdown is read or HTML is not text.
@Suite struct MarkdownInHTMLTests {
    private static let check = HTMLSanitizerTests.check

    @Test func theFirstCodeSpanLinkOrStrongOfABlockIsReported() {
        let body = "<Note>\nCall the [preinit](a.md) function with `x` and **care**.\n</Note>\n\n<div>\n\nRead `here` as Markdown.\n\n</div>\n"
        #expect(Self.check(body).filter { $0.contains("foreign-syntax") } == ["2:10 foreign-syntax `[preinit](a.md)` is Markdown inside an HTML block, so the page shows it as written"])
        let found = BodyChecker.check(MarkdownBody(text: "<td>A **bold** cell</td>\n", source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"),
                                                   firstLine: 1), contentRoot: Repository.root.appendingPathComponent("Tests/Fixtures/site/content"))
        #expect(found.map(\.message) == ["`**bold**` is Markdown inside an HTML block, so the page shows it as written: a block that starts with a tag (`<td>`) runs to the next blank line, and nothing in it is read as Markdown (MDX and kramdown read it there); put a blank line after the tag's line and one before its end tag, or write it in HTML (`<code>`, `<a href>`, `<strong>`)"])
        #expect(found.map(\.location.column) == [7])
    }

    @Test("Not Markdown, or not shown as text", arguments: [
        "<pre>\n`code` [a](b)\n</pre>\n",                 // a block whose content is not HTML's text
        "<!-- `code` -->\n",                              // a comment
        "<div title=\"`x` [a](b)\">\nplain ** text\n</div>\n", // in a tag, and `**` that closes nothing
        "<div>\na ` alone, [a] (b), ** a **\n</div>\n",    // nothing that closes
        "Inline <b>`code`</b> is read.\n",                // inline HTML: the paragraph is Markdown
    ])
    func notReported(_ text: String) {
        #expect(Self.check(text).filter { $0.contains("foreign-syntax") } == [], "\(text.debugDescription)")
    }

    @Test func aLineOfOpenersIsReadOnce() {
        // Each opener that cannot close leaves its line at once: 100 kB of them is one pass.
        for unit in ["[", "`", "[a](", "<b", "** ", "**"] {
            let text = "<div>\n" + String(repeating: unit, count: 100_000 / unit.count) + "\n</div>\n"
            #expect(MarkdownInHTML.first(in: text) == nil, "\(unit)")
        }
        #expect(MarkdownInHTML.first(in: "<div>\n" + String(repeating: "[a", count: 50_000) + "](b)\n</div>\n")
                == MarkdownInHTML.Found(offset: 6, excerpt: "[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a[a…"))
    }
}
