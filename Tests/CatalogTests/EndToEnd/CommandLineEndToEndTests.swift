import Catalog
import Foundation
import Testing

/// The command line as a new user meets it (issue #17): finding the content, short flags,
/// did-you-mean, the summaries, --quiet, --strict and the exit statuses, through the built
/// binary with the exact output.
@Suite(.serialized) struct CommandLineEndToEndTests {
    /// A scratch folder holding `catalog/`: `content/` as `init` makes it (no diagnostic).
    let work: URL
    var project: URL { work.appendingPathComponent("catalog") }
    var book: URL { project.appendingPathComponent("content/my-first-book") }

    init() throws {
        work = try scratchDirectory()
        try Scaffold(locales: [LocaleID(normalizing: "en-us")!], bundleIdentifier: "com.example.cli", title: "CLI")
            .write(into: project)
        // Older than the build's racy window, so that a second build is up to date.
        let content = project.appendingPathComponent("content")
        let past = [FileAttributeKey.modificationDate: Date().addingTimeInterval(-60)]
        for case let path as String in FileManager.default.enumerator(atPath: content.path)! {
            try FileManager.default.setAttributes(past, ofItemAtPath: content.appendingPathComponent(path).path)
        }
        try FileManager.default.setAttributes(past, ofItemAtPath: content.path)
    }

