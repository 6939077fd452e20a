import ArgumentParser
import Catalog

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github
}

struct ContentOptions: ParsableArguments {
    @Option(name: .long, help: "The content directory.")
    var content: String = "content"

    @Option(name: .long, help: "How to print diagnostics: text, json or github.")
    var format: OutputFormat = .text
}

/// Exit codes of cli.md: 0 success, 1 content errors or incomplete upload, 2 command line.
enum Exit {
    static let contentError = ExitCode(1)
    static let usage = ExitCode(2)
}
