import Foundation
import Testing
@testable import Catalog

/// Input that must never crash, hang or leak a file from outside content/: each case
/// gets its diagnostics at the right positions, in process and through the executable
/// (exit status 1 or 0 and one valid JSON document).
struct BadInput: CustomTestStringConvertible, Sendable {
    var name: String
    /// Files relative to content/; catalog.yml defaults to a one-locale catalog.
    var files: [String: Data]
    /// Symbolic links to create: path relative to content/ → destination.
    var links: [String: String] = [:]
    var expected: [String]

    var testDescription: String { name }

    static let catalog = "bundleIdentifier: com.example.bad\ntitle: Bad Input\ndefaultLocale: en-us\nlocales: [en-us]\n"
    static let twoLocales = "bundleIdentifier: com.example.bad\ntitle:\n  en-us: Bad Input\n  es-us: Entrada mala\ndefaultLocale: en-us\nlocales: [en-us, es-us]\n"

    init(_ name: String, _ files: [String: String], links: [String: String] = [:], expected: [String]) {
        self.init(name, bytes: files.mapValues { Data($0.utf8) }, links: links, expected: expected)
    }

    init(_ name: String, bytes: [String: Data], links: [String: String] = [:], expected: [String]) {
        self.name = name
        self.files = bytes
        if files["catalog.yml"] == nil { files["catalog.yml"] = Data(Self.catalog.utf8) }
        self.links = links
        self.expected = expected
    }

    func materialize() throws -> Workspace {
        let workspace = try Workspace()
        for (path, data) in files {
            let url = workspace.content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        for (path, destination) in links {
            let url = workspace.content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: workspace.content.appendingPathComponent(path).path,
                                                       withDestinationPath: destination)
        }
        return workspace
    }
}

/// A leaf file's front matter from its lines.
private func page(_ lines: String...) -> String { page(lines) }
private func page(_ lines: [String]) -> String { "---\n" + lines.joined(separator: "\n") + "\n---\n" }

extension BadInput {
    static let yaml: [BadInput] = [
        BadInput("tab indentation", ["quiz.md": page("title: Quiz", "summary: A short quiz.", "\tassignable: true")],
                 expected: ["error yaml-syntax quiz.md:4:1"]),
        BadInput("bad indentation", ["quiz.md": page("title: Quiz", "  summary: A short quiz.")],
                 expected: ["error yaml-syntax quiz.md:3:10"]),
        BadInput("unclosed quote", ["quiz.md": page("title: 'Quiz", "summary: A short quiz.")],
                 expected: ["error yaml-syntax quiz.md:3:23"]),
        BadInput("duplicate key in a locale map",
                 ["catalog.yml": twoLocales,
                  "quiz.md": page("title:", "  en-us: Quiz", "  es-us: Prueba", "  en-us: Quiz again", "summary: A short quiz.")],
                 expected: ["error duplicate-key quiz.md:5:3"]),
        BadInput("duplicate key in a flow map",
                 ["catalog.yml": twoLocales, "quiz.md": page("title: Quiz", "summary: {en-us: A, es-us: B, en-us: C}")],
                 expected: ["error duplicate-key quiz.md:3:31"]),
        BadInput("duplicate key in catalog.yml", ["catalog.yml": catalog + "locales: [en-us]\n", "quiz.md": page("title: Quiz", "summary: A.")],
                 expected: ["error duplicate-key catalog.yml:5:1"]),
        BadInput("front matter that never closes", ["quiz.md": "---\ntitle: Quiz\nsummary: A short quiz.\n\n# Quiz\n"],
                 expected: ["error front-matter-unclosed quiz.md:1:1"]),
        BadInput("front matter that is a list", ["quiz.md": page("- title", "- summary")],
                 expected: ["error value-type quiz.md:2:1"]),
        BadInput("control characters", ["quiz.md": page("title: Qu\u{1}iz", "summary: A short quiz.")],
                 expected: ["error yaml-syntax quiz.md:2:10"]),
        // An alias stands for its anchored value, so a wrong type is reported where that value is written.
        BadInput("alias of a list where text is expected",
                 ["quiz.md": page("title: Quiz", "summary: A short quiz.", "keywords: &a [x, x]", "standardsAlignments: [*a, *a]")],
                 expected: ["error value-type quiz.md:4:11"]),
        BadInput("alias bomb (billion laughs)", ["quiz.md": page(["title: Quiz", "summary: A short quiz.", "a: &a [x, x, x, x, x, x, x, x, x]"]
                                                                 + zip("abcdefgh", "bcdefghi").map { "\($1): &\($1) [" + Array(repeating: "*\($0)", count: 9).joined(separator: ", ") + "]" })],
                 expected: ["error yaml-too-large quiz.md:2:1"]),
        BadInput("deeply nested YAML", ["quiz.md": page("title: Quiz", "summary: A short quiz.",
                                                        "keywords: " + String(repeating: "[", count: 20_000))],
                 expected: ["error yaml-syntax quiz.md:4:12"]),
    ]

