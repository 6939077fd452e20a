import Catalog
import Foundation

/// A command that cannot start (exit status 2): the problem on standard error, and under
/// `--format json` (build, validate) also a JSON document on standard output with it as
/// the one diagnostic, since a pipeline parses standard output whenever it asks for JSON.
enum StartFailure {
    /// - Parameter prefix: what the text line starts with (ArgumentParser's own messages
    ///   carry theirs).
    static func report(_ problem: UsageProblem, arguments: [String], prefix: String = "error: ") -> Never {
        Output.standardError(prefix + problem.description + "\n")
        if asksForJSON(arguments) {
            let diagnostic = Diagnostic.error(problem.rule, at: SourceLocation(file: problem.path),
                                              firstLine(of: problem.description))
            Output.standardOutput(DiagnosticFormatter.json([diagnostic]))
        }
        Foundation.exit(Exit.usage.rawValue)
    }

    /// Whether the command line is `build` or `validate` with `--format json` (or
    /// `--format=json`), read from the words as typed: also when they do not parse.
    static func asksForJSON(_ arguments: [String]) -> Bool {
        guard let command = arguments.first, ["build", "validate"].contains(command) else { return false }
        let words = Array(arguments.dropFirst().prefix { $0 != "--" })
        return words.contains("--format=json") || zip(words, words.dropFirst()).contains { $0 == "--format" && $1 == "json" }
    }

    /// The message's first line, without the `Error: ` and the usage lines that
    /// ArgumentParser adds to its own.
    private static func firstLine(of message: String) -> String {
        let line = message.prefix { $0 != "\n" }
        return String(line.hasPrefix("Error: ") ? line.dropFirst("Error: ".count) : line)
    }
}
