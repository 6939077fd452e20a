import Foundation
import Testing
@testable import Catalog

/// Titles, summaries and keywords hold no control character a reader cannot see
/// (`text-control-character`): YAML escapes put them there; they are reported at the value
/// and left out, and tabs, line breaks and right-to-left marks stay.
@Suite struct TextControlCharacterTests {
    @Test("Invisible controls are left out; whitespace and bidi marks stay", arguments: [
        ("Cells\u{1B}[1m", "Cells[1m", 0x1B),
        ("\u{0}Null", "Null", 0x0),
        ("Bell\u{7}s\u{7F}", "Bells", 0x7),
        ("C1\u{85}next\u{9B}", "C1next", 0x85),
    ])
    func removed(_ value: String, _ kept: String, _ first: UInt32) {
        let cleaned = ControlCharacters.removingInvisibleControls(value)
        #expect(cleaned?.text == kept)
        #expect(cleaned?.first.value == first)
    }

    @Test("Text a reader sees is unchanged", arguments: [
        "Plain", "Tabs\tand\nlines\r\n", "עברית\u{200F} (RTL mark)", "العربية\u{061C}", "Émile", "",
    ])
    func kept(_ value: String) {
        #expect(ControlCharacters.removingInvisibleControls(value) == nil)
    }

    static let files = [
        "cells.md": """
            ---
            title: "Cells\\e[1m"
            summary:
              en-us: "Cells divide.\\a Tabs\\tand line\\nbreaks stay."
              ar: "الخلايا\\u200F تنقسم\\x1b"
            keywords: [biology, "cell\\x7F"]
            ---
            Body.
            """,
    ]

    @Test func reportedAtEachValueAndLeftOut() throws {
        let catalog = """
            bundleIdentifier: com.example.test
            title: "Test\\0 Books"
            defaultLocale: en-us
            locales: [en-us, ar]
            """
        let content = try TempContent(Self.files, catalog: catalog)
        defer { content.remove() }
        let loaded = content.load()
        #expect(loaded.summaries(prefix: content.prefix).filter { $0.contains("text-control-character") } == [
            "warning text-control-character catalog.yml:2:8",
            "warning text-control-character cells.md:2:8",
            "warning text-control-character cells.md:4:10",
            "warning text-control-character cells.md:5:7",
            "warning text-control-character cells.md:6:21",
        ])
        let title = loaded.diagnostics.sorted.first { $0.rule == "text-control-character" && $0.location.line == 2 && $0.location.file.hasSuffix("cells.md") }
        #expect(title?.message == "title holds the control character U+001B, which no reader sees, so it is left out; remove the escape that wrote it")
        let model = try #require(loaded.model)
        let cells = try #require(model.contexts.first { $0.source.relativePath == "cells.md" })
        let english = try #require(cells.versions[LocaleID(rawValue: "en-us")])
        #expect(english.title == "Cells[1m")
        #expect(english.summary == "Cells divide. Tabs\tand line\nbreaks stay.")
        #expect(english.keywords == ["biology", "cell"])
        #expect(cells.versions[LocaleID(rawValue: "ar")]?.summary == "الخلايا\u{200F} تنقسم")
        #expect(model.app.title[LocaleID(rawValue: "en-us")] == "Test Books")
    }
}
