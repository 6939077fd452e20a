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

    @Flag(name: .long, help: "Print every diagnostic in text output, not only the first 20 of each rule.")
    var all = false
}

/// Exit codes of cli.md: 0 success, 1 content errors or incomplete upload, 2 command line.
enum Exit {
    static let contentError = ExitCode(1)
    static let usage = ExitCode(2)
}