    static let types: [BadInput] = [
        BadInput("wrong types in front matter",
                 ["quiz.md": page("title: [a]", "summary: {a: 1}", "suggestedAge: {a: 1}", "progressReporting: 3",
                                  "keywords: 5", "assignable: maybe", "displayOrder: 1.5", "standardsAlignments: x",
                                  "draft: [1]", "identifier: {a: b}", "type: [quiz]", "topic: 7", "thumbnail: [a.png]",
                                  "suggestedCompletionTime: {a: 1}", "universalLinkURL: 5", "minimumBundleVersion: [1]")],
                 // Each wrong value is reported once, at the value (not again as a missing title).
                 expected: [
                     "error value-type quiz.md:2:8", "error locale-invalid quiz.md:3:11", "error age-range quiz.md:4:15",
                     "error value-type quiz.md:5:20", "error value-type quiz.md:6:11", "error value-type quiz.md:7:13",
                     "error value-type quiz.md:8:15", "error value-type quiz.md:9:22", "error value-type quiz.md:10:8",
                     "error value-type quiz.md:11:13", "error value-type quiz.md:12:7", "error topic quiz.md:13:8",
                     "error value-type quiz.md:14:12", "error completion-time quiz.md:15:26",
                     "error universal-link quiz.md:16:19", "error value-type quiz.md:17:23",
                 ]),
        BadInput("wrong types in catalog.yml",
                 ["catalog.yml": "bundleIdentifier: [a]\ntitle: {en-us: [x]}\ndefaultLocale: 5\nlocales: en-us\nsite: 3\nmissingTranslation: maybe\n",
                  "quiz.md": page("title: Quiz", "summary: A short quiz.")],
                 // Without a list of locales, en-us in the title map is not a listed locale.
                 expected: [
                     "error value-type catalog.yml:1:19", "error catalog-required catalog.yml:2:8",
                     "warning locale-not-listed catalog.yml:2:9", "error locale-invalid catalog.yml:3:16",
                     "error value-type catalog.yml:4:10", "error value-type catalog.yml:5:7", "error value-type catalog.yml:6:21",
                 ]),
        BadInput("empty file", ["quiz.md": ""],
                 expected: ["warning assignable-summary quiz.md:1:1", "error title-required quiz.md:1:1"]),
        BadInput("empty front matter", ["quiz.md": "---\n---\n"],
                 expected: ["warning assignable-summary quiz.md:1:1", "error title-required quiz.md:1:1"]),
        BadInput("empty catalog.yml", ["catalog.yml": "", "quiz.md": page("title: Quiz", "summary: A.")],
                 expected: ["error catalog-required catalog.yml:1:1"]),
    ]

