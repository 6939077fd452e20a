import ArgumentParser
import Catalog
import Foundation

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github
}

/// The content folder: `build DIR` as mdBook takes it, or `-c/--content DIR`, either of
/// which may name `catalog.yml` itself; found as git finds its root when not given
/// (`ContentLocator`).
struct ContentOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "The content folder (the one holding catalog.yml), or its catalog.yml. Default: ./content, else the nearest folder at or above the current one holding catalog.yml.",
        valueName: "dir"))
    var directory: String?

    @Option(name: [.customShort("c"), .long], help: ArgumentHelp("The content folder, or its catalog.yml (the same as DIR).", valueName: "dir"))
    var content: String?

    func validate() throws {
        if directory != nil && content != nil {
            throw ValidationError("name the content folder once: as DIR or with --content, not both")
        }
    }

    /// Where the content is; a folder that cannot be used stops the command (status 2).
    func location() throws -> ContentLocation {
        do {
            return try ContentLocator.locate(directory ?? content, currentDirectory: FileManager.default.currentDirectoryPath)
        } catch {
            throw UsageProblem(error.description, rule: "content-not-found", path: error.path)
        }
    }
}

/// Where the cache is when `--cache` is not given (`ContentLocation.defaultCache`), for
/// each command's help.
enum CacheHelp {
    static let location = "default: .catalog-cache where site goes by default: beside the content folder when run "
        + "inside it or when it was found above, else in the current folder"
    /// For the commands that take `-o`, which does not move it.
    static let besideOutput = location + "; -o does not move it"
}

/// How `build` and `validate` report: the format, how much, and whether warnings fail.
struct ReportOptions: ParsableArguments {
    @Option(name: .long, help: "How to print diagnostics: text, json or github.")
    var format: OutputFormat = .text

    @Flag(name: .shortAndLong, help: "Print errors only: no warnings, no summary.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print where the content and the output are, and each stage's time.")
    var verbose = false

    @Flag(name: .long, help: "Make warnings fail like errors (exit status 1, nothing written), for pipelines.")
    var strict = false

    @Flag(name: .long, help: "Print every diagnostic in text output, not only the first 20 of each rule.")
    var all = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("-q/--quiet and -v/--verbose cannot be given together") }
    }

    var printer: DiagnosticPrinter { DiagnosticPrinter(format: format, quiet: quiet, all: all) }

    /// Prose on standard error: only in text format, and not under `--quiet`.
    var talks: Bool { format == .text && !quiet }

    /// Whether the diagnostics fail the command: any error, or a warning under `--strict`.
    func fails(_ bag: DiagnosticBag) -> Bool {
        bag.hasErrors || (strict && bag.warningCount > 0)
    }
}

/// A command line that names something that cannot be used (a missing content folder,
/// an output that is a file): printed as `error: …` and exit status 2, without the usage;
/// under `--format json` also as the one diagnostic of the document (`StartFailure`).
struct UsageProblem: Error, CustomStringConvertible {
    let description: String
    /// The diagnostic's rule and the path it names ("" when it names none).
    var rule: RuleID = "command-line"
    var path = ""

    init(_ description: String, rule: RuleID = "command-line", path: String = "") {
        self.description = description
        self.rule = rule
        self.path = path
    }
}

extension ContentLocationError {
    /// The path the problem is about: the one given, or the current folder when none was.
    var path: String {
        switch self {
        case .missing(let path, _), .notAFolder(let path): path
        case .notFound: "."
        }
    }
}

/// Exit statuses (cli.md, and AREAS of the project's decision): 0 success; 1 the content
/// has errors (or warnings under --strict) or the work failed midway; 2 the command
/// cannot start as given. Interrupts exit 128 + the signal.
enum Exit {
    static let contentError = ExitCode(1)
    static let usage = ExitCode(2)

    /// The paragraph every `--help` ends with (lines short enough that ArgumentParser
    /// does not wrap them, which would lose their indentation).
    static let help = """
        Exit status:
          0  success; warnings may have been printed
          1  the content has errors (or warnings, with --strict), or the work
             failed midway: a full disk, an upload that did not complete
          2  the command cannot start as given: a wrong command line, or a path
             it names that cannot be used (a missing content folder, an output
             that is a file or not writable, an unreadable key file)
          130, 143  interrupted by Ctrl-C or SIGTERM; the output is as it was
        """

    /// A command's discussion followed by the exit statuses.
    static func discussion(_ text: String) -> String {
        text.isEmpty ? help : text + "\n\n" + help
    }
}
