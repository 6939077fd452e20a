import CCmarkShim
import Foundation
import PropertyBased
import Testing
@testable import Catalog

/// The body checks' links-only parse (`cb_cmark_links_only`: no inlines for blocks without
/// `[` or `<`, no parse at all for bodies without them) against a full parse, on generated
/// Markdown made of the pieces that start or fake links, images and raw HTML: the same
/// nodes, at the same positions, in the same blocks.
@Suite struct LinksOnlyScanTests {
    @Test(.enabled(if: TestPlatform.isLinux, "ELF symbol interposition; Darwin's two-level namespace has none"))
    func linksOnlyReplacementIsBound() {
        #expect(cb_cmark_links_only_bound() != 0)
    }

    private static let pieces = [
        "[a](b.md)", "![i](p.png \"t\")", "[ref]", "[ref]: r.md", "<b>x</b>", "<https://e.org>", "<m@e.org>",
        "`[c](d)`", "&#91;x&#93;(y)", "\\[e](f)", "[x]\n(y)", "text", "é", "~~s~~", "*em*", "**[s](t)**",
        "|", "| a | [l](m) |", "|---|---|", "> ", "- ", "1. ", "    ", "# ", "```", "<!-- c -->", "<div>", "]", "(", "\t",
        // A link within the page: headings are then parsed and reported too.
        "[h](#x)", "## *H* `c` &amp; x",
    ]

    private static func document(seed: Int) -> String {
        var random = SeededGenerator(state: UInt64(seed))
        let lines = (0..<Int.random(in: 1...12, using: &random)).map { _ in
            (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined(separator: " ")
        }
        return lines.joined(separator: Bool.random(using: &random) ? "\n" : "\n\n")
    }

    private static func described(_ items: [ReportableNode]) -> [String] {
        items.map { item in
            let block = item.block.map { "\($0.line):\($0.byteColumn)" } ?? "-"
            return "\(item.node.kind) \(item.node.literal.debugDescription) \(item.node.line):\(item.node.byteColumn) in \(block) quoted \(item.quoted)"
        }
    }

    @Test func linksOnlyScanFindsWhatAFullParseFinds() async {
        let found = PropertyCounter()
        await propertyCheck(count: 3000, input: Gen.int(in: 0...Int.max)) { seed in
            let text = Self.document(seed: seed)
            let full = Self.described(MarkdownScanner.reportables(text, linksOnly: false))
            #expect(Self.described(MarkdownScanner.reportables(text)) == full, "\(text.debugDescription)")
            if !full.isEmpty { found.add() }
        }
        #expect(found.value > 1500, "only \(found.value) of 3000 documents had anything to report")
    }

    /// A `#` after `(` with no `[` or `<` to open a link: neither parse reports the heading
    /// (found by the property above: the whole parse reported it, the links-only one did not).
    @Test func aFragmentWithoutALinkReportsNoHeading() {
        let text = "#  ( # \n\né é\n\né\n\n~~s~~ - \n\n```"
        #expect(Self.described(MarkdownScanner.reportables(text, linksOnly: false)) == [])
        #expect(Self.described(MarkdownScanner.reportables(text)) == [])
    }

    /// Rendering parses everything, also right after a links-only parse on the same thread.
    @Test func renderingStillParsesEveryInline() {
        _ = MarkdownScanner.reportables("[a](b.md)\n\n*plain* text")
        let html = HTMLRenderer(resolve: { url, _ in url }).render(MarkdownParser.parse("*plain* text"))
        #expect(html.contains("<em>plain</em>"))
    }
}
