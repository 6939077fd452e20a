import ArgumentParser
import Catalog

/// `catalog-build rules [--markdown]`: the rule registry, as a list or as the Markdown of
/// docs/DIAGNOSTICS.md (which is generated with it).
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every diagnostic rule, or print docs/DIAGNOSTICS.md with --markdown.")

    @Flag(name: .long, help: "Print the rule catalogue as Markdown (docs/DIAGNOSTICS.md).")
    var markdown = false

    func run() throws {
        Output.standardOutput(markdown ? RuleCatalogue.markdown() : RuleCatalogue.list())
    }
}
