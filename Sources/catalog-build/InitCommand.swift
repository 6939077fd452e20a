import ArgumentParser
import Catalog
import Foundation

/// `catalog-build init [DIR]`: a new catalog to start from (`Scaffold`), and the next
/// three commands to run.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new catalog in DIR (new or empty): content/ with one book, and a .gitignore.",
        discussion: Exit.help)

    @Argument(help: "The directory to create the catalog in.")
    var directory: String = "."

    @Option(name: .long, help: "The locales, comma-separated, the default first (e.g. en-us,fr).")
    var locales: String = "en-us"

    @Option(name: .long, help: "The app's bundle identifier, which starts every identifier path.")
    var bundleIdentifier: String = "com.example.catalog"

    @Option(name: .long, help: "The app's title.")
    var title: String = "My Catalog"

    func validate() throws {
        _ = try parsedLocales()
    }

    func run() throws {
        let scaffold = Scaffold(locales: try parsedLocales(), bundleIdentifier: bundleIdentifier, title: title)
        do {
            try scaffold.write(into: URL(fileURLWithPath: directory))
        } catch {
            Output.standardError("error: \(error)\n")
            throw Exit.usage
        }
        Output.standardOutput(nextSteps)
    }

    private func parsedLocales() throws -> [LocaleID] {
        let parts = locales.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let parsed = parts.compactMap { LocaleID(normalizing: $0) }
        guard !parts.isEmpty, parsed.count == parts.count else {
            throw ValidationError("--locales takes locales like en-us,fr separated by commas; '\(locales)' is not such a list")
        }
        guard Set(parsed).count == parsed.count else {
            throw ValidationError("--locales names a locale twice: '\(locales)'")
        }
        return parsed
    }

    private var nextSteps: String {
        let enter = directory == "." ? "" : "  cd \(directory)\n"
        return """
            Created a catalog in \(directory). Next:
            \(enter)  catalog-build validate    # check the content, with file:line:column for every problem
              catalog-build build       # write site/: the teacher site and the ClassKit payloads
              catalog-build serve       # preview it at http://127.0.0.1:8000, rebuilt as you edit

            """
    }
}
