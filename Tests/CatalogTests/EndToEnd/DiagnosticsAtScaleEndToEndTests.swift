import Foundation
import Testing
@testable import Catalog

/// The binary's diagnostics at scale: text shows each rule's first 20 occurrences, a
/// "more" line and the table on standard error (`--all` every one); JSON and GitHub
/// commands are complete; every diagnostic is one line in each format; `rules:` in
/// catalog.yml changes what every format reports.
@Suite struct DiagnosticsAtScaleEndToEndTests {
    /// One topic error (line 4) and 25 unknown keys (lines 5–29), `summar1` to `summar25`.
    static let quiz = "---\ntitle: Quiz\nsummary: A short quiz.\ntopic: Science\n"
        + (1...25).map { "summar\($0): x\n" }.joined() + "---\n"

    static func workspace(catalog: String = BadInput.catalog) throws -> Workspace {
        try BadInput("scale", ["quiz.md": quiz, "catalog.yml": catalog], expected: []).materialize()
    }

    static let topicLine = "content/quiz.md:4:8: error: \(OutputFormatTests.topicMessage) [topic]\n"

    static func keyLines(_ range: ClosedRange<Int>) -> String {
        range.map { "content/quiz.md:\($0 + 4):1: warning: unknown key 'summar\($0)' is ignored; did you mean 'summary'? [unknown-key]\n" }
            .joined()
    }

    static let table = """
        rule         severity  count  first location
        topic        error         1  content/quiz.md:4:8
        unknown-key  warning      25  content/quiz.md:5:1
        1 error, 25 warnings

        """

    /// What a failed `build` says last.
    static let notWritten = "Nothing was written; site/ is as it was\n"

    @Test(arguments: ["build", "validate"])
    func textShowsTwentyPerRuleThenMoreAndTheTable(command: String) throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let run = try BinaryRunner.run([command, "--content", "content"], in: workspace.parent)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        let digest = Self.topicLine + Self.keyLines(1...20) + "… and 5 more [unknown-key]; --all shows every one\n" + Self.table
        if command == "build" {
            #expect(run.stderr == digest + Self.notWritten)
        } else {
            // validate goes on with the translation coverage.
            #expect(run.stderr.hasPrefix(digest))
        }
    }

    @Test func allShowsEveryOne() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let run = try BinaryRunner.run(["build", "--all", "--content", "content"], in: workspace.parent)
        #expect(run.status == 1)
        #expect(run.stderr == Self.topicLine + Self.keyLines(1...25) + Self.table + Self.notWritten)
    }

    @Test func jsonAndGithubAreComplete() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let json = try BinaryRunner.run(["build", "--format", "json", "--content", "content"], in: workspace.parent)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((document["diagnostics"] as? [Any])?.count == 26)
        #expect(document["errorCount"] as? Int == 1 && document["warningCount"] as? Int == 25)
        #expect(json.stderr == "")
        let github = try BinaryRunner.run(["build", "--format", "github", "--content", "content"], in: workspace.parent)
        let lines = github.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 27 && lines.last == "")
        #expect(lines[1] == "::warning file=content/quiz.md,line=5,col=1,title=unknown-key::unknown key 'summar1' is ignored; did you mean 'summary'?")
        #expect(lines[25] == "::warning file=content/quiz.md,line=29,col=1,title=unknown-key::unknown key 'summar25' is ignored; did you mean 'summary'?")
        #expect(github.stderr == "")
    }

    @Test func catalogRulesChangeEveryFormat() throws {
        let workspace = try Self.workspace(catalog: BadInput.catalog + "rules:\n  unknown-key: off\n")
        defer { workspace.remove() }
        let text = try BinaryRunner.run(["build", "--content", "content"], in: workspace.parent)
        #expect(text.status == 1)
        #expect(text.stderr == Self.topicLine + "1 error, 0 warnings\n" + Self.notWritten)
        let json = try BinaryRunner.run(["build", "--format", "json", "--content", "content"], in: workspace.parent)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((document["diagnostics"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["topic"])
        #expect(document["warningCount"] as? Int == 0)
        let github = try BinaryRunner.run(["build", "--format", "github", "--content", "content"], in: workspace.parent)
        #expect(github.stdout == "::error file=content/quiz.md,line=4,col=8,title=topic::\(OutputFormatTests.topicMessage)\n")
    }

    @Test func raisedWarningsFailTheBuildAndAreCountedAsErrors() throws {
        let fine = "---\ntitle: Quiz\nsummary: A short quiz.\nsumary: typo\n---\n"
        let workspace = try BadInput("raised", ["quiz.md": fine, "catalog.yml": BadInput.catalog + "rules:\n  unknown-key: error\n"],
                                     expected: []).materialize()
        defer { workspace.remove() }
        let run = try BinaryRunner.run(["build", "--content", "content", "--output", "site"], in: workspace.parent)
        #expect(run.status == 1)
        #expect(run.stderr == "content/quiz.md:4:1: error: \(OutputFormatTests.keyMessage) [unknown-key]\n1 error, 0 warnings\n" + Self.notWritten)
        #expect(!FileManager.default.fileExists(atPath: workspace.parent.appendingPathComponent("site").path))
    }

    /// A file name with a line feed, a carriage return and an escape: each format keeps
    /// every diagnostic on one line.
    @Test func everyDiagnosticIsOneLineInEachFormat() throws {
        let name = "bad\nname\r\u{1B}[2J.md"
        let workspace = try BadInput("one-line", [name: "---\ntitle: \"Two\\nlines\"\n---\n", "quiz.md": Self.quiz],
                                     expected: []).materialize()
        defer { workspace.remove() }
        let json = try BinaryRunner.run(["validate", "--format", "json", "--content", "content"], in: workspace.parent)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let items = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(items.contains { ($0["file"] as? String) == "content/" + name })
        #expect(!json.stdout.unicodeScalars.contains { ControlCharacters.isUnsafe($0) && $0 != "\n" })

        let text = try BinaryRunner.run(["validate", "--all", "--content", "content"], in: workspace.parent)
        let listing = text.stderr.split(separator: "\n").prefix(items.count)
        #expect(listing.allSatisfy { $0.hasPrefix("content/") && $0.hasSuffix("]") }, "\(text.stderr)")
        #expect(listing.contains { $0.hasPrefix("content/bad\\u{A}name\\u{D}\\u{1B}[2J.md:1:1: error: ") })
        #expect(!text.stderr.unicodeScalars.contains { ControlCharacters.isUnsafe($0) && $0 != "\n" })

        let github = try BinaryRunner.run(["validate", "--format", "github", "--content", "content"], in: workspace.parent)
        let lines = github.stdout.split(separator: "\n")
        #expect(lines.count == items.count && lines.allSatisfy { $0.hasPrefix("::") })
        #expect(!github.stdout.unicodeScalars.contains { ControlCharacters.isUnsafe($0) && $0 != "\n" })
    }
}
