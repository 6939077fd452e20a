import Foundation
import Testing
@testable import Catalog

@Suite struct UploaderTests {
    func uploader(_ transport: ScriptedTransport, state file: URL) async throws -> Uploader {
        let api = try await UploadClientTests().api(transport)
        return Uploader(api: api, store: StateStore(file: file), progress: { _ in })
    }

    @Test func sendsContextsThenThumbnailsThenDeletesLeafFirstAndRecordsEach() async throws {
        let directory = try TestCatalog.temporaryDirectory()
        let image = directory.appendingPathComponent("t.png")
        try Data([1, 2, 3]).write(to: image)
        let sha = Digest.hex(Data([1, 2, 3]))
        let thumbnail = ThumbnailItem(thumbnailId: "t.png", file: image, contentType: "image/png", sha256: sha)
        let contexts = [TestCatalog.context(["b"], "en-us"), TestCatalog.context(["b", "c"], "en-us", thumbnail: "t.png")]
        var old = UploadState(environment: "development")
        let gone = [TestCatalog.context(["b", "x"], "en-us"), TestCatalog.context(["b", "x", "y"], "en-us")]
        gone.forEach { old.record($0) }
        old.record(TestCatalog.thumbnail("old.png"))
        let plan = UploadPlan(catalog: UploadCatalog(bundleIdentifier: "b", contexts: contexts, thumbnails: [thumbnail]),
                              state: old, prune: true, maxBatch: 1)
        let transport = ScriptedTransport([201, 201, 201, 204, 204, 404].map { .answer(HTTPResponse(status: $0)) })
        let file = directory.appendingPathComponent("state.json")
        let summary = try await uploader(transport, state: file).run(plan, state: old)
        #expect(summary.completed && summary.failed == 0)
        #expect(summary.contextsSent == 2 && summary.thumbnailsSent == 1)
        #expect(summary.contextsDeleted == 2 && summary.thumbnailsDeleted == 1)
        let requests = await transport.requests
        #expect(requests.map { "\($0.method) \($0.url.path)" } == [
            "POST /v1/contexts", "POST /v1/contexts", "POST /v1/thumbnails",
            "DELETE /v1/contexts", "DELETE /v1/contexts", "DELETE /v1/thumbnails",
        ])
        #expect(requests[0].body.map { String(decoding: $0, as: UTF8.self) } == "{\"contexts\":[\(contexts[0].body)]}")
        #expect(requests[3].url.query?.contains(QueryEncoding.identifierPath(["b", "x", "y"])) == true)
        #expect(requests[5].url.query == "thumbnailId=old.png&environment=development")
        let saved = try StateStore(file: file).load(environment: "development")
        #expect(Set(saved.contexts.keys) == Set(contexts.map(\.key)))
        #expect(saved.thumbnails == ["t.png": sha])
    }

    @Test func stopsAtTheFirstRefusalKeepingWhatWasConfirmed() async throws {
        let directory = try TestCatalog.temporaryDirectory()
        let catalog = TestCatalog.make(sections: 1, leaves: 3)
        let plan = UploadPlan(catalog: catalog, state: UploadState(environment: "development"), prune: false, maxBatch: 3)
        let body = Data(#"{"code":"INVALID_CONTEXT","message":"no title"}"#.utf8)
        let transport = ScriptedTransport([.answer(HTTPResponse(status: 201)), .answer(HTTPResponse(status: 400, body: body))])
        let file = directory.appendingPathComponent("state.json")
        let summary = try await uploader(transport, state: file).run(plan, state: UploadState(environment: "development"))
        #expect(summary.contextsSent == 3 && summary.failed == catalog.contexts.count - 3)
        let failure = try #require(summary.failure)
        #expect(failure.description.contains("INVALID_CONTEXT: no title"))
        #expect(failure.description.contains(#"["com.example.sciencebooks","section-0"] (es-us)"#))
        #expect(try StateStore(file: file).load(environment: "development").contexts.count == 3)
    }

    @Test func refusesAThumbnailNoUploadedContextUses() async throws {
        let directory = try TestCatalog.temporaryDirectory()
        let catalog = UploadCatalog(bundleIdentifier: "b", contexts: [], thumbnails: [TestCatalog.thumbnail("t.png")])
        let plan = UploadPlan(catalog: catalog, state: UploadState(environment: "development"), prune: false)
        let transport = ScriptedTransport([])
        let summary = try await uploader(transport, state: directory.appendingPathComponent("s.json"))
            .run(plan, state: UploadState(environment: "development"))
        #expect(summary.failure?.description.contains("no uploaded context uses it") == true)
        #expect(await transport.requests.isEmpty)
    }
}
