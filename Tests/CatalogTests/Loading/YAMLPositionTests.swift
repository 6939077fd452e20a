import Foundation
import Testing
@testable import Catalog

/// Positions that YAML gives and the readers turn into diagnostics: the second of two
/// duplicate keys, reader errors inside a line, columns in characters, negative ranges.
@Suite struct YAMLPositionTests {
    private func diagnostics(_ yaml: String, firstLine: Int = 2) -> [String] {
        var bag = DiagnosticBag()
        _ = YAMLReader.parse(yaml, file: SourceFile(relativePath: "f.md", displayPath: "f.md"), firstLine: firstLine, into: &bag)
        return bag.items.map { "\($0.rule) \($0.location.line):\($0.location.column)" }
    }

    @Test(arguments: [
        ("title: A\nsummary: B\ntitle: C", "duplicate-key 4:1"),
        ("progressReporting:\n  - kind: score\n    details: a\n    kind: percent", "duplicate-key 5:5"),
        ("summary: {en-us: 日本語, en-us: x}", "duplicate-key 2:23"),
        ("title:\n  en-us: A\n  'en-us': B", "duplicate-key 4:3"),
        // The non-specific tag `!` makes a scalar a string, so `! title` is `title` (found by
        // the front-matter fuzz target comparing the event reader with Yams).
        ("title: A\n! title: B", "duplicate-key 3:1"),
        ("title: A\n!!str title: B", "duplicate-key 3:1"),
    ])
    func duplicateKeyAtTheSecondKey(yaml: String, expected: String) {
        #expect(diagnostics(yaml) == [expected])
    }

    @Test func readerErrorAtTheCharacter() {
        // U+0007 is not allowed in YAML; libyaml reports an offset from the start of the text.
        #expect(diagnostics("title: A\nsummary: ab\u{7}c") == ["yaml-syntax 3:12"])
    }

    /// The message names the character, which an editor does not show (found by the Big
    /// List of Naughty Strings: a title holding DEL and the C1 controls).
    @Test(arguments: [("title: \"ééééé\u{7F}z\"", "2:14 U+007F"), ("summary: a\u{1}", "2:11 U+0001"),
                      ("title: \"\u{80}\"", "2:9 U+0080"), ("title: |\n  日本\u{9F}", "3:5 U+009F"),
                      ("title: a\u{FFFE}", "2:9 U+FFFE")])
    func aControlCharacterIsNamed(yaml: String, expected: String) {
        var bag = DiagnosticBag()
        _ = YAMLReader.parse(yaml, file: SourceFile(relativePath: "f.md", displayPath: "f.md"), firstLine: 2, into: &bag)
        let parts = expected.split(separator: " ")
        let kind = parts[1] == "U+FFFE" ? "character" : "control character"
        #expect(bag.items.map { "\($0.rule) \($0.location.line):\($0.location.column) \($0.message)" } == [
            "yaml-syntax \(parts[0]) invalid YAML: the \(kind) \(parts[1]), which no reader sees, is not allowed "
                + "in YAML; remove it",
        ])
    }

    @Test func columnsCountCharacters() throws {
        let content = try TempContent(["quiz.md": "---\ntitle: 日本語のタイトル\nsummary: 說明\ntopic: 科学\n---\n"])
        defer { content.remove() }
        #expect(content.load().summaries(prefix: content.prefix) == ["error topic quiz.md:4:8"])
    }

    @Test(arguments: ["-3", "-1-5", "-2 h"])
    func negativeBoundsAreNamed(text: String) {
        let node = YAMLNode(value: .scalar(text, isPlain: true), location: SourceLocation(file: "f"))
        #expect(RangeSyntax.age(node) == .failure(.negative) || RangeSyntax.completionTime(node) == .failure(.negative))
    }

    @Test func negativeBoundInAList() {
        let items = ["-1", "5"].map { YAMLNode(value: .scalar($0, isPlain: true), location: SourceLocation(file: "f")) }
        #expect(RangeSyntax.age(YAMLNode(value: .sequence(items), location: SourceLocation(file: "f"))) == .failure(.negative))
    }

    @Test func aliasesThatExpandTooFarStop() {
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
        for (previous, name) in zip("abcde", "bcdef") {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
        }
        #expect(diagnostics(lines.joined(separator: "\n")) == ["yaml-too-large 2:1"])
    }
}
