import ArgumentParser
import Catalog
import Foundation

@main
struct CatalogBuild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog-build",
        abstract: "Turns Markdown books into an Apple ClassKit activity catalog.",
        discussion: Exit.discussion("""
            Reads content/ (catalog.yml and Markdown with YAML front matter), validates it, and writes the HTML \
            catalog and the ClassKit Catalog API payloads into site/. Run from any folder inside a catalog, \
            build, validate, serve and export find its catalog.yml as git finds a repository.
            """),
        version: ToolVersion.current,
        subcommands: [InitCommand.self, BuildCommand.self, ValidateCommand.self, UploadCommand.self, ServeCommand.self,
                      ExportCommand.self, RulesCommand.self])

    /// Runs the command, mapping a wrong command line to exit status 2 (cli.md) where
    /// ArgumentParser would use 64, and a path that cannot be used (`UsageProblem`) to 2.
    static func main() async {
        AllocatorSettings.apply(command: CommandLine.arguments.dropFirst().first)
        do {
            try checkCommandName(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let problem as UsageProblem {
            StartFailure.report(problem, arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                StartFailure.report(UsageProblem(fullMessage(for: error)), arguments: Array(CommandLine.arguments.dropFirst()),
                                    prefix: "")
            }
            exit(withError: error)
        }
    }

    /// An unknown command (`biuld`) is a wrong command line with a "did you mean".
    static func checkCommandName(_ arguments: [String]) throws {
        guard let first = arguments.first, !first.hasPrefix("-") else { return }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !names.contains(first) else { return }
        let hint = Suggestions.closest(to: first, in: names).map { ". Did you mean '\($0)'?" }
            ?? "; the commands are \(names.dropLast().joined(separator: ", "))"
        throw ValidationError("Unknown command '\(first)'\(hint)")
    }
}
