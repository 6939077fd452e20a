import Foundation
import Testing
@testable import Catalog

/// Content nobody here wrote, made to break software: the Big List of Naughty Strings
/// (Tests/Fixtures/naughty, MIT), each string in every field an author writes. Every
/// mistake is reported at its place (exact snapshots of rule and position), and what is
/// valid builds: its titles read back as written, its pages are where their identifiers
/// say, each linked from its parent. The browser test `test_naughty_strings.py` shows the
/// same site in Chromium.
@Suite struct NaughtyStringsTests {
    /// A YAML double-quoted scalar, escaped as JSON escapes (`naughty_to_catalog.py` too).
    /// Written here, not taken from the tool's JSON or Swift writers, so that the test does
    /// not share their mistakes.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static let catalog = """
        bundleIdentifier: org.example.naughty
        title: Naughty Strings
        defaultLocale: en-us
        locales: [en-us, ar]
        missingTranslation: fallback
        rules:
          assignable-summary: off
        """

    static func name(_ number: Int) -> String { String(format: "s%03d", number) }

    /// A section a string, the string as its title, summary, keyword and body (as written,
    /// in a code span, as a link's text), and an Arabic translation titled with it. The
    /// sections in `plain` get `String N` and their string in a fenced block instead.
    static func fields(_ strings: [String], plain: Set<Int> = []) -> [String: String] {
        var files = ["fields/index.md": "---\ntitle: Every string in every field\n---\n"]
        for (offset, string) in strings.enumerated() {
            let number = offset + 1, name = name(number)
            let value = plain.contains(number) ? "String \(number)" : string
            let fence = "`" + String(repeating: "`", count: longestRun(of: "`", in: string))
            let line = string.split(whereSeparator: \.isNewline).joined(separator: " ")
            let body = plain.contains(number) ? "~~~~\n\(string)\n~~~~\n"
                : "\(string)\n\nCode: \(fence) \(line) \(fence)\n\nA link: [\(line)](#top)\n"
            files["fields/\(name).md"] = "---\ntitle: \(quoted(value))\nsummary: \(quoted(value))\n"
                + "keywords: [\(quoted(value))]\ntype: section\n---\n" + body
            files["fields/\(name).ar.md"] = "---\ntitle: \(quoted(value))\n---\nنص.\n"
        }
        return files
    }

    static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0, run = 0
        for each in text {
            run = each == character ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// A section a string, the string as its identifier; those in `plain` keep their file's name.
    static func identifiers(_ strings: [String], plain: Set<Int> = []) -> [String: String] {
        var files = ["identifiers/index.md": "---\ntitle: Every string as an identifier\n---\n"]
        for (offset, string) in strings.enumerated() {
            let number = offset + 1
            let identifier = plain.contains(number) ? "" : "identifier: \(quoted(string))\n"
            files["identifiers/\(name(number)).md"] = "---\ntitle: Identifier \(number)\n\(identifier)---\nString \(number).\n"
        }
        return files
    }

    /// `severity rule file:line:column`, in the report's order, and the numbers of the
    /// sections with an error. Every position is inside its file.
    static func report(_ bag: DiagnosticBag, _ content: TempContent) throws -> (lines: String, failed: Set<Int>) {
        var lines: [String] = [], failed = Set<Int>()
        for diagnostic in bag.sorted {
            let file = String(diagnostic.location.file.dropFirst(content.prefix.count))
            let text = try String(contentsOf: content.url.appendingPathComponent(file), encoding: .utf8)
            let fileLines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = diagnostic.location.line, column = diagnostic.location.column
            #expect(line >= 1 && line <= fileLines.count, "\(diagnostic)")
            #expect(column >= 1 && column <= (fileLines.indices.contains(line - 1) ? fileLines[line - 1].count + 1 : 1),
                    "\(diagnostic)")
            let severity = diagnostic.severity == .error ? "error" : "warning"
            lines.append("\(severity) \(diagnostic.rule) \(file):\(line):\(column)")
            if diagnostic.severity == .error, let number = Int(file.split(separator: "/").last!.dropFirst().prefix(3)) {
                failed.insert(number)
            }
        }
        return (lines.joined(separator: "\n") + "\n", failed)
    }

    /// Validates the files, snapshots the report, then builds them again with the sections
    /// that had an error made plain: that build writes the site.
    static func validateThenBuild(_ make: ([String], Set<Int>) -> [String: String], snapshot: String) throws
        -> (output: URL, strings: [String], build: BuildResult, remove: () -> Void) {
        let strings = try NaughtyStrings.all
        let first = try TempContent(make(strings, []), catalog: catalog)
        defer { first.remove() }
        let report = try report(first.load().diagnostics, first)
        try assertSnapshot(report.lines, named: snapshot)
        let content = try TempContent(make(strings, report.failed), catalog: catalog)
        let scratch = try scratchDirectory()
        let output = scratch.appendingPathComponent("site")
        let build = try Build.run(BuildOptions(content: content.root, output: output, cacheDirectory: nil))
        return (output, strings, build, { content.remove(); try? FileManager.default.removeItem(at: scratch) })
    }

    /// Every title that no warning names at its line reads back in the payloads as written:
    /// but for U+2028, U+2029 and U+0085, which YAML 1.1 reads as line breaks, so a
    /// quoted string folds each to a space.
    @Test func everyFieldIsReportedOrReadBackAsWritten() throws {
        let run = try Self.validateThenBuild(Self.fields, snapshot: "naughty/fields.txt")
        defer { run.remove() }
        #expect(run.build.wrote && run.build.diagnostics.errorCount == 0)
        let warned = Set(run.build.diagnostics.items.filter { $0.location.line == 2 }.compactMap { diagnostic in
            ["text-markup", "text-control-character"].contains(diagnostic.rule.rawValue) ? diagnostic.location.file : nil
        }.compactMap { Int($0.split(separator: "/").last!.dropFirst().prefix(3)) })
        let payloads = try PayloadReader(output: run.output)
        var asWritten = 0
        for (offset, string) in run.strings.enumerated() {
            let number = offset + 1
            let context = try #require(payloads.contexts.map(\.context).first {
                PayloadReader.path($0).last == Self.name(number) && PayloadReader.locale($0) == "en-us"
            })
            let title = try #require((context["data"] as? [String: Any])?["title"] as? String)
            guard title != "String \(number)", !warned.contains(number) else { continue }
            let folded = String(String.UnicodeScalarView(string.unicodeScalars.map { ["\u{85}", "\u{2028}", "\u{2029}"].contains($0) ? " " : $0 }))
            #expect(title == folded, "string \(number)")
            asWritten += 1
        }
        #expect(asWritten > 300)
    }

    /// Every string as an identifier: those validation lets through build, each page in
    /// the folder `PageDirectories` names (a name too long for a file made short), linked
    /// from its parent's page by an `href` that leads there.
    @Test func everyIdentifierIsReportedOrAPageOfItsOwn() throws {
        let run = try Self.validateThenBuild(Self.identifiers, snapshot: "naughty/identifiers.txt")
        defer { run.remove() }
        #expect(run.build.wrote && run.build.diagnostics.errorCount == 0)
        let book = try String(contentsOf: run.output.appendingPathComponent("en-us/identifiers/index.html"), encoding: .utf8)
        let folder = run.output.appendingPathComponent("en-us/identifiers")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "index.html" }
        #expect(names.count == run.strings.count)
        #expect(names.filter { $0.contains("+") }.count > 10, "some names were made short")
        for name in names {
            #expect(name.utf8.count <= 255)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name + "/index.html").path), "\(name)")
            #expect(book.contains("href=\"../../en-us/identifiers/" + SitePaths.href(name) + "/index.html\""), "no link to \(name)")
        }
    }
}
