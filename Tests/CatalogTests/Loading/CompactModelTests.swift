import Testing
@testable import Catalog

/// The model's compact forms (issue #19's memory): each must read exactly as the plain
/// form it replaced.
@Suite struct CompactModelTests {
    private let en = LocaleID(rawValue: "en-us"), es = LocaleID(rawValue: "es-us"), fr = LocaleID(rawValue: "fr-fr")

    /// Random insertions, replacements and removals give what a dictionary gives, in the
    /// order of first insertion.
    @Test func localeVersionsReadAsTheDictionaryTheyReplaced() {
        let locales = [en, es, fr, LocaleID(rawValue: "ja-jp")]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var versions = LocaleVersions(), dictionary: [LocaleID: ContextVersion] = [:], order: [LocaleID] = []
            for step in 0..<12 {
                let locale = locales.randomElement(using: &generator)!
                let value = Bool.random(using: &generator) ? nil : ContextVersion(locale: locale, title: "t\(step)")
                versions[locale] = value
                dictionary[locale] = value
                order.removeAll { $0 == locale }
                if value != nil { order.append(locale) }
            }
            #expect(versions.count == dictionary.count && versions.isEmpty == dictionary.isEmpty)
            for locale in locales {
                #expect(versions[locale] == dictionary[locale])
                #expect(versions.index(forKey: locale).map { versions.values[$0] } == dictionary[locale])
            }
            #expect(Set(versions.keys) == Set(dictionary.keys))
            #expect(versions.map(\.key).sorted() == order.sorted())
        }
    }

    @Test func aLiteralKeepsItsOrderAndADictionaryIsSortedByLocale() {
        let literal: LocaleVersions = [fr: ContextVersion(locale: fr, title: "F"), en: ContextVersion(locale: en, title: "E")]
        #expect(literal.keys == [fr, en])
        #expect(literal.values.map(\.title) == ["F", "E"])
        let fromDictionary = LocaleVersions([fr: ContextVersion(locale: fr, title: "F"), en: ContextVersion(locale: en, title: "E")])
        #expect(fromDictionary.keys == [en, fr])
        #expect(fromDictionary[fr]?.title == "F" && fromDictionary[es] == nil)
    }

    /// A loaded model lists each context's versions in the catalog's locale order.
    @Test func loadedVersionsFollowTheCatalogsLocales() throws {
        let content = try TempContent([
            "b/index.md": "---\ntitle: Book\n---\n",
            "b/q.md": "---\ntitle: Q\n---\n",
            "b/q.es-us.md": "---\ntitle: P\n---\n",
        ], catalog: "bundleIdentifier: com.example.test\ntitle: T\ndefaultLocale: en-us\nlocales: [fr-fr, en-us, es-us]\n")
        defer { content.remove() }
        let model = try #require(content.load().model)
        for node in model.contexts { #expect(node.versions.keys == [fr, en, es]) }
        #expect(model.contexts[1].versions.values.map(\.title) == ["Q", "Q", "P"])
        var grown = LocaleVersions(capacity: 3)
        for locale in [fr, en, es] { grown[locale] = ContextVersion(locale: locale, title: "") }
        #expect(grown.keys == [fr, en, es])
    }

    /// A file's display path is its root's prefix and its relative path, whichever way
    /// the file was made, and two spellings of one file are equal.
    @Test func displayPathsAreThePrefixAndTheRelativePath() {
        let root = ContentRoot(path: "content", currentDirectory: "/work/site")
        let file = root.file("book/été.md")
        #expect(file.displayPath == "content/book/été.md" && file.relativePath == "book/été.md")
        #expect(file == SourceFile(relativePath: "book/été.md", displayPath: "content/book/été.md"))
        #expect(file.location(line: 3, column: 2) == SourceLocation(file: "content/book/été.md", line: 3, column: 2))
        let elsewhere = SourceFile(relativePath: "catalog.yml", displayPath: "/somewhere/else.yml")
        #expect(elsewhere.displayPath == "/somewhere/else.yml" && elsewhere.relativePath == "catalog.yml")
        #expect(SourceFile(relativePath: "", displayPath: "x").displayPath == "x")
        #expect(elsewhere != SourceFile(relativePath: "catalog.yml", displayPath: "/somewhere/catalog.yml"))
    }

    /// Translations that report progress as the original does share its array: one buffer
    /// for every locale, not one each.
    @Test func translationsShareTheOriginalsProgressArray() throws {
        let content = try TempContent([
            "b/index.md": "---\ntitle: Book\n---\n",
            "b/q.md": "---\ntitle: Q\nprogressReporting:\n  - kind: score\n    details: Points.\n---\n",
            "b/q.es-us.md": "---\ntitle: P\n---\n",
        ])
        defer { content.remove() }
        let model = try #require(content.load().model)
        let versions = model.contexts[1].versions
        let english = try #require(versions[en]), spanish = try #require(versions[es])
        #expect(english.progressReporting == [ProgressCapability(kind: .score, details: "Points.")])
        #expect(spanish.progressReporting == english.progressReporting)
        let buffers = [english, spanish].map { $0.progressReporting.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(buffers[0] == buffers[1])
    }
}
