/// link-broken, raw-html and unsafe-link: every body (of a context, its translations and
/// the home page) is checked once, per file, by the renderer's `BodyChecker`, so that
/// `validate` reports what the site would have to drop or could not link.
enum BodyRule: ContentRule {
    static func check(_ tree: ContentTree, into bag: inout DiagnosticBag) {
        var bodies = [tree.home?.body].compactMap { $0 } + tree.homeTranslations.values.compactMap(\.body)
        for (_, context) in tree.published {
            bodies += [context.fields.body].compactMap { $0 } + context.translations.values.compactMap(\.body)
        }
        var seen = Set<String>()
        for body in bodies where seen.insert(body.source.relativePath).inserted {
            bag.append(contentsOf: BodyChecker.check(body, contentRoot: tree.root.url))
        }
    }
}