    /// The summary's time, which varies, as `T`.
    static func timeless(_ text: String) -> String {
        text.replacingOccurrences(of: #"in [0-9]+\.[0-9] s:"#, with: "in T s:", options: .regularExpression)
    }

    @Test func buildFromInsideTheContentFindsItAndWritesSiteBesideIt() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["build"], in: book)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.timeless(run.stderr) == """
            Built ../../site/ in T s: 7 pages, 1 thumbnail, 1 payload request, no warnings
            Open ../../site/index.html to see it

            """)
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("site/index.html").path))
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(".catalog-cache").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: book.path).sorted() == ["01-getting-started", "cover.png", "index.md"])
        let again = try BinaryRunner.run(["build"], in: book)
        #expect(again.status == 0)
        #expect(again.stderr == "../../site/ is up to date: nothing changed since the last build\n")
    }

    @Test func validateFromInsideTheContentSaysWhatItChecked() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["validate"], in: project.appendingPathComponent("content"))
        #expect(run.status == 0)
        #expect(run.stderr == "Translation coverage:\n  en-us    4/4 (100%)\n"
            + "Metadata of assignable activities:\n"
            + "  book           activities  thumbnail   age         time        progress\n"
            + "  my-first-book  2           0 (0%)      2 (100%)    2 (100%)    1 (50%)\n"
            + "Checked 6 files in this folder: no problems found\n")
    }

    @Test func contentGivenAsArgumentOrAsCatalogYAML() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let validate = try BinaryRunner.run(["validate", "-c", "content/catalog.yml"], in: project)
        #expect(validate.status == 0)
        #expect(validate.stderr.hasSuffix("Checked 6 files in content/: no problems found\n"))
        let build = try BinaryRunner.run(["build", "content", "-o", "out", "-q"], in: project)
        #expect(build.status == 0)
        #expect(build.stderr == "")
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("out/index.html").path))
        let both = try BinaryRunner.run(["build", "content", "--content", "content"], in: project)
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: name the content folder once: as DIR or with --content, not both\n"))
    }

    @Test func misspeltCommandAndPathGetADidYouMean() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let command = try BinaryRunner.run(["biuld"], in: project)
        #expect(command.status == 2)
        #expect(command.stderr == """
            Error: Unknown command 'biuld'. Did you mean 'build'?
            Usage: catalog-build <subcommand>
              See 'catalog-build --help' for more information.

            """)
        let path = try BinaryRunner.run(["build", "--content", "contnet"], in: project)
        #expect(path.status == 2)
        #expect(path.stderr == "error: the content folder contnet does not exist; did you mean content?\n")
        let flag = try BinaryRunner.run(["validate", "--stirct"], in: project)
        #expect(flag.status == 2)
        #expect(flag.stderr.hasPrefix("Error: Unknown option '--stirct'. Did you mean '--strict'?\n"))
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("site").path))
    }

    @Test func noContentAnywhereExits2() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["build"], in: work)
        #expect(run.status == 2)
        #expect(run.stderr == "error: " + ContentLocationError.notFound.description + "\n")
        #expect(run.stderr.contains("no catalog found: there is no content/catalog.yml here"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["catalog"])
    }

    @Test func unusableOutputsExit2InTheUsersWords() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        try Data("x".utf8).write(to: project.appendingPathComponent("afile"))
        let cases: [([String], String)] = [
            (["build", "-o", "afile"], "error: the output afile exists and is not a folder; remove it or choose another --output\n"),
            (["build", "-o", "content"], "error: the output content would replace the content folder; choose another --output, such as site\n"),
            (["build", "-o", "content/site"], "error: the output content/site is inside the content folder, where it would be read as content; choose a folder outside it\n"),
            (["build", "-o", "."], "error: the output . would replace the content folder; choose another --output, such as site\n"),
        ]
        for (arguments, message) in cases {
            let run = try BinaryRunner.run(arguments, in: project)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr == message)
        }
    }

    /// A command that cannot start still prints the JSON document that `--format json`
    /// promises, with the problem as its one diagnostic, and exits 2; text stays on
    /// standard error. Export's `--format json` is the export's format: no document there.
    @Test func jsonWhenTheCommandCannotStart() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        func document(_ rule: String, _ file: String, _ message: String) -> String {
            """
            {
              "diagnostics": [
                {
                  "file": "\(file)",
                  "line": 1,
                  "column": 1,
                  "severity": "error",
                  "rule": "\(rule)",
                  "message": "\(message)"
                }
              ],
              "errorCount": 1,
              "warningCount": 0
            }

            """
        }
        let cases: [([String], String, String, String)] = [
            (["build", "--format", "json", "--content", "contnet"], "content-not-found", "contnet",
             "the content folder contnet does not exist; did you mean content?"),
            (["validate", "--format=json"], "content-not-found", ".", ContentLocationError.notFound.description),
            (["build", "--format", "json", "-o", "content"], "output-unusable", "content",
             "the output content would replace the content folder; choose another --output, such as site"),
            (["validate", "--format", "json", "--stirct"], "command-line", "",
             "Unknown option '--stirct'. Did you mean '--strict'?"),
        ]
        for (arguments, rule, file, message) in cases {
            let run = try BinaryRunner.run(arguments, in: arguments.count == 2 ? work : project)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout == document(rule, file, message), "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        let text = try BinaryRunner.run(["build", "--content", "contnet"], in: project)
        #expect(text.status == 2 && text.stdout.isEmpty)
        let export = try BinaryRunner.run(["export", "--format", "json", "--content", "contnet"], in: project)
        #expect(export.status == 2 && export.stdout.isEmpty)
    }

    @Test func contentErrorsExit1AndStrictMakesWarningsFail() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let welcome = book.appendingPathComponent("01-getting-started/01-welcome.md")
        let text = try String(contentsOf: welcome, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "---\ntitle:", with: "---\nsumary: typo\ntitle:").utf8).write(to: welcome)
        let warned = try BinaryRunner.run(["build", "-q"], in: project)
        #expect(warned.status == 0)
        #expect(warned.stderr == "")
        try FileManager.default.removeItem(at: project.appendingPathComponent("site"))
        let strict = try BinaryRunner.run(["build", "--strict"], in: project)
        #expect(strict.status == 1)
        #expect(strict.stderr == """
            content/my-first-book/01-getting-started/01-welcome.md:2:1: warning: unknown key 'sumary' is ignored; did you mean 'summary'? [unknown-key]
            0 errors, 1 warning
            Nothing was written (--strict makes warnings stop the build); site/ is as it was

            """)
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("site").path))
        #expect(try BinaryRunner.run(["validate", "--strict"], in: project).status == 1)
        #expect(try BinaryRunner.run(["validate"], in: project).status == 0)
        try Data("---\nsuggestedAge: 11-9\n---\n".utf8).write(to: welcome)
        let failed = try BinaryRunner.run(["build", "-q"], in: project)
        #expect(failed.status == 1)
        #expect(failed.stderr == """
            content/my-first-book/01-getting-started/01-welcome.md:1:1: error: the context has no title; add title: to the front matter [title-required]
            content/my-first-book/01-getting-started/01-welcome.md:2:15: error: suggestedAge lower bound 11 is above upper bound 9; write the smaller number first [age-range]

            """)
    }

    @Test func jsonOnSuccessSaysWhatWasWritten() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["build", "--format", "json"], in: project)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let document = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["errorCount"] as? Int == 0 && document["warningCount"] as? Int == 0)
        let output = try #require(document["output"] as? [String: Any])
        #expect(output["path"] as? String == "site")
        #expect(output["written"] as? Bool == true && output["upToDate"] as? Bool == false)
        #expect(output["pages"] as? Int == 7 && output["thumbnails"] as? Int == 1)
        #expect(output["payloadRequests"] as? Int == 1 && output["contextVersions"] as? Int == 5)
        #expect(output["seconds"] is Double || output["seconds"] is Int)
        let validate = try BinaryRunner.run(["validate", "--format", "json"], in: project)
        let report = try #require(JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? [String: Any])
        #expect(report["checkedFiles"] as? Int == 6)
    }

    @Test func verboseSaysWhereTheContentIsAndTimesEachStage() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["build", "-v"], in: book)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("Content: .. (found at or above the current folder)\nOutput: ../../site\n"))
        #expect(run.stderr.contains("thumbnails"))
        // The scaffold's site.baseURL is the default path `/`: no sitemap, said once.
        #expect(run.stderr.contains("\nnote: No sitemap.xml: site.baseURL \"/\" is no http(s) URL, and a sitemap lists "
            + "whole URLs only; set it to the site's address (https://example.org/books/) to get one\n"))
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("site/sitemap.xml").path))
        let validate = try BinaryRunner.run(["validate", "-v"], in: book)
        #expect(validate.status == 0)
        #expect(validate.stderr.hasPrefix("Content: .. (found at or above the current folder)\nTranslation coverage:\n"))
        #expect(validate.stderr.contains("Checked 6 files in ../: no problems found\n"))
        let both = try BinaryRunner.run(["build", "-q", "-v"], in: book)
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: -q/--quiet and -v/--verbose cannot be given together\n"))
    }

    @Test func exportAndServeFindTheContentAsBuildDoes() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let export = try BinaryRunner.run(["export"], in: book)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("\"bundleIdentifier\": \"com.example.cli\""))
        let exportMissing = try BinaryRunner.run(["export", "nowhere"], in: project)
        #expect(exportMissing.status == 2)
        #expect(exportMissing.stderr == "error: the content folder nowhere does not exist; name the folder that holds catalog.yml, or create a catalog with catalog-build init\n")
        let serve = try BinaryRunner.run(["serve", "contnt", "--port", "0"], in: project)
        #expect(serve.status == 2)
        #expect(serve.stderr == "error: the content folder contnt does not exist; did you mean content?\n")
        let serveInside = try BinaryRunner.run(["serve", "-o", "content/site"], in: project)
        #expect(serveInside.status == 2)
        #expect(serveInside.stderr.hasPrefix("error: the output content/site is inside the content folder"))
        let exportNowhere = try BinaryRunner.run(["export", "-o", "/sys/catalog.json"], in: project)
        #expect(exportNowhere.status == 2)
        #expect(exportNowhere.stderr == "error: cannot write the output /sys/catalog.json: you have no permission to write in /sys; choose another --output, or make /sys writable\n")
    }

    @Test func everyHelpListsTheExitStatuses() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        for command in [[], ["init"], ["build"], ["validate"], ["upload"], ["serve"], ["export"], ["rules"]] {
            let run = try BinaryRunner.run(command + ["--help"], in: work)
            #expect(run.status == 0)
            #expect(run.stdout.contains("""
                Exit status:
                  0  success; warnings may have been printed
                  1  the content has errors (or warnings, with --strict), or the work
                     failed midway: a full disk, an upload that did not complete
                  2  the command cannot start as given: a wrong command line, or a path
                     it names that cannot be used (a missing content folder, an output
                     that is a file or not writable, an unreadable key file)
                  130, 143  interrupted by Ctrl-C or SIGTERM; the output is as it was
                """), "\(command)")
        }
    }

    @Test func rulesExplainsOneRule() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["rules", "age-range"], in: work)
        #expect(run.status == 0)
        #expect(run.stdout == """
            age-range (error): suggestedAge is whole years: `9-11`, `9+`, `9` or `[9, 11]`, lower ≤ upper.

            Why: Apple sends ages as two non-negative integers with lower ≤ upper (F8).

            Example of the problem: suggestedAge: 11-9

            Fix: Write the younger age first, in whole years.

            """)
        let unknown = try BinaryRunner.run(["rules", "age-rnage"], in: work)
        #expect(unknown.status == 2)
        #expect(unknown.stdout == "")
        #expect(unknown.stderr == "error: there is no rule 'age-rnage'; did you mean 'age-range'? catalog-build rules lists every rule\n")
    }
}
