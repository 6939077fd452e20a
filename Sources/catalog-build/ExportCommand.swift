import ArgumentParser
import Catalog
import Foundation

enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case json, swift

    var library: CatalogExport.Format { self == .json ? .json : .swift }
}

/// `catalog-build export`: the context tree for the app that ships the catalog, as JSON
/// or as a Swift file (docs/EXPORT.md). Content with errors exports nothing.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the context tree for your app: JSON, or a Swift file with a ready CLSDataStoreDelegate.",
        discussion: Exit.discussion("Finds the content as build does."))

    @OptionGroup var content: ContentOptions

    @Option(name: .long, help: "json (the tree, documented in docs/EXPORT.md) or swift (a file to add to the app's target).")
    var format: ExportFormat = .json

    @Option(name: [.customShort("o"), .long], help: "The file to write (replaced whole); standard output when not given.")
    var output: String?

    @Option(name: .long, help: "Where processed thumbnails are kept between runs, as for build (\(CacheHelp.location)).")
    var cache: String?

    func run() throws {
        let location = try content.location()
        InterruptCleanup.shared.install(lines: StageMarks.interruptLine(
            output.map { "Interrupted; \($0) is unchanged." } ?? "Interrupted; nothing was printed."))
        let result = CatalogExport.run(content: ContentRoot(path: location.content),
                                       cacheDirectory: URL(fileURLWithPath: cache ?? location.defaultCache), format: format.library)
        // The thumbnails stage stopped short: the interrupt's thread ends the process.
        if BuildCancellation.isRequested { InterruptCleanup.shared.awaitExit() }
        DiagnosticPrinter(format: .text).print(result.diagnostics)
        guard let text = result.text else { throw Exit.contentError }
        if let output {
            do {
                // Through `.NAME.tmp-PID-N` beside it, which an interrupt removes (Foundation's
                // atomic write leaves its own temporary file behind).
                try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: output))
            } catch is BuildCancelled {
                InterruptCleanup.shared.awaitExit()
            } catch {
                throw OutputChecks.report(error, output: output)
            }
        } else {
            Output.standardOutput(text)
        }
    }
}
