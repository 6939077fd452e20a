import Foundation
import Testing
import Crypto
@testable import Catalog

/// Answers requests from a script and records them, so the client's retry and
/// polling decisions can be checked without a network.
actor ScriptedTransport: HTTPTransport {
    enum Step { case answer(HTTPResponse), fail }
    private var steps: [Step]
    private(set) var requests: [HTTPRequest] = []

    init(_ steps: [Step]) { self.steps = steps }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.append(request)
        guard !steps.isEmpty else { return HTTPResponse(status: 599) }
        switch steps.removeFirst() {
        case .answer(let response): return response
        case .fail: throw URLError(.networkConnectionLost)
        }
    }
}

@Suite struct UploadClientTests {
    func api(_ transport: ScriptedTransport, sleeps: SleepLog = SleepLog()) async throws -> CatalogAPI {
        let file = try TestCatalog.temporaryDirectory().appendingPathComponent("k.p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(to: file, atomically: true, encoding: .utf8)
        let signer = await TokenSigner(credentials: try Credentials(teamId: "T", keyId: "K", privateKeyFile: file))
        return CatalogAPI(endpoint: CatalogEndpoint(baseURL: URL(string: "http://127.0.0.1:9")!, environment: .development),
                          tokens: signer, transport: transport, sleep: { await sleeps.add($0) })
    }

    func status(_ state: String, _ extra: String = "") -> HTTPResponse {
        HTTPResponse(status: 200, body: Data(#"{"statusId":"S","state":"\#(state)"\#(extra)}"#.utf8))
    }

    @Test func retriesTransientFailuresHonouringRetryAfterThenFollows202() async throws {
        let transport = ScriptedTransport([
            .fail, .answer(HTTPResponse(status: 500)), .answer(HTTPResponse(status: 429, headers: ["Retry-After": "7"])),
            .answer(HTTPResponse(status: 202, headers: ["Location": "classkit-catalog.apple.com/v1/status/S1"])),
            .answer(status("pending")), .answer(HTTPResponse(status: 503)), .answer(status("complete")),
        ])
        let sleeps = SleepLog()
        try await api(transport, sleeps: sleeps).createOrReplaceContexts([TestCatalog.context(["b"], "en-us")])
        let requests = await transport.requests
        #expect(requests.count == 7)
        #expect(requests[0].url.absoluteString == "http://127.0.0.1:9/v1/contexts?environment=development")
        #expect(requests[0].headers["Content-Type"] == "application/json")
        #expect(requests.allSatisfy { $0.headers["Authorization"]?.hasPrefix("Bearer ey") == true })
        #expect(requests[4].url.absoluteString == "http://127.0.0.1:9/v1/status/S1" && requests[4].method == "GET")
        #expect(await sleeps.waits.contains(7))
    }

    @Test func forbiddenStopsAtOnceWithApplesError() async throws {
        let body = Data(#"{"code":"NOT_AUTHORIZED","id":"E","message":"bad key"}"#.utf8)
        let transport = ScriptedTransport([.answer(HTTPResponse(status: 403, body: body))])
        let error = await #expect(throws: APIFailure.self) {
            try await api(transport).deleteContext(ContextKey(identifierPath: ["b", "c d"], locale: "en-us"))
        }
        #expect(error?.status == 403 && error?.error?.code == "NOT_AUTHORIZED")
        #expect(await transport.requests.count == 1)
        #expect(await transport.requests.first?.url.query == "environment=development&identifierPath=%5B%22b%22%2C%22c%20d%22%5D&locale=en-us")
    }

    @Test func asyncErrorStatusBecomesAFailureWithItsCode() async throws {
        let error = #","statusCode":"400","error":{"id":"S","code":"THUMBNAIL_NOT_REFERENCED","message":"m"}"#
        let transport = ScriptedTransport([
            .answer(HTTPResponse(status: 202, headers: ["location": "host/v1/status/S"])), .answer(status("error", error)),
        ])
        let failure = await #expect(throws: APIFailure.self) {
            try await api(transport).createOrReplaceThumbnail(TestCatalog.thumbnail("x.png"), bytes: Data([1]))
        }
        #expect(failure?.status == 400 && failure?.error?.code == "THUMBNAIL_NOT_REFERENCED")
    }

    @Test func givesUpAfterBoundedAttempts() async throws {
        let transport = ScriptedTransport(Array(repeating: .fail, count: 20))
        await #expect(throws: APIFailure.self) { try await api(transport).deleteThumbnail("x.png") }
        #expect(await transport.requests.count == RetryPolicy().maxAttempts)
    }
}

actor SleepLog {
    private(set) var waits: [TimeInterval] = []
    func add(_ seconds: TimeInterval) { waits.append(seconds) }
}
