import Foundation
import Testing
@testable import Catalog

@Suite struct UploadPlanTests {
    func state(recording items: [ContextItem], thumbnails: [ThumbnailItem] = []) -> UploadState {
        var state = UploadState(environment: "development")
        items.forEach { state.record($0) }
        thumbnails.forEach { state.record($0) }
        return state
    }

    @Test func sortsNewChangedUnchangedAndDeleted() {
        let catalog = TestCatalog.make(sections: 2, leaves: 2, thumbnails: [TestCatalog.thumbnail("a.png", sha: "1")])
        var recorded = state(recording: Array(catalog.contexts.prefix(6)), thumbnails: [TestCatalog.thumbnail("a.png", sha: "0")])
        let changed = TestCatalog.context(catalog.contexts[2].key.identifierPath, catalog.contexts[2].key.locale, title: "old")
        recorded.record(changed)
        let gone = [TestCatalog.context([TestCatalog.bundle, "gone"], "en-us"),
                    TestCatalog.context([TestCatalog.bundle, "gone", "leaf"], "en-us")]
        gone.forEach { recorded.record($0) }
        recorded.record(TestCatalog.thumbnail("old.png"))

        let plan = UploadPlan(catalog: catalog, state: recorded, prune: true)
        #expect(plan.contextChanges[catalog.contexts[2].key] == .replace)
        #expect(plan.contextChanges.values.filter { $0 == .create }.count == catalog.contexts.count - 6)
        #expect(plan.unchangedContexts == 5)
        #expect(plan.contextCount == catalog.contexts.count - 5)
        #expect(plan.thumbnailChanges == ["a.png": .replace])
        #expect(plan.thumbnailUsers.isEmpty)
        #expect(plan.contextDeletes == [gone[1].key, gone[0].key])
        #expect(plan.thumbnailDeletes == ["old.png"])
        #expect(UploadPlan(catalog: catalog, state: recorded, prune: false).contextDeletes.isEmpty)
    }

    @Test func nothingChangedMeansNothingToDo() {
        let catalog = TestCatalog.make(sections: 3, leaves: 3, thumbnails: [TestCatalog.thumbnail("a.png")])
        let plan = UploadPlan(catalog: catalog, state: state(recording: catalog.contexts, thumbnails: catalog.thumbnails), prune: true)
        #expect(plan.isEmpty)
        #expect(plan.unchangedContexts == catalog.contexts.count)
        #expect(plan.report(environment: .production, pruneCommand: "unused").hasSuffix("\nNothing to do: the production environment is up to date."))
    }