    static let encodings: [BadInput] = [
        BadInput("Latin-1 bytes", bytes: ["quiz.md": Data("---\ntitle: Caf".utf8) + Data([0xE9]) + Data("\nsummary: A.\n---\n".utf8)],
                 expected: ["error encoding quiz.md:2:11"]),
        BadInput("UTF-16", bytes: ["quiz.md": Data([0xFF, 0xFE]) + page("title: Quiz").data(using: .utf16LittleEndian)!],
                 expected: ["error encoding quiz.md:1:1"]),
        BadInput("random bytes", bytes: ["quiz.md": Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })],
                 expected: ["error encoding quiz.md:1:2"]),
        BadInput("byte-order mark (valid)",
                 bytes: ["catalog.yml": Data([0xEF, 0xBB, 0xBF]) + Data(catalog.replacingOccurrences(of: "com.example.bad", with: "bad id").utf8),
                         "quiz.md": Data([0xEF, 0xBB, 0xBF]) + Data(page("title: Quiz", "summary: A short quiz.", "topic: Science").utf8)],
                 expected: ["error bundle-identifier catalog.yml:1:19", "error topic quiz.md:4:8"]),
        BadInput("CRLF line endings (valid)",
                 ["catalog.yml": catalog.replacingOccurrences(of: "\n", with: "\r\n") + "topic: Science\r\n",
                  "quiz.md": "---\r\ntitle: Quiz\r\nsummary: A short quiz.\r\nsuggestedAge: 11-9\r\ntitle: Again\r\n---\r\nBody\r\n"],
                 expected: ["error topic catalog.yml:5:8", "error duplicate-key quiz.md:5:1"]),
        BadInput("CR line endings (classic Mac)", ["quiz.md": "---\rtitle: Quiz\rsummary: A short quiz.\rtopic: Science\r---\rBody\r"],
                 expected: ["error topic quiz.md:4:8"]),
        BadInput("line and paragraph separators inside values",
                 ["quiz.md": "---\ntitle: Quiz\u{2028}two\nsummary: A\u{85}B\u{2029}C\ntopic: Science\n---\n"],
                 expected: ["error topic quiz.md:4:8"]),
        BadInput("CRLF with the value checked after parsing",
                 ["quiz.md": "---\r\ntitle: Quiz\r\nsummary: A short quiz.\r\nsuggestedAge: 11-9\r\n---\r\n"],
                 expected: ["error age-range quiz.md:4:15"]),
    ]

    static let paths: [BadInput] = [
        BadInput("thumbnail that climbs out", ["quiz.md": page("title: Quiz", "summary: A.", "thumbnail: ../../etc/passwd")],
                 expected: ["error path-outside-content quiz.md:4:12"]),
        BadInput("absolute thumbnail path", ["quiz.md": page("title: Quiz", "summary: A.", "thumbnail: /etc/passwd")],
                 expected: ["error path-outside-content quiz.md:4:12"]),
        BadInput("thumbnail through a symbolic link", ["quiz.md": page("title: Quiz", "summary: A.", "thumbnail: _media/cover.png")],
                 links: ["_media/cover.png": "/etc/passwd"],
                 expected: ["error path-outside-content quiz.md:4:12"]),
        BadInput("context file that is a link outside", ["quiz.md": page("title: Quiz", "summary: A.")],
                 links: ["secret.md": "/etc/passwd"],
                 expected: ["error path-outside-content secret.md:1:1"]),
        BadInput("directory that is a link outside", ["quiz.md": page("title: Quiz", "summary: A.")],
                 links: ["etc": "/etc"],
                 expected: ["error path-outside-content etc:1:1"]),
    ]
}

@Suite struct BadInputTests {
    static let all = BadInput.yaml + BadInput.types + BadInput.encodings + BadInput.paths

    @Test("Bad input gives its diagnostics in process", arguments: all)
    func inProcess(_ input: BadInput) throws {
        let workspace = try input.materialize()
        defer { workspace.remove() }
        #expect(CatalogLoader.load(workspace.root).fixtureLines == input.expected)
    }

    @Test("Bad input gives exit status 1 and one JSON document through validate", arguments: all)
    func throughBinary(_ input: BadInput) throws {
        let workspace = try input.materialize()
        defer { workspace.remove() }
        let run = try workspace.validateJSON()
        let json = try #require(run.json, "not JSON: \(run.stdout.prefix(200))")
        #expect(run.status == 1)
        #expect(Set(fixtureLines(json: json)).isSuperset(of: input.expected))
        #expect(!run.stdout.contains("root:"), "a line of /etc/passwd leaked into the output")
    }

