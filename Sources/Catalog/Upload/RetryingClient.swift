import Foundation

/// Sends requests with a fresh bearer token, repeating those that failed for reasons
/// that may pass (network errors, 408, 429, 5xx) and following Get Status after 202.
public struct RetryingClient: Sendable {
    let tokens: TokenSigner
    let transport: any HTTPTransport
    let policy: RetryPolicy
    let sleep: @Sendable (TimeInterval) async throws -> Void

    public static let realSleep: @Sendable (TimeInterval) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }

    /// The final answer, which may be an error status that is not worth repeating;
    /// throws `APIFailure` when every attempt failed.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var lastFailure = APIFailure(status: nil, detail: "no attempt was made")
        var wait: TimeInterval = 0
        for attempt in 0..<max(1, policy.maxAttempts) {
            try Task.checkCancellation()
            if attempt > 0 { try await sleep(wait) }
            // The server's Retry-After, when it sent one, replaces the client's own backoff.
            wait = policy.backoff(attempt: attempt)
            var authorised = request
            authorised.headers["Authorization"] = "Bearer " + (try await tokens.token())
            let response: HTTPResponse
            do {
                response = try await transport.send(authorised)
            } catch {
                lastFailure = APIFailure(status: nil, detail: "no answer from \(request.url.host ?? "the server"): \(error.localizedDescription)")
                continue
            }
            guard RetryPolicy.isRetryable(status: response.status) else { return response }
            lastFailure = Self.failure(response)
            wait = policy.retryAfter(response.headers["retry-after"]) ?? wait
        }
        throw lastFailure
    }

    /// Polls Get Status until the operation is complete or has failed, waiting longer
    /// each time; gives up after `policy.maxPolls` polls.
    func waitForCompletion(statusURL: URL) async throws {
        for poll in 0..<policy.maxPolls {
            try await sleep(policy.pollWait(poll: poll))
            let response = try await send(HTTPRequest(method: "GET", url: statusURL))
            guard response.status == 200 else { throw Self.failure(response) }
            let status = try? JSONReader.parse(response.body)
            switch status?["state"]?.stringValue {
            case "complete": return
            case "error":
                let code = status?["statusCode"]?.stringValue.flatMap { Int($0) } ?? status?["statusCode"]?.intValue.map(Int.init)
                let error = status?["error"].flatMap(AppleError.from)
                throw APIFailure(status: code ?? 400, error: error, detail: "the operation failed after it was accepted")
            case "pending", "inProgress": continue
            default:
                throw APIFailure(status: 200, detail: "unreadable status: \(AppleError.rawExcerpt(response.body))")
            }
        }
        throw APIFailure(status: 202, detail: "the operation was still pending after \(policy.maxPolls) status checks")
    }

    /// A 3xx is a failure too: redirects are never followed, since the request carries
    /// the token and the new address may belong to anyone.
    static func failure(_ response: HTTPResponse) -> APIFailure {
        if (300..<400).contains(response.status) {
            let location = response.headers["location"].map { String($0.prefix(300)) } ?? "no Location"
            return APIFailure(status: response.status, detail: "a redirect to \(JSON.string(location).serialized())")
        }
        let excerpt = AppleError.rawExcerpt(response.body)
        return APIFailure(status: response.status, error: AppleError.parse(response.body),
                          detail: response.truncated ? excerpt + " (an overlong answer, cut off unread)" : excerpt)
    }
}
