import Foundation
import Testing
@testable import Catalog

/// `link-anchor-missing` for links into other pages (`ownership.md#the-stack`): checked
/// against the page the link leads to in each locale that shows it, as `validate`, `build`
/// and `serve` report it. The Modern JavaScript Tutorial's lessons write 16 such links, 14
/// of them to its own heading anchors (`[#document-fragment]`), which lead nowhere here.
@Suite struct OtherPageAnchorsTests {
    static let catalog = """
        bundleIdentifier: com.example.test
        title: Test Books
        defaultLocale: en-us
        locales: [en-us, es-us, ja-jp]
        missingTranslation: fallback
        """

    static func page(_ title: String, _ body: String) -> String {
        "---\ntitle: \(title)\nsummary: A page to link into.\n---\n\(body)"
    }

    /// `stack.md` is linked into; `links.md` (shown in Spanish and Japanese as a fallback)
    /// links to it. Its Spanish translation gives the heading its id, its Japanese does not.
    static let files: [String: String] = [
        "index.md": "---\nsummary: Home.\n---\nWelcome. Start with [the stack](book/stack.md#the-stack).\n",
        "book/index.md": page("Book", "The book.\n"),
        "book/stack.md": page("The stack", "## The stack {#the-stack}\n\n## Heap\n\n<span id=\"frames\">Frames</span>\n"),
        "book/stack.es-us.md": "---\ntitle: La pila\n---\n## La pila {#the-stack}\n\n## Montón\n",
        "book/stack.ja-jp.md": "---\ntitle: スタック\n---\n## スタック\n",
        "book/links.md": page("Links", """
            [stack](stack.md#the-stack), [heap](stack.md#heap), [frames](./stack.md#frames)
            and [the book](./#the-book), [home](../index.md#top), [a typo](stack.md#the-stak).

            """),
    ]

    static let expected = [
        "content/index.md:4:21 link `book/stack.md#the-stack` in the ja-jp page names no heading or id of `book/stack.ja-jp.md`, so it opens that page at its top; its ids are `#スタック`: link to one of them, or give the heading it means that id (`{#the-stack}` after its text)",
        "content/book/links.md:5:1 link `stack.md#the-stack` in the ja-jp page names no heading or id of `book/stack.ja-jp.md`, so it opens that page at its top; its ids are `#スタック`: link to one of them, or give the heading it means that id (`{#the-stack}` after its text)",
        "content/book/links.md:5:30 link `stack.md#heap` in the es-us, ja-jp pages names no heading or id of `book/stack.es-us.md`, so it opens that page at its top; its ids are `#the-stack`, `#montón`: link to one of them, or give the heading it means that id (`{#heap}` after its text)",
        "content/book/links.md:5:53 link `./stack.md#frames` in the es-us, ja-jp pages names no heading or id of `book/stack.es-us.md`, so it opens that page at its top; its ids are `#the-stack`, `#montón`: link to one of them, or give the heading it means that id (`{#frames}` after its text)",
        "content/book/links.md:6:5 link `./#the-book` names no heading or id of `book/index.md`, so it opens that page at its top: that page has no heading or id; link to the page alone, or put `id=\"the-book\"` on the element it means",
        "content/book/links.md:6:55 link `stack.md#the-stak` names no heading or id of `book/stack.md`, so it opens that page at its top; did you mean `#the-stack`?",
    ]

    static func lines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.filter { $0.rule.rawValue == "link-anchor-missing" }
            .map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.message)" }
    }

    @Test func validateReportsEachLinkOnceWithTheLocalesWhereItLandsNowhere() throws {
        let content = try TempContent(Self.files, catalog: Self.catalog)
        defer { content.remove() }
        let found = Self.lines(content.load().diagnostics.items).map { $0.replacingOccurrences(of: content.prefix, with: "content/") }
        #expect(found.sorted() == Self.expected.sorted())
    }

    /// The build checks bodies where the site renders them, `serve` keeps each body's
    /// checks: both report what `validate` does, and the pages the links land on have the ids.
    @Test func buildAndServeReportTheSame() throws {
        let content = try TempContent(Self.files, catalog: Self.catalog)
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("site")
        let built = try Build.run(BuildOptions(content: content.root, output: output, cacheDirectory: nil))
        let fix = { (line: String) in line.replacingOccurrences(of: content.prefix, with: "content/") }
        #expect(Self.lines(built.diagnostics.items).map(fix).sorted() == Self.expected.sorted())
        let live = LiveBuild(content: content.root, output: scratch.appendingPathComponent("live"), cacheDirectory: nil)
        let served = try live.rebuild().result
        #expect(Self.lines(served.diagnostics.items).map(fix).sorted() == Self.expected.sorted())
        let spanish = try String(contentsOf: output.appendingPathComponent("es-us/book/stack/index.html"), encoding: .utf8)
        #expect(spanish.contains("<h3 id=\"the-stack\">La pila</h3>"), "\(spanish)")
    }

    /// `serve` checks again the links into a page whose body changed, though the page
    /// with the links did not.
    @Test func serveChecksLinksIntoAnEditedPageAgain() throws {
        let content = try TempContent(Self.files, catalog: Self.catalog)
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let live = try LiveStreamedBodyTests.builtLive(content, scratch: scratch)
        try content.save("book/stack.md", Self.page("The stack", "## The call stack\n\n## Heap\n\n<span id=\"frames\">Frames</span>\n"))
        let rebuilt = try live.rebuild()
        let after = Self.lines(rebuilt.result.diagnostics.items)
        #expect(rebuilt.path == .bodies)
        #expect(after.contains { $0.contains("link `stack.md#the-stack` in the en-us, ja-jp pages names no heading or id of `book/stack.md`") }, "\(after)")
    }
}
