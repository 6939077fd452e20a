import Catalog
import CatalogRuntime
import Foundation
import Testing

/// CatalogRuntime reads what `catalog-build export --format json` writes: the sample
/// content's export, decoded, holds the export tree's contexts field for field, in order,
/// and the lookups find them as the generated Swift file's do.
@Suite struct ClassKitCatalogTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("content")

    /// The sample's JSON export and the tree it was written from.
    static let result = CatalogExport.run(content: ContentRoot(path: sample.path), cacheDirectory: nil, format: .json)

    private var json: Data {
        get throws { Data(try #require(Self.result.text).utf8) }
    }

    private func catalog() throws -> ClassKitCatalog {
        try ClassKitCatalog(data: json)
    }

    @Test func everyContextOfTheExportInPreOrder() throws {
        let catalog = try catalog()
        let tree = try #require(Self.result.tree)
        #expect(tree.contexts.count > 10)
        #expect(catalog.bundleIdentifier == "com.example.sciencebooks")
        #expect(catalog.defaultLocale == "en-us")
        #expect(catalog.locales == ["en-us", "es-us", "zh-hans", "ja-jp", "ar"])
        #expect(catalog.contexts.map(\.identifierPath) == tree.contexts.map(\.identifierPath))
        for (read, written) in zip(catalog.contexts, tree.contexts) {
            #expect(read.type.rawValue == written.type.rawValue)
            #expect(read.title == written.title && read.summary == written.summary)
            #expect(read.customTypeName == written.customTypeName && read.locales == written.locales)
            #expect(read.topic?.rawValue == written.topic?.rawValue)
            #expect(read.isAssignable == written.isAssignable && read.isAssessment == written.isAssessment)
            #expect(read.suggestedAge.map { [$0.lower, $0.upper] } == written.suggestedAge.map { [$0.lower, $0.upper] })
            #expect(read.suggestedCompletionTime.map { [$0.lower, $0.upper] }
                == written.suggestedCompletionTime.map { [$0.lower, $0.upper] })
            #expect(read.progressReportingCapabilities.map(\.kind.rawValue)
                == written.progressReportingCapabilities.map(\.kind.rawValue))
            #expect(read.progressReportingCapabilities.map(\.details) == written.progressReportingCapabilities.map(\.details))
            #expect(read.displayOrder == written.displayOrder && read.children == written.children)
            #expect(read.thumbnail == written.thumbnail && read.universalLinkURL == written.universalLinkURL)
        }
    }

    @Test func looksUpPathsWithAndWithoutTheBundleIdentifier() throws {
        let catalog = try catalog()
        let quiz = try #require(catalog.contexts.first { $0.type == .quiz })
        #expect(catalog.context(at: quiz.identifierPath) == quiz)
        #expect(catalog.context(at: Array(quiz.identifierPath.dropFirst())) == quiz)
        #expect(catalog.context(at: ["com.example.sciencebooks"]) == catalog.app)
        #expect(catalog.context(at: ["com.example.sciencebooks", "no-such-book"]) == nil)
        #expect(quiz.identifier == quiz.identifierPath.last)
    }

    @Test func childrenAndParentsFollowTheTree() throws {
        let catalog = try catalog()
        for context in catalog.contexts {
            let children = catalog.children(of: context)
            #expect(children.map(\.identifier) == context.children)
            #expect(children.allSatisfy { catalog.parent(of: $0) == context })
            #expect(children.map(\.displayOrder) == children.map(\.displayOrder).sorted())
        }
        #expect(catalog.parent(of: catalog.app) == nil)
        #expect(catalog.app.type == .app && catalog.app.identifierPath == ["com.example.sciencebooks"])
    }

    @Test func preferredLocaleMatchesExactlyThenByLanguage() throws {
        let catalog = try catalog()
        #expect(catalog.preferredLocale(for: ["es-US"]) == "es-us")
        #expect(catalog.preferredLocale(for: ["es_MX"]) == "es-us")
        #expect(catalog.preferredLocale(for: ["ja"]) == "ja-jp")
        #expect(catalog.preferredLocale(for: ["de-DE", "ar-EG"]) == "ar")
        #expect(catalog.preferredLocale(for: ["de-DE"]) == "en-us")
    }

    @Test func textFallsBackToTheDefaultLocale() throws {
        let catalog = try catalog()
        let app = catalog.app
        #expect(app.text(app.title, locale: "ja-jp") == "サイエンスブックス")
        #expect(app.text(app.title, locale: "de") == "Science Books")
        #expect(app.text([:], locale: "en-us") == nil)
    }

    @Test func refusesAnotherSchemaVersion() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        object["schemaVersion"] = 2
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: ClassKitCatalog.LoadError.unsupportedSchemaVersion(2)) { try ClassKitCatalog(data: data) }
        #expect(ClassKitCatalog.LoadError.unsupportedSchemaVersion(2).description
            == "schemaVersion 2 is not supported (this CatalogRuntime reads 1): update the package or export with a matching catalog-build")
    }

    @Test func saysWhatToDoWhenTheFileIsNotBundled() {
        #expect(throws: ClassKitCatalog.LoadError.notBundled(name: "Missing")) {
            try ClassKitCatalog.bundled(named: "Missing", in: .main)
        }
        #expect(ClassKitCatalog.LoadError.notBundled(name: "Missing").description
            == "the app's bundle has no Missing.json: add the file `catalog-build export --format json` writes to the app's target")
    }

    @Test func readsTheFileFromAURL() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString).json")
        try json.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try ClassKitCatalog(contentsOf: url) == catalog())
    }
}
