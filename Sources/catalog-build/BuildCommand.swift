import ArgumentParser
import Catalog
import Foundation

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Validate the content and write the HTML catalog and the Catalog API payloads into site/.",
        discussion: Exit.discussion("""
            Writes nothing when there is any error; a build that succeeds replaces the output folder as a whole. \
            Run from any folder inside a catalog, it finds the content as git finds a repository, and then \
            writes site/ beside the content folder.
            """))

    @OptionGroup var content: ContentOptions
    @OptionGroup var report: ReportOptions

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp(
        "The output folder. Default: site, beside the content folder when the content was found above the current folder.",
        valueName: "dir"))
    var output: String?

    @Option(name: .long, help: "Where processed thumbnails and each output's build state are kept between builds (\(CacheHelp.besideOutput)).")
    var cache: String?

    @Flag(name: .long, help: "Print each pipeline stage's wall time to standard error.")
    var timings = false

    @Flag(name: .long, help: "Replace the output folder even when it holds files that catalog-build did not make.")
    var force = false

    func run() async throws {
        let location = try content.location()
        let output = self.output ?? location.defaultOutput
        try OutputChecks.check(output: output, content: location.content, force: force)
        if report.verbose { Output.standardError(BuildReport.locations(location, output: output)) }
        let progress = report.talks ? ProgressLine.onTerminal() : nil
        var buildOptions = BuildOptions(
            content: ContentRoot(path: location.content), output: URL(fileURLWithPath: output),
            cacheDirectory: URL(fileURLWithPath: cache ?? location.defaultCache), progress: progress?.handler)
        buildOptions.force = force
        buildOptions.strict = report.strict
        buildOptions.removesOldOutputAfterExit = true
        if timings || report.verbose { buildOptions.stageStarted = StageMarks.printer() }
        InterruptCleanup.shared.install(lines: StageMarks.interruptLines(output: output))
        let clock = ContinuousClock(), start = clock.now
        let result: BuildResult
        do {
            result = try Build.run(buildOptions)
            progress?.finish()
        } catch is BuildCancelled {
            InterruptCleanup.shared.awaitExit()
        } catch {
            progress?.finish()
            throw OutputChecks.report(error, output: output)
        }
        let summary = BuildReport(output: output, report: report, seconds: (clock.now - start).seconds)
        summary.print(result)
        if timings || report.verbose {
            if !result.route.isEmpty { Output.standardError(result.route + "\n") }
            if report.verbose { for note in result.notes { Output.standardError("note: \(note)\n") } }
            Output.standardError(result.timings.table + "allocator: \(Allocator.name)\n")
        }
        guard result.wrote || result.upToDate else { throw Exit.contentError }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
