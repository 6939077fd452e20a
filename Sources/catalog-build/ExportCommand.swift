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
        abstract: "Print the context tree for your app: JSON, or a Swift file with a ready CLSDataStoreDelegate.")

    @Option(name: .long, help: "The content directory.")
    var content: String = "content"

    @Option(name: .long, help: "json (the tree, documented in docs/EXPORT.md) or swift (a file to add to the app's target).")
    var format: ExportFormat = .json

    @Option(name: .long, help: "The file to write (replaced whole); standard output when not given.")
    var output: String?

    @Option(name: .long, help: "Where processed thumbnails are cached between runs (the build's cache).")
    var cache: String = ".catalog-cache"

    func run() throws {
        let result = CatalogExport.run(content: ContentRoot(path: content), cacheDirectory: URL(fileURLWithPath: cache),
                                       format: format.library)
        DiagnosticPrinter(format: .text).print(result.diagnostics)
        guard let text = result.text else { throw Exit.contentError }
        if let output {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } else {
            Output.standardOutput(text)
        }
    }
}
