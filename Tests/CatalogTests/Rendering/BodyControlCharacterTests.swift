import Foundation
import Testing
@testable import Catalog

/// A body's invisible control characters (`body-control-character`): a stray backspace in
/// nine pages of a real translation (javascript.info's Japanese tutorial) reached the HTML,
/// where it is a parse error and shows as nothing or a box. Each is reported at its place
/// and left out of the page, code blocks and raw HTML included; text a reader sees stays.
@Suite struct BodyControlCharacterTests {
    private func found(_ text: String, limit: Int = .max) -> [String] {
        text.withUTF8Bytes { bytes in
            ControlCharacters.invisibleControls(in: bytes, limit: limit).map { "\($0.offset):\(ControlCharacters.code($0.scalar))" }
        }
    }

    @Test func findsC0ControlsDELAndC1ControlsByByteOffset() {
        #expect(found("a\u{8}b") == ["1:U+0008"])
        #expect(found("\u{0}\u{1B}\u{7F}") == ["0:U+0000", "1:U+001B", "2:U+007F"])
        // U+0085 is C2 85 in UTF-8; "é" before it is two bytes.
        #expect(found("é\u{85}x\u{9F}") == ["2:U+0085", "5:U+009F"])
        #expect(found("\u{C}form feed") == ["0:U+000C"])
    }

    @Test func textAReaderSeesHoldsNone() {
        // Tab, line feed, carriage return; U+00A0 and U+00BF share the lead byte C2 with C1.
        for text in ["Tabs\tand\nlines\r\n", "no\u{A0}break « guillemets » ¿qué?", "日本語 العربية\u{200F}", ""] {
            #expect(found(text).isEmpty, "\(text)")
            #expect(!ControlCharacters.holdsInvisibleControl(text))
        }
    }

    @Test func foundInEveryPlaceOfALongTextAsInAShortOne() {
        // The scan takes sixteen bytes at a time: a control at each offset of two blocks and
        // a tail, and a C2 A0 that straddles a block's end.
        for offset in 0..<40 {
            var bytes = Array(repeating: UInt8(ascii: "a"), count: 40)
            bytes[offset] = 0x08
            #expect(found(String(decoding: bytes, as: UTF8.self)) == ["\(offset):U+0008"])
        }
        let straddling = String(repeating: "a", count: 15) + "\u{A0}" + String(repeating: "b", count: 20) + "\u{90}"
        #expect(found(straddling) == ["37:U+0090"])
        #expect(found(String(repeating: "\u{8}", count: 30), limit: 3).count == 3)
    }

