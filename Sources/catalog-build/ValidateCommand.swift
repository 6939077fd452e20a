import ArgumentParser
import Catalog

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check content/ and report every problem, with file, line and column, and translation coverage.")

    @OptionGroup var options: ContentOptions

    func run() async throws {
        let result = CatalogLoader.load(ContentRoot(path: options.content))
        let coverage = result.coverage
        DiagnosticPrinter(format: options.format).print(result.diagnostics,
                                                        extraJSON: coverage.map { [("coverage", $0.json)] } ?? [])
        if options.format == .text, let coverage {
            Output.standardError(CoverageReport.text(coverage))
        }
        if result.diagnostics.hasErrors { throw Exit.contentError }
    }
}
