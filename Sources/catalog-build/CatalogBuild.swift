import ArgumentParser

@main
struct CatalogBuild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog-build",
        abstract: "Turns Markdown books into an Apple ClassKit activity catalog.",
        discussion: "Reads content/ (catalog.yml and Markdown with YAML front matter), validates it, and writes the HTML catalog and the ClassKit Catalog API payloads into site/.",
        subcommands: [BuildCommand.self, ValidateCommand.self, UploadCommand.self, ServeCommand.self, RulesCommand.self])
}
