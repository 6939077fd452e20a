import ArgumentParser
import Catalog
import Foundation

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Validate content/ and write the HTML catalog and the Catalog API payloads into site/.",
        discussion: "Writes nothing when there is any error; a build that succeeds replaces the output directory as a whole.")

    @OptionGroup var options: ContentOptions

    @Option(name: .long, help: "The output directory.")
    var output: String = "site"

    @Option(name: .long, help: "Where processed thumbnails are cached between builds.")
    var cache: String = ".catalog-cache"

    @Flag(name: .long, help: "Print each pipeline stage's wall time to standard error.")
    var timings = false

    @Flag(name: .long, help: "Replace the output directory even when it holds files that catalog-build did not make.")
    var force = false

    func validate() throws {
        let cwd = FileManager.default.currentDirectoryPath
        if let problem = OutputGuard.problem(output: URL(fileURLWithPath: output), content: ContentRoot(path: options.content),
                                             currentDirectory: cwd) {
            throw ValidationError(problem)
        }
        if !force, let problem = OutputOwnership.problem(output: URL(fileURLWithPath: output), displayPath: output) {
            throw ValidationError(problem)
        }
    }

    func run() async throws {
        var buildOptions = BuildOptions(
            content: ContentRoot(path: options.content), output: URL(fileURLWithPath: output),
            cacheDirectory: URL(fileURLWithPath: cache), thumbnailProgress: ProgressLine.thumbnails())
        buildOptions.force = force
        InterruptCleanup.shared.install()
        let result: BuildResult
        do {
            result = try Build.run(buildOptions)
        } catch {
            Output.standardError("error: cannot write \(output): \(error)\n")
            throw Exit.contentError
        }
        DiagnosticPrinter(format: options.format, all: options.all).print(result.diagnostics)
        if timings { Output.standardError(result.timings.table) }
        if result.upToDate {
            if options.format == .text { Output.standardError("\(output)/ is up to date\n") }
            return
        }
        guard result.wrote else { throw Exit.contentError }
        if options.format == .text {
            Output.standardError("Built \(result.contextCount) context versions into \(output)/\n")
        }
    }
}
