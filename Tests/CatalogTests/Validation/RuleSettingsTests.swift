import Foundation
import Testing
@testable import Catalog

/// `rules:` in catalog.yml and in front matter: warnings turned off or made errors, for
/// every file or for one; unknown rules, other values and protected rules refused at
/// their position, with the reason.
@Suite struct RuleSettingsTests {
    /// Two leaves without a summary (assignable-summary warnings) and one unknown key.
    static let files = [
        "a.md": "---\ntitle: A\n---\nText.\n",
        "b.md": "---\ntitle: B\nsumary: typo\n---\nText.\n",
    ]

    static func catalog(_ rules: String) -> String { TempContent.minimalCatalog + "\nrules:\n" + rules }

    @Test func withoutRulesEveryWarningIsReported() throws {
        let content = try TempContent(Self.files)
        defer { content.remove() }
        #expect(content.load().summaries(prefix: content.prefix) == [
            "warning assignable-summary a.md:2:8", "warning assignable-summary b.md:2:8", "warning unknown-key b.md:3:1",
        ])
    }

    @Test func catalogRulesTurnOffAndRaiseForEveryFile() throws {
        let content = try TempContent(Self.files, catalog: Self.catalog("  assignable-summary: off\n  unknown-key: error\n"))
        defer { content.remove() }
        let result = content.load()
        #expect(result.summaries(prefix: content.prefix) == ["error unknown-key b.md:3:1"])
        #expect(result.diagnostics.errorCount == 1 && result.diagnostics.warningCount == 0)
    }

    @Test func frontMatterRulesWinForTheirFileOnly() throws {
        var files = Self.files
        files["a.md"] = "---\ntitle: A\nrules:\n  assignable-summary: error\n---\nText.\n"
        let content = try TempContent(files, catalog: Self.catalog("  assignable-summary: off\n"))
        defer { content.remove() }
        #expect(content.load().summaries(prefix: content.prefix) == [
            "error assignable-summary a.md:2:8", "warning unknown-key b.md:3:1",
        ])
    }

    @Test func aTranslationMaySetItsOwnRules() throws {
        var files = Self.files
        files["b.es-us.md"] = "---\ntitle: Be\ntitel: typo\n---\n"
        let plain = try TempContent(files)
        files["b.es-us.md"] = "---\ntitle: Be\ntitel: typo\nrules:\n  unknown-key: off\n---\n"
        let configured = try TempContent(files)
        defer { plain.remove(); configured.remove() }
        #expect(plain.load().summaries(prefix: plain.prefix).filter { $0.contains("b.es-us.md") }
            == ["warning unknown-key b.es-us.md:3:1"])
        #expect(configured.load().summaries(prefix: configured.prefix).filter { $0.contains("b.es-us.md") } == [])
    }

    @Test func unknownRuleIsAnErrorAtItsKeyWithASuggestion() throws {
        let content = try TempContent(Self.files, catalog: Self.catalog("  asignable-summary: off\n  nothing-like-this: off\n"))
        defer { content.remove() }
        let errors = content.load().diagnostics.sorted.filter { $0.severity == .error }
        #expect(errors.map(\.rule) == ["rule-unknown", "rule-unknown"])
        #expect(errors.map(\.location.line) == [6, 7])
        #expect(errors.map(\.location.column) == [3, 3])
        #expect(errors.map(\.message) == [
            "unknown rule 'asignable-summary' in rules; did you mean 'assignable-summary'? `catalog-build rules` lists every rule",
            "unknown rule 'nothing-like-this' in rules; `catalog-build rules` lists every rule",
        ])
    }

    @Test func wrongValueIsAnErrorAtTheValueWithASuggestion() throws {
        let content = try TempContent(Self.files, catalog: Self.catalog("  unknown-key: warn\n"))
        defer { content.remove() }
        let errors = content.load().diagnostics.sorted.filter { $0.severity == .error }
        #expect(errors.map(\.rule) == ["rule-severity"])
        #expect(errors.first?.location.line == 6 && errors.first?.location.column == 16)
        #expect(errors.first?.message == "rule 'unknown-key' cannot be set to 'warn'; did you mean 'warning'? use error, warning or off")
    }

    @Test(arguments: [("title-required", "off", "turned off", RuleProtection.payload),
                      ("identifier-unsafe", "warning", "lowered to a warning", .safety),
                      ("body-too-large", "off", "turned off", .safety),
                      ("path-outside-content", "warning", "lowered to a warning", .safety)])
    func protectedRuleCannotBeLowered(rule: String, level: String, change: String, protection: RuleProtection) throws {
        let content = try TempContent(Self.files, catalog: Self.catalog("  \(rule): \(level)\n"))
        defer { content.remove() }
        let errors = content.load().diagnostics.sorted.filter { $0.severity == .error }
        #expect(errors.map(\.rule) == ["rule-severity"])
        #expect(errors.first?.location.column == 5 + rule.count)
        #expect(errors.first?.message
            == "rule '\(rule)' cannot be \(change): \(protection.reason); remove it from rules and correct the content")
    }

    @Test func aProtectedRuleMayBeSetToErrorAndAWarningRaised() throws {
        let content = try TempContent(Self.files, catalog: Self.catalog("  title-required: error\n  unknown-key: error\n"))
        defer { content.remove() }
        #expect(!content.load().diagnostics.items.contains { $0.rule == "rule-severity" })
    }

    @Test func rulesThatAreNotAMapAreAValueTypeError() throws {
        let content = try TempContent(Self.files, catalog: TempContent.minimalCatalog + "\nrules: off\n")
        defer { content.remove() }
        let errors = content.load().diagnostics.sorted.filter { $0.severity == .error }
        #expect(errors.map(\.rule) == ["value-type"])
        #expect(errors.first?.message == "rules must be a map of rule ids to error, warning or off (found text), e.g. rules: {raw-html: off}")
    }

    @Test func raisingAWarningMakesTheBuildFailAndWriteNothing() throws {
        let content = try TempContent(Self.files, catalog: Self.catalog("  unknown-key: error\n"))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("site")
        let result = try Build.run(BuildOptions(content: content.root, output: output, cacheDirectory: nil))
        #expect(!result.wrote)
        #expect(result.diagnostics.sorted.map { "\($0.severity) \($0.rule)" } == [
            "warning assignable-summary", "warning assignable-summary", "error unknown-key",
        ])
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func raisingABodyWarningMakesTheBuildFail() throws {
        let files = ["a.md": "---\ntitle: A\nsummary: S.\nrules:\n  unsafe-link: error\n---\nA [link](javascript:alert(1)).\n"]
        let content = try TempContent(files)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let result = try Build.run(BuildOptions(content: content.root, output: scratch.appendingPathComponent("site"),
                                                cacheDirectory: nil))
        let validated = content.load().diagnostics.sorted
        #expect(!result.wrote)
        #expect(result.diagnostics.sorted == validated)
        #expect(validated.allSatisfy { $0.severity == .error } && !validated.isEmpty)
    }

    @Test func everyErrorRuleIsProtectedForAStatedReasonAndEveryWarningIsConfigurable() {
        for rule in Rules.all {
            if rule.severity == .error {
                #expect(Rules.protections[rule.id] != nil, "\(rule.id) is an error without a listed protection")
            } else {
                #expect(rule.protection == nil, "\(rule.id) is a warning: it can always be turned off")
            }
        }
        #expect(Set(Rules.protections.keys).subtracting(Rules.all.map(\.id)) == [], "protections of no rule")
    }

    @Test func applyingSettingsTwiceEqualsOnce() {
        let settings = RuleSettings(catalog: ["unknown-key": .error, "raw-html": .off],
                                    files: [FileRuleLevels(file: "content/a.md", levels: ["unknown-key": .warning])])
        let diagnostics = [
            Diagnostic.warning("unknown-key", at: SourceLocation(file: "content/a.md"), "a"),
            Diagnostic.warning("unknown-key", at: SourceLocation(file: "content/b.md"), "b"),
            Diagnostic.warning("raw-html", at: SourceLocation(file: "content/b.md"), "c"),
            Diagnostic.error("title-required", at: SourceLocation(file: "content/b.md"), "d"),
        ]
        let once = diagnostics.compactMap(settings.apply)
        #expect(once.map(\.severity) == [.warning, .error, .error])
        #expect(once.compactMap(settings.apply) == once)
    }
}
