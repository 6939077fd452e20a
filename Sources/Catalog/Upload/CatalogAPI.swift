import Foundation

public enum CatalogEnvironment: String, Sendable, CaseIterable {
    case development, production
}

/// Where requests go and how they are authorised. `tokens` is nil for a dry run.
public struct CatalogEndpoint: Sendable {
    public var baseURL: URL
    public var environment: CatalogEnvironment

    public static let defaultBaseURL = URL(string: "https://classkit-catalog.apple.com")!

    public init(baseURL: URL = CatalogEndpoint.defaultBaseURL, environment: CatalogEnvironment) {
        self.baseURL = baseURL
        self.environment = environment
    }

    /// `base/v1/<path>?<query>`; the query's values must already be encoded.
    func url(_ path: String, query: [(String, String)] = []) -> URL {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        let suffix = query.isEmpty ? "" : "?" + QueryEncoding.query(query)
        // Both parts are built from encoded pieces, so the result always parses.
        return URL(string: base + "/v1/" + path + suffix)!
    }

    var environmentQuery: (String, String) { ("environment", environment.rawValue) }

    /// The Get Status URL for a 202's `Location`, which may lack a scheme
    /// (`host/v1/status/ID`, catalog-api.md §1.2): only its last path segment is used,
    /// against the configured base URL, so a test server or proxy keeps answering.
    func statusURL(location: String) -> URL? {
        let trimmed = location.split(separator: "?").first.map(String.init) ?? location
        guard let id = trimmed.split(separator: "/").last, !id.isEmpty else { return nil }
        return url("status/" + PercentEncoding.encode(String(id)))
    }
}

/// The Catalog API calls an upload makes (catalog-api.md §1): each returns once the
/// operation is complete, following 202 through Get Status, and throws `APIFailure`.
public struct CatalogAPI: Sendable {
    let endpoint: CatalogEndpoint
    let client: RetryingClient

    public init(endpoint: CatalogEndpoint, tokens: TokenSigner, transport: any HTTPTransport,
                policy: RetryPolicy = RetryPolicy(),
                sleep: @escaping @Sendable (TimeInterval) async throws -> Void = RetryingClient.realSleep) {
        self.endpoint = endpoint
        self.client = RetryingClient(tokens: tokens, transport: transport, policy: policy, sleep: sleep)
    }

    public func createOrReplaceContexts(_ batch: [ContextItem]) async throws {
        let body = Data(("{\"contexts\":[" + batch.map(\.body).joined(separator: ",") + "]}").utf8)
        let request = HTTPRequest(
            method: "POST", url: endpoint.url("contexts", query: [endpoint.environmentQuery]),
            headers: ["Content-Type": "application/json"], body: body)
        try await complete(request, success: [201, 200])
    }

    public func createOrReplaceThumbnail(_ thumbnail: ThumbnailItem, bytes: Data) async throws {
        let query = [("thumbnailId", PercentEncoding.encode(thumbnail.thumbnailId)), endpoint.environmentQuery]
        let request = HTTPRequest(
            method: "POST", url: endpoint.url("thumbnails", query: query),
            headers: ["Content-Type": thumbnail.contentType], body: bytes)
        try await complete(request, success: [201, 200])
    }

    /// A 404 counts as done: the context is gone, which is what was asked.
    public func deleteContext(_ key: ContextKey) async throws {
        try await complete(HTTPRequest(method: "DELETE", url: endpoint.url("contexts", query: contextQuery(key))), success: [204, 200, 404])
    }

    /// Get a Context (E2): the version Apple holds, as its `ContextsResponse` gives it, or
    /// nil when Apple holds none. Apple documents 200, 400 and 403 only; an absent
    /// context is read as a 200 whose `contexts` holds no version of this key, or a 404.
    public func getContext(_ key: ContextKey) async throws -> JSON? {
        let response = try await client.send(HTTPRequest(method: "GET", url: endpoint.url("contexts", query: contextQuery(key))))
        if response.status == 404 { return nil }
        guard response.status == 200 else { throw RetryingClient.failure(response) }
        guard !response.truncated, let body = try? JSONReader.parse(response.body), let versions = body["contexts"]?.arrayValue else {
            throw APIFailure(status: 200, detail: "the answer is not a ContextsResponse: \(AppleError.rawExcerpt(response.body))")
        }
        return versions.first { ContextComparison.isVersion($0, of: key) }
    }

    private func contextQuery(_ key: ContextKey) -> [(String, String)] {
        [endpoint.environmentQuery, ("identifierPath", QueryEncoding.identifierPath(key.identifierPath)),
         ("locale", PercentEncoding.encode(key.locale))]
    }

    /// A 404 counts as done: Apple deletes a thumbnail by itself once the last context
    /// using it is deleted (catalog-api.md L5).
    public func deleteThumbnail(_ id: String) async throws {
        let query = [("thumbnailId", PercentEncoding.encode(id)), endpoint.environmentQuery]
        try await complete(HTTPRequest(method: "DELETE", url: endpoint.url("thumbnails", query: query)), success: [204, 200, 404])
    }

    private func complete(_ request: HTTPRequest, success: Set<Int>) async throws {
        let response = try await client.send(request)
        if success.contains(response.status) { return }
        guard response.status == 202 else { throw RetryingClient.failure(response) }
        guard let location = response.headers["location"], let statusURL = endpoint.statusURL(location: location) else {
            throw APIFailure(status: 202, detail: "the answer 202 Accepted had no usable Location header")
        }
        try await client.waitForCompletion(statusURL: statusURL)
    }
}
