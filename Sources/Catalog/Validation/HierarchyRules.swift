/// identifier-duplicate: identifiers are unique among siblings; the clash is reported at
/// the second context in display order, naming the first one's file.
enum SiblingIdentifierRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        for parent in [nil] + tree.published.map({ Optional($0.index) }) {
            var seen: [String: LoadedContext] = [:]
            for child in tree.children(of: parent) where !tree.contexts[child].isDraft {
                let context = tree.contexts[child]
                if let first = seen[context.identifier] {
                    bag.error("identifier-duplicate", at: context.identifierLocation,
                              "the identifier '\(context.identifier)' is already used by \(first.source.displayPath); siblings need distinct identifiers, so rename this file or set identifier:")
                } else {
                    seen[context.identifier] = context
                }
            }
        }
    }
}

/// depth-limit: at most 8 levels with the app, so 7 below it.
enum DepthRule: ContentRule {
    static let maximumDepth = 7

    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        for (_, context) in tree.published where context.depth > maximumDepth {
            guard context.parent.map({ tree.contexts[$0].depth <= maximumDepth }) ?? true else { continue }
            bag.error("depth-limit", at: context.source.location(),
                      "this context is \(context.depth + 1) levels deep with the app (\(context.identifierPath.joined(separator: " › "))); Apple allows 8, so move it and its children up")
        }
    }
}

/// children-limit: at most 2000 children per context.
enum ChildrenLimitRule: ContentRule {
    static let limit = 2000

    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        let appCount = tree.rootChildren.count { !tree.contexts[$0].isDraft }
        if appCount > limit {
            bag.error("children-limit", at: tree.config.source.location(),
                      "the app has \(appCount) books, more than Apple's \(limit) children per context; group them")
        }
        for (_, context) in tree.published {
            let count = context.children.count { !tree.contexts[$0].isDraft }
            if count > limit {
                bag.error("children-limit", at: context.source.location(),
                          "this context has \(count) children, more than Apple's \(limit); group them into sections")
            }
        }
    }
}
