/// A check over the loaded content. Each rule lives in its own file and reports every
/// problem it finds; none stops at the first.
protocol ContentRule: Sendable {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag)
}

/// Validation: runs every rule over the loaded content. Drafts are not checked beyond
/// what reading them reports, so that an unfinished draft never blocks a build.
enum Validator {
    static let rules: [any ContentRule.Type] = [
        TitleRule.self, TextLengthRule.self, IdentifierRule.self, IdentifierSafetyRule.self, ContextTypeRule.self, CustomTypeNameRule.self,
        SiblingIdentifierRule.self, DepthRule.self, ChildrenLimitRule.self, TranslationProgressRule.self,
        MissingTranslationRule.self, ThumbnailPathRule.self, ContainerAssignableRule.self,
        AssignableSummaryRule.self, ProgressDetailsRule.self, TitleUntranslatedRule.self, AssessmentRule.self,
    ]

    static func validate(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        for rule in rules { rule.check(tree, into: &bag) }
    }

    /// One rule's diagnostics (rules are independent: `TreeStages` runs them side by side).
    static func diagnostics(of rule: any ContentRule.Type, _ tree: ContentTree) -> [Diagnostic] {
        var bag = DiagnosticBag()
        rule.check(tree, into: &bag)
        return bag.items
    }
}

extension ContentTree {
    /// The contexts that are published (not drafts), with their indices: every context,
    /// or only those of `validationScope` when it is set (a live edit's). Lazily: every
    /// rule walks it, and building two arrays of every context for each walk showed in
    /// profiles.
    var published: some Sequence<(index: Int, context: LoadedContext)> {
        let ranges = validationScope.map { $0.map { $0..<($0 + 1) } } ?? [contexts.indices]
        return ranges.lazy.joined().filter { !contexts[$0].isDraft }.map { (index: $0, context: contexts[$0]) }
    }
}

extension String {
    /// Length as Apple's frameworks count it: UTF-16 code units.
    var appleLength: Int { utf16.count }

    /// True when the first character is visible ASCII (`!` to `~`), which no whitespace
    /// set holds: a blank check can skip `trimmingCharacters`, which bridges to NSString.
    var startsWithVisibleASCII: Bool {
        guard let first = utf8.first else { return false }
        return (0x21...0x7E).contains(first)
    }
}