    @Test("Removing them from a buffer keeps every other byte, in order", arguments: 0..<200)
    func removalKeepsTheRest(_ seed: Int) {
        var generator = SeededGenerator(state: UInt64(seed))
        let pieces: [String] = ["a", "é", "\u{8}", "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}", "\t", "\n", "日", "\u{9F}", "«"]
        let text = (0..<Int.random(in: 0...60, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        let buffer = ByteBuffer()
        buffer.raw("<p>")
        let start = buffer.count
        buffer.raw(string: text)
        buffer.removeInvisibleControls(from: start)
        let expected = "<p>" + String(String.UnicodeScalarView(text.unicodeScalars.filter { !ControlCharacters.isInvisibleControl($0) }))
        #expect(buffer.string == expected)
    }

    @Test func thePageLeavesThemOutOfTextCodeAndRawHTML() {
        let body = "Flag `y`\u{8} searches.\n\n```\nCells\u{1B}[1m\n```\n\n<kbd>Ctrl\u{7F}</kbd> and\u{A0}more\u{85}.\n"
        let html = HTMLRenderer(resolve: { url, _ in url }).render(MarkdownParser.parse(body))
        #expect(html == "<p>Flag <code>y</code> searches.</p>\n<pre><code>Cells[1m\n</code></pre>\n"
            + "<p><kbd>Ctrl</kbd> and\u{A0}more.</p>\n")
    }

    @Test func numericReferencesToThemAreLeftOutToo() {
        // Markdown and HTML decode `&#8;` into the character itself.
        let html = HTMLRenderer(resolve: { url, _ in url }).render(MarkdownParser.parse("Back&#8;space &#x41;\n"))
        #expect(html == "<p>Backspace A</p>\n")
        let raw = HTMLRenderer(resolve: { url, _ in url }).render(MarkdownParser.parse("<kbd>Esc&#27;</kbd> &amp;\n"))
        #expect(raw == "<p><kbd>Esc</kbd> &amp;</p>\n")
    }

    @Test func rawHTMLRangesFollowTheBytesTheyHeld() {
        let removed = [ControlCharacters.Found(offset: 2, scalar: "\u{8}"), ControlCharacters.Found(offset: 10, scalar: "\u{85}")]
        #expect(ControlCharacters.shift([0..<2, 3..<10, 12..<20], past: removed) == [0..<2, 2..<9, 9..<17])
        #expect(ControlCharacters.shift([4..<6], past: []) == [4..<6])
    }

    @Test func aBodyWithoutThemRendersAsItDid() {
        let document = MarkdownParser.parse("Plain *text*\twith a tab.\n")
        #expect(!document.mayWriteInvisibleControls)
        #expect(HTMLRenderer(resolve: { url, _ in url }).render(document) == "<p>Plain <em>text</em>\twith a tab.</p>\n")
    }

    private func check(_ text: String) -> [String] {
        let body = MarkdownBody(text: text, source: SourceFile(relativePath: "quiz.md", displayPath: "content/quiz.md"), firstLine: 5)
        return BodyChecker.check(body, contentRoot: URL(fileURLWithPath: "/nonexistent")).map {
            "\($0.location.line):\($0.location.column) \($0.severity.rawValue) \($0.rule.rawValue) \($0.message)"
        }
    }

    @Test func eachIsAWarningAtItsLineAndColumnInTheFile() {
        let diagnostics = check("Intro.\n\n日本語 `y`\u{8} and\n\tcode\u{1B}\n")
        #expect(diagnostics == [
            "7:8 warning body-control-character the body holds the control character U+0008, which no reader sees, so the page leaves it out; if it was `\\b` (as in LaTeX's `\\beta`), a tool read the backslash as an escape: write `\\b` again; otherwise delete it (an editor may show it as `^H`)",
            "8:6 warning body-control-character the body holds the control character U+001B, which no reader sees, so the page leaves it out; if it was `\\e` (as in LaTeX's `\\epsilon`), a tool read the backslash as an escape: write `\\e` again; otherwise delete it (an editor may show it as `^[`)",
        ])
    }

    /// Found in real translations: freeCodeCamp's Spanish `F_{n \u{97} 1}` (an em dash) and
    /// its Japanese `\u{C}rac{…}` (LaTeX's `\frac` after a JSON decoder).
    @Test("The fix names what the character was", arguments: [
        (0x97, "it is what `—` becomes when Windows-1252 text is read as Latin-1: write `—`"),
        (0x92, "it is what `’` becomes when Windows-1252 text is read as Latin-1: write `’`"),
        (0x8D, "delete it (text decoded with the wrong encoding leaves these)"),
        (0x0C, "if it was `\\f` (as in LaTeX's `\\frac`), a tool read the backslash as an escape: write `\\f` again; otherwise delete it (an editor may show it as `^L`)"),
        (0x01, "delete it (an editor may show it as `^A`)"),
        (0x7F, "delete it (an editor may show it as `^?`)"),
    ])
    func correction(_ value: UInt32, _ expected: String) {
        #expect(ControlCharacters.correction(Unicode.Scalar(value)!) == expected)
    }

    @Test func aFileFullOfThemIsReportedTwentyTimesThenCounted() {
        let diagnostics = check(String(repeating: "x\u{7}", count: 25) + "\n")
        #expect(diagnostics.count == BodyChecker.reportedControls)
        #expect(diagnostics.first?.hasPrefix("5:2 warning body-control-character") == true)
        #expect(diagnostics.last?.hasPrefix("5:40 warning body-control-character") == true)
        #expect(diagnostics.last?.hasSuffix("; 5 more control characters follow in this file, all left out") == true)
    }
}
