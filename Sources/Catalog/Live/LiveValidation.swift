/// The validation rules as a long-lived build (`serve`) keeps their diagnostics: one list
/// per rule of `Validator.rules`, which joined are what `Validator.validate` appends. When
/// one context's fields change (`FieldEdit`), each rule's list is patched for that context
/// alone, which is only right because of what each rule reads:
///
/// - `.context` rules report on each published context from its own fields and
///   translations, its type's default (directory, parent or not) and its children's
///   drafts, in pre-order: a context's diagnostics are together, after its predecessors',
///   and located in its own files. Before the contexts some report on `catalog.yml` and
///   the home page. Run over the changed context alone (`ContentTree.validationScope`),
///   they give its new diagnostics.
/// - `.structure` rules read only identifiers, identifier paths and their locations,
///   drafts, parents and children, and sources, which a `FieldEdit` keeps equal: their
///   lists stay as they were.
///
/// A rule missing from this table (a new one) makes every `FieldEdit` a whole build.
enum LiveValidation {
    enum Reach { case context, structure }

    static let reach: [ObjectIdentifier: Reach] = [
        ObjectIdentifier(TitleRule.self): .context,
        ObjectIdentifier(TextLengthRule.self): .context,
        ObjectIdentifier(IdentifierRule.self): .context,
        ObjectIdentifier(IdentifierSafetyRule.self): .context,
        ObjectIdentifier(ContextTypeRule.self): .context,
        ObjectIdentifier(CustomTypeNameRule.self): .context,
        ObjectIdentifier(SiblingIdentifierRule.self): .structure,
        ObjectIdentifier(DepthRule.self): .structure,
        ObjectIdentifier(ChildrenLimitRule.self): .structure,
        ObjectIdentifier(TranslationProgressRule.self): .context,
        ObjectIdentifier(MissingTranslationRule.self): .context,
        ObjectIdentifier(ThumbnailPathRule.self): .context,
        ObjectIdentifier(ContainerAssignableRule.self): .context,
        ObjectIdentifier(AssignableSummaryRule.self): .context,
        ObjectIdentifier(ProgressDetailsRule.self): .context,
        ObjectIdentifier(TitleUntranslatedRule.self): .context,
        ObjectIdentifier(AssessmentRule.self): .context,
    ]

    /// Every rule's diagnostics over the whole tree, one list per rule.
    static func run(_ tree: ContentTree) -> [[Diagnostic]] {
        Validator.rules.map { Validator.diagnostics(of: $0, tree) }
    }

    /// Each `.context` rule's diagnostics of context `index` alone (those of `catalog.yml`
    /// and the home page left out), before its fields change; nil when a rule is not in
    /// `reach` or its run cannot be told apart.
    static func own(_ tree: ContentTree, context index: Int) -> [[Diagnostic]?]? {
        var lists: [[Diagnostic]?] = []
        for rule in Validator.rules {
            guard let reach = reach[ObjectIdentifier(rule)] else { return nil }
            guard reach == .context else { lists.append(nil); continue }
            guard let own = own(scoped(rule, tree, [index]), global: scoped(rule, tree, [])) else { return nil }
            lists.append(own)
        }
        return lists
    }

    /// The lists after context `index` changed (`new` is the same tree but for that
    /// context's fields and translations; `before` what `own` gave before the change); nil
    /// when a list cannot be patched with certainty (then the caller validates everything).
    /// - Parameter owner: the tree index of the context a file belongs to (its defining
    ///   file or a translation), -1 for `catalog.yml` and the home page, nil otherwise.
    static func patch(_ lists: [[Diagnostic]], before: [[Diagnostic]?], new: ContentTree, context index: Int,
                      owner: (String) -> Int?) -> [[Diagnostic]]? {
        guard lists.count == Validator.rules.count, before.count == lists.count else { return nil }
        var patched = lists
        for (number, rule) in Validator.rules.enumerated() {
            guard let old = before[number] else { continue }
            guard let after = own(scoped(rule, new, [index]), global: scoped(rule, new, [])),
                  after.allSatisfy({ owner($0.location.file) == index }),
                  let list = splice(lists[number], context: index, old: old, new: after, owner: owner)
            else { return nil }
            patched[number] = list
        }
        return patched
    }

    private static func scoped(_ rule: any ContentRule.Type, _ tree: ContentTree, _ scope: [Int]) -> [Diagnostic] {
        var tree = tree
        tree.validationScope = scope
        return Validator.diagnostics(of: rule, tree)
    }

    /// A scoped run's diagnostics without those of `catalog.yml` and the home page, which
    /// come first and equal a run over no context.
    private static func own(_ diagnostics: [Diagnostic], global: [Diagnostic]) -> [Diagnostic]? {
        diagnostics.starts(with: global) ? Array(diagnostics.dropFirst(global.count)) : nil
    }

    /// `list` with the run of `context`'s diagnostics, which must equal `old`, replaced by
    /// `new`; the run is found by the owners of the diagnostics' files, which ascend.
    static func splice(_ list: [Diagnostic], context: Int, old: [Diagnostic], new: [Diagnostic],
                       owner: (String) -> Int?) -> [Diagnostic]? {
        guard let lower = firstIndex(in: list, owner: owner, where: { $0 >= context }),
              let upper = firstIndex(in: list, owner: owner, where: { $0 > context }),
              list[lower..<upper].elementsEqual(old) else { return nil }
        if old.isEmpty && new.isEmpty { return list }
        return Array(list[..<lower]) + new + Array(list[upper...])
    }

    /// The first position whose owner satisfies `test` (owners ascend); nil when a file
    /// looked at has no owner.
    private static func firstIndex(in list: [Diagnostic], owner: (String) -> Int?, where test: (Int) -> Bool) -> Int? {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            guard let value = owner(list[middle].location.file) else { return nil }
            if test(value) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