    /// A book deleted from the content: the plan without --prune lists what stays at
    /// Apple, counts it, gives the command that deletes it, and never says up to date.
    @Test func aPlanWithoutPruneNamesWhatTheContentLostAndHowToDeleteIt() {
        let catalog = TestCatalog.make(sections: 1, leaves: 0, locales: ["en-us"])
        var recorded = state(recording: catalog.contexts)
        let gone = [TestCatalog.context([TestCatalog.bundle, "book"], "en-us"), TestCatalog.context([TestCatalog.bundle, "book", "ch"], "en-us")]
        gone.forEach { recorded.record($0) }
        recorded.record(TestCatalog.thumbnail("old.png"))
        let plan = UploadPlan(catalog: catalog, state: recorded, prune: false)
        #expect(plan.isEmpty)
        #expect(plan.report(environment: .development, pruneCommand: "catalog-build upload --environment development --prune") == """
            Upload plan for the development environment:
              create:    0 (0 contexts, 0 thumbnails)
              replace:   0 (0 contexts, 0 thumbnails)
              delete:    0 (0 contexts, 0 thumbnails)
              unchanged: 2 contexts, 0 thumbnails
              left:      3 (2 contexts, 1 thumbnails) no longer in the content but still at Apple: not deleted without --prune
              requests:  0 context requests, 0 thumbnail uploads, 0 deletes
            left context ["com.example.sciencebooks","book","ch"] (en-us)
            left context ["com.example.sciencebooks","book"] (en-us)
            left thumbnail old.png
            Not up to date: 2 contexts and 1 thumbnail that the content no longer has are still in the development environment, where teachers can still find and assign the contexts. To delete them (leaf first, in every locale), run:
              catalog-build upload --environment development --prune
            """)
        let pruning = UploadPlan(catalog: catalog, state: recorded, prune: true)
        #expect(pruning.leftoverNotice(environment: .development, pruneCommand: "x") == nil)
        #expect(pruning.report(environment: .development, pruneCommand: "x").hasSuffix("""
            delete context ["com.example.sciencebooks","book","ch"] (en-us)
            delete context ["com.example.sciencebooks","book"] (en-us)
            delete thumbnail old.png
            """))
        let one = UploadPlan(catalog: catalog, state: state(recording: catalog.contexts + [gone[0]]), prune: false)
        #expect(one.leftoverNotice(environment: .production, pruneCommand: "x") == """
            Not up to date: 1 context that the content no longer has is still in the production environment, \
            where teachers can still find and assign the context. To delete it (leaf first, in every locale), run:
              x
            """)
    }

    @Test func deletesGoLeafFirstForEveryLocale() {
        let old = TestCatalog.make(sections: 2, leaves: 3)
        let plan = UploadPlan(catalog: TestCatalog.make(sections: 0, leaves: 0), state: state(recording: old.contexts), prune: true)
        #expect(plan.contextDeletes.count == old.contexts.count - 2)
        #expect(Set(plan.contextDeletes.map(\.locale)) == ["en-us", "es-us"])
        for (index, key) in plan.contextDeletes.enumerated() {
            let later = plan.contextDeletes[(index + 1)...]
            #expect(!later.contains { $0.parent == key }, "a child of \(key) is deleted after it")
        }
    }

    @Test(arguments: [(1, 0), (3, 120), (5, 90), (2, 199)])
    func batchesHoldAtMost200ParentsFirstAndEveryContextOnce(sections: Int, leaves: Int) {
        let catalog = TestCatalog.make(sections: sections, leaves: leaves)
        // Half the leaves already uploaded: the rest must still batch correctly.
        let uploaded = catalog.contexts.enumerated().filter { $0.offset % 2 == 1 && $0.element.key.identifierPath.count == 3 }.map(\.element)
        let recorded = state(recording: uploaded)
        let plan = UploadPlan(catalog: catalog, state: recorded, prune: false)
        #expect(plan.contextBatches.allSatisfy { !$0.isEmpty && $0.count <= UploadPlan.maxBatch })
        let sent = plan.contextBatches.flatMap { $0 }
        #expect(sent.map(\.key) == catalog.contexts.filter { recorded.hash(of: $0.key) == nil }.map(\.key))
        var existing = Set(uploaded.map(\.key))
        for item in sent {
            if let parent = item.key.parent { #expect(existing.contains(parent), "\(item.key) before its parent") }
            existing.insert(item.key)
        }
    }

    @Test func loadsTheFixtureCatalog() throws {
        let catalog = try ManifestLoader.load(outputDirectory: TestCatalog.fixture)
        #expect(catalog.bundleIdentifier == "com.example.sciencebooks")
        #expect(catalog.contexts.count == 14)
        #expect(catalog.contexts.first?.key == ContextKey(identifierPath: ["com.example.sciencebooks"], locale: "en-us"))
        #expect(catalog.thumbnails.map(\.thumbnailId) == ["805924e65dff89cc.png", "bd3415deb39fbbc1.png"])
        #expect(catalog.thumbnails.allSatisfy { $0.sha256.hasPrefix($0.thumbnailId.prefix(16)) })
        #expect(Set(catalog.contexts.compactMap(\.thumbnailId)) == Set(catalog.thumbnails.map(\.thumbnailId)))
        #expect(throws: UploadError.self) { try ManifestLoader.load(outputDirectory: TestCatalog.fixture.appendingPathComponent("none")) }
    }

    @Test func rejectsACatalogWithAChildBeforeItsParentOrAVersionTwice() throws {
        let file = URL(fileURLWithPath: "/x/contexts-0001.json")
        func load(_ paths: [[String]]) throws -> [ContextItem] {
            let entries = paths.map { JSON.fields(["data": .fields(["identifierPath": .strings($0)]), "metadata": .fields(["locale": .string("en-us")])]) }
            return try ManifestLoader.contextItems(in: .fields(["contexts": .array(entries)]), file: file)
        }
        let ordered = try load([["a"], ["a", "b"], ["a", "b", "c"]])
        #expect(ordered.map(\.key.identifierPath.count) == [1, 2, 3])
        #expect(ordered[1].body == #"{"data":{"identifierPath":["a","b"]},"metadata":{"locale":"en-us"}}"#)
        #expect(throws: UploadError.self) { try ManifestLoader.checkOrder(load([["a"], ["a", "b", "c"], ["a", "b"]]), file: file) }
        #expect(throws: UploadError.self) { try ManifestLoader.checkOrder(load([["a"], ["a"]]), file: file) }
        try ManifestLoader.checkOrder(ordered, file: file)
    }
}
