import ArgumentParser
import Catalog
import Foundation

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check content/ and report every problem, with file, line and column, and translation coverage.")

    @OptionGroup var options: ContentOptions

    @Option(name: .long, help: "Where processed thumbnails are cached between runs.")
    var cache: String = ".catalog-cache"

    func run() async throws {
        let root = ContentRoot(path: options.content)
        var result = CatalogLoader.load(root)
        if let model = result.model {
            result.diagnostics.append(contentsOf: ThumbnailCheck.diagnostics(
                model: model, content: root, cacheDirectory: URL(fileURLWithPath: cache), alreadyReported: result.diagnostics))
        }
        let coverage = result.coverage
        DiagnosticPrinter(format: options.format, all: options.all).print(result.diagnostics,
                                                        extraJSON: coverage.map { [("coverage", $0.json)] } ?? [])
        if options.format == .text, let coverage {
            Output.standardError(CoverageReport.text(coverage))
        }
        // Ends the process here, with everything printed (unbuffered): returning would first
        // free the model of every context, which is all that is left to do.
        let status = result.diagnostics.hasErrors ? Exit.contentError : .success
        withExtendedLifetime(result) { Foundation.exit(status.rawValue) }
    }
}
