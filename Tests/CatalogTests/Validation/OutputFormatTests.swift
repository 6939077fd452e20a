import Foundation
import Testing
@testable import Catalog

/// The three output formats of cli.md and the exit statuses, on one small content
/// directory with one error (topic on line 4) and one warning (unknown key on line 5).
@Suite struct OutputFormatTests {
    static let quiz = "---\ntitle: Quiz\nsummary: A short quiz.\ntopic: Science\nsumary: typo\n---\n"

    static func workspace(quiz: String = quiz) throws -> Workspace {
        let input = BadInput("formats", ["quiz.md": quiz], expected: [])
        return try input.materialize()
    }

    static let topicMessage = "topic 'Science' is not valid; did you mean 'science'? use one of: artsAndMusic, computerScienceAndEngineering, healthAndFitness, literacyAndWriting, math, science, socialScience, worldLanguage"
    static let keyMessage = "unknown key 'sumary' is ignored; did you mean 'summary'?"

    @Test func textWithExcerptAndCaret() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        // An absolute content path, so that the excerpt is found from any current directory.
        let root = ContentRoot(path: workspace.content.path)
        let text = DiagnosticFormatter.text(CatalogLoader.load(root).diagnostics.sorted, excerpts: true)
        let file = workspace.content.path + "/quiz.md"
        #expect(text == """
            \(file):4:8: error: \(Self.topicMessage) [topic]
             4 | topic: Science
               |        ^
            \(file):5:1: warning: \(Self.keyMessage) [unknown-key]
             5 | sumary: typo
               | ^

            """)
    }

    @Test func textThroughBinaryGoesToStandardError() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let run = try BinaryRunner.run(["validate", "--content", "content"], in: workspace.parent)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("""
            content/quiz.md:4:8: error: \(Self.topicMessage) [topic]
            content/quiz.md:5:1: warning: \(Self.keyMessage) [unknown-key]
            1 error, 1 warning

            """))
    }

    @Test func jsonDocumentIsExact() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let run = try BinaryRunner.run(["validate", "--format", "json", "--content", "content"], in: workspace.parent)
        #expect(run.status == 1)
        #expect(run.stderr == "")
        #expect(run.stdout == """
            {
              "diagnostics": [
                {
                  "file": "content/quiz.md",
                  "line": 4,
                  "column": 8,
                  "severity": "error",
                  "rule": "topic",
                  "message": "\(Self.topicMessage)"
                },
                {
                  "file": "content/quiz.md",
                  "line": 5,
                  "column": 1,
                  "severity": "warning",
                  "rule": "unknown-key",
                  "message": "\(Self.keyMessage)"
                }
              ],
              "errorCount": 1,
              "warningCount": 1,
              "coverage": {
                "en-us": {
                  "translated": 1,
                  "total": 1,
                  "missing": []
                }
              },
              "metadataCoverage": {
                "quiz": {
                  "activities": 1,
                  "thumbnail": 0,
                  "suggestedAge": 0,
                  "suggestedCompletionTime": 0,
                  "progressReporting": 0
                }
              },
              "checkedFiles": 2
            }

            """)
    }

    @Test func jsonIsPrintedWhenThereIsNothingToReport() throws {
        let workspace = try Self.workspace(quiz: "---\ntitle: Quiz\nsummary: A short quiz.\n---\n")
        defer { workspace.remove() }
        let run = try workspace.validateJSON()
        #expect(run.status == 0)
        let json = try #require(run.json)
        #expect((json["diagnostics"] as? [Any])?.isEmpty == true)
        #expect(json["errorCount"] as? Int == 0 && json["warningCount"] as? Int == 0)
        #expect(json["coverage"] is [String: Any])
    }

    @Test func githubWorkflowCommands() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let run = try BinaryRunner.run(["validate", "--format", "github", "--content", "content"], in: workspace.parent)
        #expect(run.status == 1)
        #expect(run.stdout == """
            ::error file=content/quiz.md,line=4,col=8,title=topic::\(Self.topicMessage)
            ::warning file=content/quiz.md,line=5,col=1,title=unknown-key::\(Self.keyMessage)

            """)
    }

    @Test func githubEscapesPropertiesAndMessages() {
        let diagnostic = Diagnostic.error("topic", at: SourceLocation(file: "a,b:c.md", line: 2, column: 3), "50% done\nnext")
        #expect(DiagnosticFormatter.github([diagnostic]) == "::error file=a%2Cb%3Ac.md,line=2,col=3,title=topic::50%25 done%0Anext\n")
    }

    @Test(arguments: [
        (["validate", "--content", "content"], Int32(0)),
        (["validate", "--content", "content", "--format", "json"], Int32(0)),
        (["validate", "--bogus"], Int32(2)),
        (["validate", "--format", "xml"], Int32(2)),
        (["validate", "--content"], Int32(2)),
    ])
    func exitStatus(arguments: [String], status: Int32) throws {
        let workspace = try Self.workspace(quiz: "---\ntitle: Quiz\nsummary: A short quiz.\n---\n")
        defer { workspace.remove() }
        #expect(try BinaryRunner.run(arguments, in: workspace.parent).status == status)
    }

    @Test func exitStatusOneForErrorsZeroForWarnings() throws {
        let errors = try Self.workspace()
        defer { errors.remove() }
        #expect(try BinaryRunner.run(["validate", "--content", "content"], in: errors.parent).status == 1)
        let warnings = try Self.workspace(quiz: "---\ntitle: Quiz\nsummary: A short quiz.\nsumary: typo\n---\n")
        defer { warnings.remove() }
        #expect(try BinaryRunner.run(["validate", "--content", "content"], in: warnings.parent).status == 0)
    }
}
