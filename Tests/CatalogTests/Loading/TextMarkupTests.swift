import Foundation
import Testing
@testable import Catalog

/// Titles, summaries and keywords are plain text (`text-markup`): markup in them is reported
/// at the value and read as its text; text that only looks like HTML stays as written.
@Suite struct TextMarkupTests {
    @Test("Markup is read as the text a browser shows", arguments: [
        ("H<sub>2</sub>O", "H2O", "<sub>"),
        ("<b>Bold</b> move", "Bold move", "<b>"),
        ("Line<br>break", "Line break", "<br>"),
        ("A <a href=\"x\">link", "A link", "<a>"),
        ("Note <!-- draft --> here", "Note here", "<!--"),
        ("<i>Caf&eacute;</i> &amp; tea", "Café & tea", "<i>"),
        ("<span lang=\"ja\">日本語</span>の本", "日本語の本", "<span>"),
        ("<script>alert(1)</script>", "alert(1)", "<script>"),
        ("<td>cell</td>", "cell", "<td>"),
        ("<img src=x onerror=alert(1)>", "", "<img>"),
        // Once a value holds markup it is read as a browser reads it, `<y` too (a tag cut short).
        ("Mix <b>two</b>, x<y", "Mix two, x", "<b>"),
    ])
    func markup(_ value: String, _ text: String, _ first: String) {
        #expect(TextMarkup.plainText(of: value) == TextMarkup.Found(text: text, first: first))
    }

    @Test("Text that only looks like HTML is not markup", arguments: [
        "x<y", "x < y", "a & b", "&amp; as written", "I <3 Rust", "I </3 Mondays", "Box<T>", "Rc<RefCell<i32>>",
        "HashMap<K, V>", "Fn<A>", "Pin<P> and <b> alone", "Vec<u8> < 3 & <>", "<", "",
        // The pages about an element are titled by it (react.dev, MDN).
        "<link>", "<input>: The Input element", "<input type=\"color\">", "<meta> and <base>",
    ])
    func notMarkup(_ value: String) {
        #expect(TextMarkup.plainText(of: value) == nil)
    }

    static let files = [
        "water.md": """
            ---
            title: "H<sub>2</sub>O"
            summary:
              en-us: "Mix <b>two</b> parts<br>of hydrogen, x < y & <3"
              es-us: "Mezcla <b>dos</b> partes"
            keywords: ["<i>chemistry</i>", "x<y", "a & b", "Box<T>"]
            ---
            Body.
            """,
        "water.es-us.md": """
            ---
            title: "<em>Agua</em>"
            ---
            Cuerpo.
            """,
        "plain.md": """
            ---
            title: "x<y & Box<T> <3"
            summary: "Vec<u8> &amp; friends"
            keywords: ["<3"]
            ---
            Body.
            """,
    ]

    @Test func reportedAtEachValue() throws {
        let content = try TempContent(Self.files)
        defer { content.remove() }
        let lines = content.load().summaries(prefix: content.prefix).filter { $0.contains("text-markup") }
        #expect(lines == [
            "warning text-markup water.es-us.md:2:8",
            "warning text-markup water.md:2:8",
            "warning text-markup water.md:4:10",
            "warning text-markup water.md:5:10",
            "warning text-markup water.md:6:12",
        ])
        let message = content.load().diagnostics.sorted.first { $0.rule == "text-markup" && $0.location.file.hasSuffix("es-us.md") }?.message
        #expect(message == "title holds HTML markup (`<em>`), but it is shown as text, so its text without the markup is used; write plain text (the site shows titles as text)")
    }

    @Test func modelHoldsPlainText() throws {
        let content = try TempContent(Self.files)
        defer { content.remove() }
        let model = try #require(content.load().model)
        let water = try #require(model.contexts.first { $0.source.relativePath == "water.md" })
        let english = try #require(water.versions[LocaleID(rawValue: "en-us")])
        #expect(english.title == "H2O")
        #expect(english.summary == "Mix two parts of hydrogen, x < y & <3")
        #expect(english.keywords == ["chemistry", "x<y", "a & b", "Box<T>"])
        #expect(water.versions[LocaleID(rawValue: "es-us")]?.title == "Agua")
        #expect(water.versions[LocaleID(rawValue: "es-us")]?.summary == "Mezcla dos partes")
        let plain = try #require(model.contexts.first { $0.source.relativePath == "plain.md" })
        #expect(plain.versions[LocaleID(rawValue: "en-us")]?.title == "x<y & Box<T> <3")
        #expect(plain.versions[LocaleID(rawValue: "en-us")]?.summary == "Vec<u8> &amp; friends")
    }

    @Test func catalogTitlesArePlainTextToo() throws {
        let catalog = """
            bundleIdentifier: com.example.test
            title: "<b>Test</b> Books"
            defaultLocale: en-us
            locales: [en-us]
            site:
              title: "Books<br>for teachers"
            """
        let content = try TempContent(["a.md": "---\ntitle: A\nsummary: S.\n---\n"], catalog: catalog)
        defer { content.remove() }
        let loaded = content.load()
        #expect(loaded.summaries(prefix: content.prefix) == [
            "warning text-markup catalog.yml:2:8", "warning text-markup catalog.yml:6:10",
        ])
        let english = LocaleID(rawValue: "en-us")
        #expect(loaded.model?.app.title[english] == "Test Books")
        #expect(loaded.model?.app.site.title[english] == "Books for teachers")
    }

    /// The payload and the search documents carry the text, never the tags.
    @Test func payloadAndSearchSnapshots() throws {
        let content = try TempContent(Self.files)
        defer { content.remove() }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("text-markup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try Build.run(BuildOptions(content: content.root, output: output, cacheDirectory: nil))
        #expect(!result.diagnostics.hasErrors)
        let payload = try String(contentsOf: output.appendingPathComponent("catalog/contexts-0001.json"), encoding: .utf8)
        try assertSnapshot(payload, named: "payloads/text-markup/contexts-0001.json")
        for locale in ["en-us", "es-us"] {
            let search = try String(contentsOf: output.appendingPathComponent("search/\(locale)/d-0.js"), encoding: .utf8)
            try assertSnapshot(search, named: "site/text-markup/search-\(locale)-d-0.js")
        }
    }
}
