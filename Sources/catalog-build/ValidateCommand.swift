import ArgumentParser
import Catalog
import Foundation

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check the content and report every problem, with file, line and column, and translation coverage.",
        discussion: Exit.discussion("Writes nothing. Finds the content as build does."))

    @OptionGroup var content: ContentOptions
    @OptionGroup var report: ReportOptions

    @Option(name: .long, help: "Where processed thumbnails are kept between runs (\(CacheHelp.location)).")
    var cache: String?

    func run() async throws {
        let location = try content.location()
        InterruptCleanup.shared.install(lines: StageMarks.interruptLine("Interrupted; nothing was written."))
        if report.verbose { Output.standardError(BuildReport.locations(location, output: nil)) }
        let root = ContentRoot(path: location.content)
        var timer = StageTimer()
        var result = CatalogLoader.load(root, timer: &timer)
        if let model = result.model {
            result.diagnostics.append(contentsOf: ThumbnailCheck.diagnostics(
                model: model, content: root, cacheDirectory: URL(fileURLWithPath: cache ?? location.defaultCache),
                alreadyReported: result.diagnostics))
        }
        let coverage = result.coverage, metadata = result.model.map(MetadataCoverage.init)
        report.printer.print(result.diagnostics, extraJSON: (coverage.map { [("coverage", $0.json)] } ?? [])
            + (metadata.map { [("metadataCoverage", $0.json)] } ?? [])
            + [("checkedFiles", .int(Int64(result.fileCount)))])
        if report.talks {
            if let coverage { Output.standardError(CoverageReport.text(coverage)) }
            if let metadata { Output.standardError(CoverageReport.text(metadata)) }
            Output.standardError(Self.summary(result, content: root))
        }
        if report.verbose { Output.standardError(timer.table) }
        // Ends the process here, with everything printed (unbuffered): returning would first
        // free the model of every context, which is all that is left to do.
        let status = report.fails(result.diagnostics) ? Exit.contentError : .success
        withExtendedLifetime(result) { Foundation.exit(status.rawValue) }
    }

    /// "Checked 23 files in content/: no problems found".
    static func summary(_ result: LoadResult, content: ContentRoot) -> String {
        let folder = content.displayPrefix.isEmpty ? "this folder" : content.displayPrefix
        let bag = result.diagnostics
        let found = bag.items.isEmpty ? "no problems found"
            : DiagnosticFormatter.summaryLine(errors: bag.errorCount, warnings: bag.warningCount)
        return "Checked \(BuildReport.count(result.fileCount, "file")) in \(folder): \(found)\n"
    }
}
