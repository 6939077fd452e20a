import Foundation
import Testing
@testable import Catalog

/// A `<script>`, `<style>`, `<textarea>`, `<title>` or the like that a body's raw HTML opens
/// and never closes (`UnclosedRawText`): shown as text, the page after it kept, and
/// reported where it was written (`raw-html-unclosed`).
@Suite struct UnclosedRawTextTests {
    private static let render = HTMLSanitizerTests.render
    private static let check = HTMLSanitizerTests.check

    /// react.dev's note: text right after `<Note>` is HTML, its backticks are not read.
    @Test func aScriptTagWrittenAsTextInAnHTMLBlockKeepsThePageAfterIt() {
        let body = "<Note>\nUse `<script>` to load it.\n</Note>\n\n## After\n\nText *here*.\n"
        #expect(Self.render(body) == "\nUse `&lt;script&gt;` to load it.\n\n<h3 id=\"after\">After</h3>\n<p>Text <em>here</em>.</p>\n")
        #expect(Self.check(body) == [
            "1:1 raw-html-removed raw HTML `<note>` is no HTML element, so the page shows nothing of the tag (what follows it is kept); if `<note>` is meant as text, write it as code (`` `<note>` ``) or as `&lt;note>`",
            "2:6 raw-html-unclosed raw HTML `<script>` is never closed",
        ])
    }

    @Test func theMessageSaysWhatABrowserWouldDoAndHowToWriteIt() {
        let found = BodyChecker.check(MarkdownBody(text: "<p>A <style> here\n", source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"),
                                                   firstLine: 1), contentRoot: Repository.root.appendingPathComponent("Tests/Fixtures/site/content"))
        #expect(found.map(\.message) == ["raw HTML `<style>` is never closed: no `</style>` comes after it, so a browser would take the rest of the page into it and show none of it; the tag is shown as text instead: write it as code (`` `<style>` ``) or as `&lt;style>`, or close it"])
        #expect(found.map(\.location.column) == [6])
    }

    /// Closed anywhere after it in the body's raw HTML, even blocks later: removed with its
    /// content, as before; and an inline one closed later on the line.
    @Test func aClosedOneIsRemovedWithItsContent() {
        #expect(Self.render("<script>\nalert(1)\n\n</script>\n\nAfter.\n") == "\n<p>After.</p>\n")
        #expect(Self.render("a <textarea>b</textarea> c\n") == "<p>a  c</p>\n")
        #expect(Self.check("<script>\nalert(1)\n</script>\n").map { String($0.prefix(27)) } == ["1:1 raw-html-removed raw HT"])
    }

    /// An end tag before it closes an earlier one, not it; any case; `<plaintext>` is never closed.
    @Test func onlyAnEndTagAfterItClosesIt() {
        #expect(Self.render("<style>p{}</style>\n\n<p>x <STYLE>y\n\nz\n") == "\n<p>x &lt;STYLE&gt;y\n</p><p>z</p>\n")
        #expect(Self.render("<div><plaintext>a</plaintext></div>\n\nb\n") == "<div>&lt;plaintext&gt;a</div>\n<p>b</p>\n")
        #expect(Self.check("<p>x <SCRIPT src=a.js>\n").map { String($0.prefix(30)) } == ["1:6 raw-html-unclosed raw HTML"])
    }

    /// A body reports its first 200 and counts the rest; every one is shown as text.
    @Test func aBodyReportsItsFirstTwoHundredThenCountsTheRest() {
        let body = "<div>\n" + String(repeating: "<xmp>", count: 150) + "\n</div>\n\n" + String(repeating: "a <title> ", count: 100) + "\n"
        let found = Self.check(body)
        #expect(found.count == 200)
        #expect(found.first == "2:1 raw-html-unclosed raw HTML `<xmp>` is never closed")
        let last = BodyChecker.check(MarkdownBody(text: body, source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"), firstLine: 1),
                                     contentRoot: Repository.root.appendingPathComponent("Tests/Fixtures/site/content")).last
        #expect(last?.message.hasSuffix("; 50 more such tags follow in this file, not listed") == true)
        #expect(last?.location.line == 5)
        #expect(Self.render(body).components(separatedBy: "&lt;").count - 1 == 250)
    }

    /// The unclosed start tags found per raw node, in the page's order.
    @Test func findsTheStartTagsNoEndTagFollows() {
        #expect(UnclosedRawText.find(in: ["<b>", "</b>"]) == nil)
        #expect(UnclosedRawText.find(in: ["<script>", "x</script >", "<Title>", "<scripts>", "</style>", "<style/>"])
                == [[], [], [.init(offset: 0, name: "title")], [], [], [.init(offset: 0, name: "style")]])
        #expect(UnclosedRawText.find(in: ["a<xmp>b<xmp>", "</xmp"]) == [[.init(offset: 1, name: "xmp"), .init(offset: 7, name: "xmp")], []])
    }
}