    /// A file over 16 MiB is not read at all (generated here, never committed).
    @Test func fileTooLarge() throws {
        let input = BadInput("large", ["quiz.md": page("title: Quiz", "summary: A.")], expected: [])
        let workspace = try input.materialize()
        defer { workspace.remove() }
        let big = Data(page("title: Big", "summary: B.").utf8) + Data(repeating: UInt8(ascii: "a"), count: 16 * 1_048_576)
        try big.write(to: workspace.content.appendingPathComponent("big.md"))
        #expect(CatalogLoader.load(workspace.root).fixtureLines == ["error file-too-large big.md:1:1"])
        let run = try workspace.validateJSON()
        #expect(run.status == 1)
        #expect(run.json.map(fixtureLines(json:)) == ["error file-too-large big.md:1:1"])
    }

    /// A file that is not an image is reported by the thumbnails stage through validate.
    @Test func thumbnailThatIsNotAnImage() throws {
        let input = BadInput("not an image", ["quiz.md": page("title: Quiz", "summary: A.", "thumbnail: notes.png"),
                                              "notes.png": "plain text\n"], expected: [])
        let workspace = try input.materialize()
        defer { workspace.remove() }
        let run = try workspace.validateJSON()
        let lines = try #require(run.json.map(fixtureLines(json:)))
        #expect(lines == ["error thumbnail-format quiz.md:4:12"])
        #expect(run.status == 1)
    }
}

/// A blank title is one that `CharacterSet.whitespacesAndNewlines` trims to nothing, or
/// that holds format characters besides (Cf, which show nothing alone): for every other
/// scalar of the Basic Multilingual Plane, alone and around text, Foundation's answer.
@Test func blankTitlesAreWhatFoundationTrimsAway() {
    for value in UInt32(0)...0xFFFF {
        guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .format else { continue }
        for text in [String(scalar), " \(scalar)\t", "\(scalar)x"] {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            #expect(TitleRule.isBlank(text) == trimmed, "U+\(String(value, radix: 16))")
        }
    }
    #expect(TitleRule.isBlank(""))
    #expect(TitleRule.isBlank("\u{3000}\u{2028}\n"))
    #expect(!TitleRule.isBlank("\u{3000}題"))
}

/// An identifier of spaces and format characters alone shows nothing: `identifier-invalid`
/// at its value; one with a visible character is kept.
@Test(arguments: [("\u{FEFF}", true), (" \u{200D} ", true), ("\u{3000}\u{200C}", true), ("\u{2060}\u{AD}", true),
                  ("\u{FEFF}a", false), ("\u{200D}قسم", false)])
func identifiersOfFormatCharactersAloneAreInvalid(identifier: String, invalid: Bool) throws {
    let content = try TempContent(["quiz.md": "---\ntitle: Quiz\nsummary: A.\nidentifier: \(NaughtyStringsTests.quoted(identifier))\n---\n"])
    defer { content.remove() }
    let found = content.load().summaries(prefix: content.prefix).filter { $0.contains("identifier-") }
    #expect(found == (invalid ? ["error identifier-invalid quiz.md:4:13"] : []))
}

/// A byte order mark, zero-width joiners, direction marks, a soft hyphen: a title of
/// nothing else shows nothing (string 98 of the Big List of Naughty Strings is a byte
/// order mark alone); around a visible character they are kept.
@Test(arguments: ["\u{FEFF}", "\u{200D}\u{200C}", " \u{200F}\u{200E} ", "\u{2060}\u{AD}", "\u{202E}\u{2066}\u{2069}", "\u{180E}"])
func formatCharactersAloneAreBlank(text: String) {
    #expect(TitleRule.isBlank(text))
    #expect(!TitleRule.isBlank(text + "A") && !TitleRule.isBlank("\u{FEFF}題" + text))
}
