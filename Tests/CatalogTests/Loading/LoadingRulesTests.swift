import Testing
@testable import Catalog

/// One test per loading rule of content-format.md §1–§5.
@Suite struct LoadingRulesTests {
    private func model(_ files: [String: String], catalog: String = TempContent.minimalCatalog) throws -> (CatalogModel, [String]) {
        let content = try TempContent(files, catalog: catalog)
        defer { content.remove() }
        let result = content.load()
        return (try #require(result.model), result.summaries(prefix: content.prefix))
    }

    private func node(_ model: CatalogModel, _ path: String...) throws -> ContextNode {
        try #require(model.contexts.first { Array($0.pathBelowApp) == path })
    }

    @Test func directoriesAndFilesAreContexts() throws {
        let (model, diagnostics) = try model([
            "book/index.md": "---\ntitle: Book\n---\n",
            "book/ch/index.md": "---\ntitle: Chapter\n---\n",
            "book/ch/leaf.md": "---\ntitle: Leaf\nsummary: S\n---\nBody\n",
        ])
        #expect(diagnostics.isEmpty)
        #expect(model.contexts.map(\.identifierPath) == [
            ["com.example.test", "book"], ["com.example.test", "book", "ch"], ["com.example.test", "book", "ch", "leaf"],
        ])
        #expect(try node(model, "book").type == .book)
        #expect(try node(model, "book", "ch").type == .chapter)
        #expect(try node(model, "book", "ch", "leaf").type == .section)
        #expect(try node(model, "book").isAssignable == false)
        #expect(try node(model, "book", "ch", "leaf").isAssignable == true)
        #expect(model.contexts[0].children == [1] && model.contexts[1].parent == 0)
    }

    @Test func hiddenAndUnderscoreNamesAreNotContexts() throws {
        let (model, _) = try model([
            "book/index.md": "---\ntitle: Book\n---\n",
            "book/_notes.md": "---\ntitle: Not a context\n---\n",
            "_media/x.md": "---\ntitle: No\n---\n",
            ".hidden/index.md": "---\ntitle: No\n---\n",
            "book/readme.txt": "not markdown",
        ])
        #expect(model.contexts.map(\.identifier) == ["book"])
    }

    @Test func orderingPrefixSetsDisplayOrderAndIsNotPartOfIdentifier() throws {
        let (model, _) = try model([
            "b/index.md": "---\ntitle: B\n---\n",
            "b/02-second.md": "---\ntitle: Second\nsummary: s\n---\n",
            "b/10-tenth.md": "---\ntitle: Tenth\nsummary: s\n---\n",
            "b/1_first.md": "---\ntitle: First\nsummary: s\n---\n",
            "b/zeta.md": "---\ntitle: Zeta\nsummary: s\n---\n",
            "b/alpha.md": "---\ntitle: Alpha\nsummary: s\ndisplayOrder: 5\n---\n",
        ])
        let book = try node(model, "b")
        #expect(book.children.map { model.contexts[$0].identifier } == ["zeta", "first", "second", "alpha", "tenth"])
        #expect(book.children.map { model.contexts[$0].displayOrder } == [0, 1, 2, 5, 10])
    }

    @Test func identifierOverrideAndDefault() throws {
        let (model, _) = try model([
            "b/index.md": "---\ntitle: B\nidentifier: the-book\n---\n",
            "b/01-quiz.md": "---\ntitle: Q\nsummary: s\n---\n",
        ])
        #expect(model.contexts.map(\.identifierPath) == [["com.example.test", "the-book"], ["com.example.test", "the-book", "quiz"]])
    }

    @Test func translationsByFileName() throws {
        let (model, diagnostics) = try model([
            "b/index.md": "---\ntitle: Book\n---\n",
            "b/index.es-US.md": "---\ntitle: Libro\n---\n",
            "b/quiz.md": "---\ntitle: Quiz\nsummary: Sum\n---\nHello\n",
            "b/quiz.es_us.md": "---\ntitle: Examen\n---\nHola\n",
        ])
        #expect(diagnostics.isEmpty)
        let quiz = try node(model, "b", "quiz")
        let es = try #require(quiz.versions[LocaleID(rawValue: "es-us")])
        #expect(es.title == "Examen")
        #expect(es.summary == "Sum")
        #expect(es.body?.text == "Hola\n")
        #expect(!es.isFallback)
        #expect(try node(model, "b").versions[LocaleID(rawValue: "es-us")]?.title == "Libro")
    }

    @Test func dottedNameThatIsNotAListedLocaleIsPartOfTheName() throws {
        let (model, diagnostics) = try model([
            "b/index.md": "---\ntitle: B\n---\n",
            "b/intro.old.md": "---\ntitle: Old\nsummary: s\n---\n",
            "b/intro.fr.md": "---\ntitle: Fr\nsummary: s\n---\n",
        ])
        #expect(Set(model.contexts.map(\.identifier)) == ["b", "intro.old", "intro.fr"])
        #expect(diagnostics == ["warning locale-not-listed b/intro.fr.md:1:1"])
    }

    @Test func translationProblems() throws {
        let (_, diagnostics) = try model([
            "b/index.md": "---\ntitle: B\n---\n",
            "b/gone.es-us.md": "---\ntitle: Nada\n---\n",
            "b/quiz.md": "---\ntitle: Q\nsummary: s\n---\n",
            "b/quiz.en-us.md": "---\ntitle: Q\n---\n",
            "b/quiz.es-us.md": "---\ntitle: E\nsuggestedAge: 9-11\n---\n",
        ])
        #expect(diagnostics == [
            "error translation-orphan b/gone.es-us.md:1:1",
            "error translation-default-locale b/quiz.en-us.md:1:1",
            "error translation-field b/quiz.es-us.md:3:1",
        ])
    }

    @Test func localeMapsAndPrecedence() throws {
        let (model, _) = try model([
            "b/index.md": "---\ntitle:\n  en-us: Book\n  es-us: Libro\nsummary:\n  en-us: S\n  es-us: Resumen\n---\n",
            "b/index.es-us.md": "---\nsummary: Resumen propio\n---\n",
        ])
        let es = try #require(try node(model, "b").versions[LocaleID(rawValue: "es-us")])
        #expect(es.title == "Libro")
        #expect(es.summary == "Resumen propio")
    }

    @Test func everyFrontMatterKey() throws {
        let (model, diagnostics) = try model([
            "b/index.md": "---\ntitle: B\ntopic: math\nminimumBundleVersion: \"3.0\"\n---\n",
            "b/cover.jpg": "not read here",
            "b/q.md": """
                ---
                title: Q
                type: custom
                customTypeName: Lab Notebook
                summary: S
                suggestedAge: 9+
                suggestedCompletionTime: 1-2 h
                assignable: false
                displayOrder: 7
                thumbnail: ../b/cover.jpg
                thumbnailFit: contain
                progressReporting:
                  - kind: score
                    details: The score.
                  - kind: duration
                    details: Time spent.
                keywords: [a, b]
                standardsAlignments: [NGSS 4-PS3-2]
                universalLinkURL: https://example.com/q
                ---
                """,
        ])
        #expect(diagnostics.isEmpty)
        let q = try node(model, "b", "q")
        #expect(q.type == .custom)
        #expect(q.versions[LocaleID(rawValue: "en-us")]?.customTypeName == "Lab Notebook")
        #expect(q.suggestedAge == ClosedIntRange(lower: 9, upper: ClosedIntRange.unboundedUpper))
        #expect(q.suggestedCompletionTime == ClosedIntRange(lower: 60, upper: 120))
        #expect(!q.isAssignable && q.displayOrder == 7)
        #expect(q.thumbnail?.relativePath == "b/cover.jpg" && q.thumbnail?.fit == .contain)
        #expect(q.versions[LocaleID(rawValue: "en-us")]?.progressReporting.map(\.kind) == [.score, .duration])
        #expect(q.versions[LocaleID(rawValue: "en-us")]?.keywords == ["a", "b"])
        #expect(q.standardsAlignments == ["NGSS 4-PS3-2"])
        #expect(q.universalLinkURL == "https://example.com/q")
        #expect(q.topic == .math && q.minimumBundleVersion == "3.0")
        #expect(try node(model, "b").thumbnail?.relativePath == "b/cover.jpg")
    }

    @Test func inheritanceOfTopicAndBundleVersion() throws {
        let catalog = TempContent.minimalCatalog + "\ntopic: science\nminimumBundleVersion: \"2.1\""
        let (model, _) = try model([
            "a/index.md": "---\ntitle: A\n---\n",
            "a/x.md": "---\ntitle: X\nsummary: s\n---\n",
            "m/index.md": "---\ntitle: M\ntopic: math\nminimumBundleVersion: \"4\"\n---\n",
            "m/y.md": "---\ntitle: Y\nsummary: s\n---\n",
        ], catalog: catalog)
        #expect(try node(model, "a", "x").topic == .science)
        #expect(try node(model, "a", "x").minimumBundleVersion == "2.1")
        #expect(try node(model, "m", "y").topic == .math)
        #expect(try node(model, "m", "y").minimumBundleVersion == "4")
        #expect(model.app.topic == .science)
    }

    @Test func draftsAndTheirDescendantsAreLeftOut() throws {
        let (model, _) = try model([
            "a/index.md": "---\ntitle: A\ndraft: true\n---\n",
            "a/x.md": "---\ntitle: X\n---\n",
            "b/index.md": "---\ntitle: B\n---\n",
            "b/y.md": "---\ntitle: Y\nsummary: s\ndraft: true\n---\n",
        ])
        #expect(model.contexts.map(\.identifier) == ["b"])
        #expect(model.rootChildren == [0] && model.contexts[0].children.isEmpty)
    }

    @Test func universalLinksFromBase() throws {
        let catalog = TempContent.minimalCatalog + "\nuniversalLinkBase: https://x.example/c"
        let (model, _) = try model(["Fun Book/index.md": "---\ntitle: B\n---\n"], catalog: catalog)
        #expect(model.contexts[0].universalLinkURL == "https://x.example/c/Fun%20Book")
        #expect(model.app.universalLinkURL == "https://x.example/c")
    }

    @Test(arguments: [MissingTranslationPolicy.fallback, .omit, .error])
    func missingTranslationPolicies(policy: MissingTranslationPolicy) throws {
        let catalog = TempContent.minimalCatalog + "\nmissingTranslation: \(policy.rawValue)"
        let content = try TempContent([
            "b/index.md": "---\ntitle: B\n---\n",
            "b/index.es-us.md": "---\ntitle: L\n---\n",
            "b/q.md": "---\ntitle: Q\nsummary: s\n---\n",
        ], catalog: catalog)
        defer { content.remove() }
        let result = content.load()
        let model = try #require(result.model)
        let es = LocaleID(rawValue: "es-us")
        switch policy {
        case .fallback:
            #expect(model.contexts[1].versions[es]?.isFallback == true)
            #expect(model.contexts[1].versions[es]?.title == "Q")
        case .omit:
            #expect(model.contexts[1].versions[es] == nil)
            #expect(model.contexts[0].versions[es]?.title == "L")
        case .error:
            #expect(result.summaries(prefix: content.prefix) == ["error missing-translation b/q.md:1:1"])
        }
    }

    @Test func omitRequiresEveryAncestorToHaveTheLocale() throws {
        let catalog = TempContent.minimalCatalog + "\nmissingTranslation: omit"
        let (model, _) = try model([
            "b/index.md": "---\ntitle: B\n---\n",
            "b/q.md": "---\ntitle: Q\nsummary: s\n---\n",
            "b/q.es-us.md": "---\ntitle: E\n---\n",
        ], catalog: catalog)
        #expect(model.contexts[1].versions.keys.map(\.rawValue) == ["en-us"])
    }

    @Test func homePageSetsOnlySummary() throws {
        let content = try TempContent([
            "index.md": "---\nsummary: Welcome\ntitle: No\n---\nHome body\n",
            "index.es-us.md": "---\nsummary: Bienvenida\n---\nInicio\n",
        ])
        defer { content.remove() }
        let result = content.load()
        #expect(result.summaries(prefix: content.prefix) == ["error home-front-matter index.md:3:1"])
        let app = try #require(result.model?.app)
        #expect(app.summary[LocaleID(rawValue: "en-us")] == "Welcome")
        #expect(app.summary[LocaleID(rawValue: "es-us")] == "Bienvenida")
        #expect(app.body[LocaleID(rawValue: "es-us")]?.text == "Inicio\n")
    }

    @Test func catalogLocalesAreNormalized() throws {
        let catalog = "bundleIdentifier: com.x\ntitle: {en_US: X, ES-us: Y}\ndefaultLocale: en_US\nlocales: [en_US, ES-us]"
        let (model, diagnostics) = try model(["a/index.md": "---\ntitle: A\n---\n"], catalog: catalog)
        #expect(diagnostics.isEmpty)
        #expect(model.app.locales.map(\.rawValue) == ["en-us", "es-us"])
        #expect(model.app.title[LocaleID(rawValue: "es-us")] == "Y")
    }

    @Test func positionsOfYAMLValues() throws {
        let (_, diagnostics) = try model([
            "b/index.md": "---\ntitle: B\n---\n",
            "b/q.md": "---\ntitle: Q\nsummary: s\nsuggestedAge: 11-9\ntopic:   Maths\nsumary: x\n---\n",
        ])
        #expect(diagnostics == [
            "error age-range b/q.md:4:15",
            "error topic b/q.md:5:10",
            "warning unknown-key b/q.md:6:1",
        ])
    }

    @Test func fileWithoutFrontMatterNeedsATitle() throws {
        let (_, diagnostics) = try model(["b/index.md": "---\ntitle: B\n---\n", "b/plain.md": "Just text\n"])
        #expect(diagnostics == ["warning assignable-summary b/plain.md:1:1", "error title-required b/plain.md:1:1"])
    }
}
