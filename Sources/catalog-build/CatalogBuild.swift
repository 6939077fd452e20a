import ArgumentParser
import Catalog
import Foundation

@main
struct CatalogBuild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog-build",
        abstract: "Turns Markdown books into an Apple ClassKit activity catalog.",
        discussion: "Reads content/ (catalog.yml and Markdown with YAML front matter), validates it, and writes the HTML catalog and the ClassKit Catalog API payloads into site/.",
        version: ToolVersion.current,
        subcommands: [InitCommand.self, BuildCommand.self, ValidateCommand.self, UploadCommand.self, ServeCommand.self,
                      ExportCommand.self, RulesCommand.self])

    /// Runs the command, mapping a wrong command line to exit status 2 (cli.md) where
    /// ArgumentParser would use 64.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(Exit.usage.rawValue)
            }
            exit(withError: error)
        }
    }
}
