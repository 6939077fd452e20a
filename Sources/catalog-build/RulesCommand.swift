import ArgumentParser
import Catalog

/// `catalog-build rules [ID] [--markdown]`: the rule registry, as a list, one rule
/// explained (as `cargo --explain` does), or the Markdown of docs/DIAGNOSTICS.md (which is
/// generated with it).
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every diagnostic rule, explain one (rules ID), or print docs/DIAGNOSTICS.md with --markdown.",
        discussion: Exit.discussion("""
            catalog-build rules age-range explains the rule a diagnostic names in brackets: what it checks, \
            why, an example of the problem and the fix.
            """))

    @Argument(help: ArgumentHelp("A rule's id, as printed in brackets after a diagnostic, to explain it.", valueName: "id"))
    var id: String?

    @Flag(name: .long, help: "Print the rule catalogue as Markdown (docs/DIAGNOSTICS.md).")
    var markdown = false

    func validate() throws {
        if id != nil && markdown { throw ValidationError("--markdown prints every rule; give it without an id") }
    }

    func run() throws {
        guard let id else {
            Output.standardOutput(markdown ? RuleCatalogue.markdown() : RuleCatalogue.list())
            return
        }
        guard let rule = Rules.byID[RuleID(rawValue: id)] else {
            let ids = Rules.all.map(\.id.rawValue)
            let hint = Suggestions.closest(to: id, in: ids).map { "did you mean '\($0)'? " } ?? ""
            throw UsageProblem("there is no rule '\(id)'; \(hint)catalog-build rules lists every rule")
        }
        Output.standardOutput(RuleCatalogue.explanation(rule))
    }
}
