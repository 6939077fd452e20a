import Foundation
import Testing
@testable import Catalog

@Suite struct RuleCatalogueTests {
    @Test func committedDocumentIsGenerated() throws {
        let url = Repository.root.appendingPathComponent("docs/DIAGNOSTICS.md")
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == RuleCatalogue.markdown(),
                "docs/DIAGNOSTICS.md is out of date; regenerate it with: \(RuleCatalogue.regenerateCommand)")
    }

    /// The catalogue quotes broken Markdown in its examples: quoted so, no line of it is
    /// one that `fence-info-backtick` reports (its own example first wrote one).
    @Test func documentHoldsNoFenceThatIsText() {
        #expect(FenceCheck.paragraphFences(in: RuleCatalogue.markdown()).isEmpty)
    }

    @Test func sectionHasEveryPart() {
        let rule = Rules.rule("duplicate-key")
        let section = RuleCatalogue.section(rule)
        #expect(section.hasPrefix("## duplicate-key\n\n**Severity:** error\n\n\(rule.summary)\n"))
        #expect(section.contains("**Why:** \(rule.rationale)"))
        #expect(section.contains("```yaml\ntitle: Inquiry\ntitle: Investigation\n```"))
        #expect(section.contains("**Fix:** \(rule.fix)"))
    }

    @Test func rulesCommandPrintsTheDocument() throws {
        let run = try BinaryRunner.run(["rules", "--markdown"], in: Repository.root)
        #expect(run.status == 0)
        #expect(run.stdout == RuleCatalogue.markdown())
        let list = try BinaryRunner.run(["rules"], in: Repository.root)
        #expect(list.stdout.split(separator: "\n").count == Rules.all.count)
    }
}
