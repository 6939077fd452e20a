import Foundation
import Testing
@testable import Catalog

/// A Catalog API that answers Get a Context from what it holds, in any order (the
/// verifier reads several contexts at once), as Apple's example answer looks.
actor HeldContexts: HTTPTransport {
    private var held: [String: String] = [:]
    private(set) var reads: [String] = []
    var failing: String?

    func hold(_ body: String, path: [String], locale: String) {
        held[QueryEncoding.identifierPath(path) + "|" + locale] = body
    }

    func fail(_ path: [String]) { failing = QueryEncoding.identifierPath(path) }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let query = Dictionary(uniqueKeysWithValues: (request.url.query ?? "").split(separator: "&").map {
            let pair = $0.split(separator: "=", maxSplits: 1).map(String.init)
            return (pair[0], pair.count > 1 ? pair[1] : "")
        })
        let path = query["identifierPath"] ?? "", locale = query["locale"] ?? ""
        reads.append(path)
        if path == failing { return HTTPResponse(status: 403, body: Data(#"{"code":"NOT_AUTHORIZED","message":"no"}"#.utf8)) }
        let found = held[path + "|" + locale].map { [$0] } ?? []
        return HTTPResponse(status: 200, body: Data(#"{"contexts":[\#(found.joined(separator: ","))]}"#.utf8))
    }
}

@Suite struct UploadVerifyTests {
    func parse(_ text: String) throws -> JSON { try JSONReader.parse(Data(text.utf8)) }

    func verifier(_ held: HeldContexts, width: Int = 4) async throws -> Verifier {
        Verifier(api: try await UploadClientTests().api(ScriptedTransport([])).with(held), width: width)
    }

    @Test func comparisonUndoesWhatAppleDoesToAStoredContext() throws {
        let local = try parse(#"""
            {"data":{"identifierPath":["a","b"],"title":"T","type":"quiz","displayOrder":2,"suggestedAge":[9,9223372036854775806],
            "progressReportingCapabilities":[{"kind":"score","details":"S"}],"customTypeName":"ignored"},
            "metadata":{"locale":"en-us","presentableLocales":["en-us"]}}
            """#)
        let remote = try parse(#"""
            {"metadata":{"locale":"en-US"},"data":{"type":"quiz","title":"T","identifierPath":["a","b"],"displayOrder":"2",
            "suggestedAge":["9","9223372036854775807"],"isAssignable":true,
            "progressReportingCapabilities":[{"kind":"duration","details":""},{"details":"S","kind":"score"}]}}
            """#)
        #expect(ContextComparison.differences(local: local, remote: remote) == [])
        #expect(ContextComparison.isVersion(remote, of: ContextKey(identifierPath: ["a", "b"], locale: "en-us")))
    }

    @Test func comparisonNamesEveryFieldThatDiffers() throws {
        let local = try parse(#"{"data":{"identifierPath":["a"],"title":"New","type":"app","summary":"S","displayOrder":1},"metadata":{"locale":"en-us"}}"#)
        let remote = try parse(#"{"data":{"identifierPath":["a"],"title":"Old","type":"app"},"metadata":{"locale":"en-us","keywords":["k"]}}"#)
        #expect(ContextComparison.differences(local: local, remote: remote) == [
            FieldDifference(field: "data.displayOrder", local: .int(1), remote: .int(0)),
            FieldDifference(field: "data.summary", local: .string("S"), remote: nil),
            FieldDifference(field: "data.title", local: .string("New"), remote: .string("Old")),
            FieldDifference(field: "metadata.keywords", local: nil, remote: .strings(["k"])),
        ])
    }

    /// The build has the app and two sections; Apple holds the app as built, section-0
    /// with another title, not section-1, and a removed section-9 the state recorded.
    func scenario() async throws -> (HeldContexts, UploadCatalog, UploadState) {
        let catalog = TestCatalog.make(sections: 2, leaves: 0, locales: ["en-us"])
        let held = HeldContexts()
        await held.hold(catalog.contexts[0].body, path: [TestCatalog.bundle], locale: "en-us")
        let changed = TestCatalog.context([TestCatalog.bundle, "section-0"], "en-us", title: "Old title")
        await held.hold(changed.body, path: changed.key.identifierPath, locale: "en-us")
        let left = TestCatalog.context([TestCatalog.bundle, "section-9"], "en-us")
        await held.hold(left.body, path: left.key.identifierPath, locale: "en-us")
        var state = UploadState(environment: "development")
        catalog.contexts.forEach { state.record($0) }
        state.record(left)
        state.record(TestCatalog.context([TestCatalog.bundle, "section-8"], "en-us"))
        return (held, catalog, state)
    }

    @Test func verifySortsEqualDifferentMissingLeftAndGoneAndSaysWhatToRun() async throws {
        let (held, catalog, state) = try await scenario()
        let result = try await verifier(held).run(catalog: catalog, state: state)
        let key = { (name: String) in ContextKey(identifierPath: [TestCatalog.bundle, name], locale: "en-us") }
        #expect(result.built.map(\.outcome) == [
            .equal, .different([FieldDifference(field: "data.title", local: .string("section-0"), remote: .string("Old title"))]), .missing,
        ])
        #expect(result.left == [key("section-9")] && result.gone == [key("section-8")])
        #expect(!result.matches)
        #expect(result.stateDisagreements(state, catalog: catalog) == 3)
        let commands = VerifyResult.Commands(upload: "catalog-build upload", prune: "catalog-build upload --prune",
                                             rebuildState: "catalog-build upload --verify --rebuild-state")
        #expect(result.report(environment: .development, disagreements: 3, stateNote: nil, commands: commands) == """
            Verify of the development environment: 3 contexts in the build, 2 more in the state file
              equal:     1
              different: 1
              missing:   1 (in the build, not at Apple)
              left:      1 (no longer in the build, still at Apple)
              gone:      1 (in the state file only, no longer at Apple)
            different context ["com.example.sciencebooks","section-0"] (en-us)
              data.title: the build has "section-0", Apple has "Old title"
            missing context ["com.example.sciencebooks","section-1"] (en-us)
            left context ["com.example.sciencebooks","section-9"] (en-us)
            gone context ["com.example.sciencebooks","section-8"] (en-us)
            Not checked: thumbnails, and contexts that neither the build nor the state file names (the Catalog API has no call that lists contexts).
            The development environment differs from the build.
            The state file records 3 contexts otherwise than Apple holds them, so an upload planned from it would skip or misname them. Rewrite it from what Apple holds:
              catalog-build upload --verify --rebuild-state
            To send the 2 contexts that differ or are missing:
              catalog-build upload
            To delete the 1 context left at Apple:
              catalog-build upload --prune
            """)
    }

    @Test func aRebuiltStatePlansExactlyWhatMakesAppleMatchTheBuild() async throws {
        let (held, catalog, state) = try await scenario()
        let result = try await verifier(held).run(catalog: catalog, state: state)
        let rebuilt = result.rebuiltState(catalog: catalog, previous: UploadState(environment: "development"))
        let plan = UploadPlan(catalog: catalog, state: rebuilt, prune: true)
        #expect(plan.unchangedContexts == 1)
        #expect(plan.contextChanges == [catalog.contexts[1].key: .replace, catalog.contexts[2].key: .create])
        #expect(plan.contextDeletes.isEmpty, "a lost state cannot name what the build lost")
        let fromOld = UploadPlan(catalog: catalog, state: result.rebuiltState(catalog: catalog, previous: state), prune: true)
        #expect(fromOld.contextDeletes == [ContextKey(identifierPath: [TestCatalog.bundle, "section-9"], locale: "en-us")])
    }

    @Test func anAnswerWithoutThisVersionIsMissingAndAFailedReadStopsTheVerify() async throws {
        let catalog = TestCatalog.make(sections: 1, leaves: 1, locales: ["en-us"])
        let held = HeldContexts()
        for item in catalog.contexts { await held.hold(item.body, path: item.key.identifierPath, locale: "es-us") }
        let result = try await verifier(held).run(catalog: catalog, state: UploadState(environment: "development"))
        #expect(result.missing.count == 3 && result.matches == false)
        await held.fail([TestCatalog.bundle, "section-0"])
        let error = await #expect(throws: UploadError.self) {
            try await verifier(held, width: 1).run(catalog: catalog, state: UploadState(environment: "development"))
        }
        #expect(error?.description.hasPrefix(#"reading context ["com.example.sciencebooks","section-0"] (en-us): HTTP 403 NOT_AUTHORIZED: no"#) == true)
    }

    @Test func suggestedCommandsRepeatTheUsersOwnWordsQuotedForTheShell() {
        let typed = ["catalog-build", "upload", "--output", "my site", "--environment", "development", "--dry-run", "--state", "it's.json"]
        #expect(SuggestedCommand.prune(from: typed)
            == #"catalog-build upload --output 'my site' --environment development --state 'it'\''s.json' --prune"#)
        #expect(SuggestedCommand.line(from: ["catalog-build", "upload", "--verify", "--rebuild-state"], removing: ["--verify", "--rebuild-state"])
            == "catalog-build upload")
    }
}

extension CatalogAPI {
    /// The same API over another transport.
    func with(_ transport: any HTTPTransport) -> CatalogAPI {
        CatalogAPI(endpoint: endpoint, tokens: client.tokens, transport: transport, policy: client.policy, sleep: client.sleep)
    }
}
