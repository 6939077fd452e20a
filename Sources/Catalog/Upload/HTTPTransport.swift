import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    /// At most the transport's body limit: the rest of a longer body is never read.
    public var body: Data
    /// True when the body was longer than the limit and was cut there.
    public var truncated: Bool

    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), truncated: Bool = false) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
        self.truncated = truncated
    }
}

/// Sends one request; throws only when no HTTP answer arrived (connection refused or
/// dropped, timeout). Tests substitute a scripted transport.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// Foundation's URLSession: libcurl-backed on Linux, so it adds nothing to build.
///
/// It never follows a redirect (the request carries the bearer token, and a redirect
/// may lead to another host; `CatalogAPI` reports a 3xx as a failure) and reads at most
/// `bodyLimit` bytes of any answer: the Catalog API's bodies are small JSON objects, and
/// a longer one is cut there: the delegate keeps the first `bodyLimit` bytes and cancels
/// the transfer. Two limits of Foundation on Linux remain: it reads a 301–308 answer's
/// body whole before it asks whether to follow it, and it goes on reading (and
/// decompressing) while the chunks wait on the delegate queue, so a server that sends
/// faster than that queue runs (over loopback, or a small gzip bomb) can have much of a
/// long body buffered before the cancel lands. Over a network link of ~100 MB/s the cut
/// comes within a few megabytes (Tests/Upload/test_upload_safety.py).
public struct URLSessionTransport: HTTPTransport {
    public static let defaultBodyLimit = 64 * 1024

    private let timeout: TimeInterval
    private let bodyLimit: Int

    public init(timeout: TimeInterval = 60, bodyLimit: Int = URLSessionTransport.defaultBodyLimit) {
        self.timeout = timeout
        self.bodyLimit = bodyLimit
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        // One connection per call: on Linux, URLSession waits out the whole timeout
        // (spinning) when a reused keep-alive connection is dropped without an answer.
        urlRequest.setValue("close", forHTTPHeaderField: "Connection")
        // A session per call, so its delegate serves this one request; invalidating it
        // once the task ends releases the delegate.
        let collector = ResponseCollector(limit: bodyLimit)
        let session = URLSession(configuration: configuration(), delegate: collector, delegateQueue: Self.delegateQueue())
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: urlRequest)
        // Cancelled (an interrupted upload): the request stops at once instead of waiting
        // for its answer or the timeout; the caller records nothing for it.
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                collector.start(task, continuation: continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// Serial and urgent: Foundation hands every chunk of a body to the delegate through
    /// this queue while it goes on reading, so the sooner the delegate runs, the sooner
    /// an overlong body is cut off.
    private static func delegateQueue() -> OperationQueue {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.qualityOfService = .userInteractive
        queue.underlyingQueue = delegateDispatchQueue
        return queue
    }

    /// The dispatch queue under every delegate queue. Kept here: Foundation holds an
    /// operation queue's `underlyingQueue` `unowned(unsafe)`, so a queue made where it is
    /// assigned would be freed at once and the operation queue would run on a dangling one.
    private static let delegateDispatchQueue = DispatchQueue(label: "catalog-build.upload.delegate", qos: .userInteractive)

    private func configuration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 5
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        return configuration
    }
}

/// The delegate of one request: refuses redirects, keeps the first `limit` bytes of the
/// body and cancels the transfer past them, and resumes the caller once.
private final class ResponseCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var body = Data()
    private var truncated = false
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?

    init(limit: Int) { self.limit = limit }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        lock.withLock { self.continuation = continuation }
        task.resume()
    }

    /// The redirect itself becomes the answer, with the token never sent on.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @Sendable @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @Sendable @escaping (URLSession.ResponseDisposition) -> Void) {
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let full = lock.withLock { () -> Bool in
            guard !truncated else { return false }
            let room = limit - body.count
            body.append(data.prefix(max(0, room)))
            truncated = data.count > room
            return truncated
        }
        if full { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, body, truncated) = lock.withLock { () -> (CheckedContinuation<HTTPResponse, any Error>?, Data, Bool) in
            defer { self.continuation = nil }
            return (self.continuation, self.body, self.truncated)
        }
        // An error with a partial response still means the answer was lost, unless the
        // error is the cancel that cut an overlong body.
        guard let http = task.response as? HTTPURLResponse, error == nil || truncated else {
            continuation?.resume(throwing: error ?? URLError(.badServerResponse))
            return
        }
        let headers = http.allHeaderFields.reduce(into: [String: String]()) { result, field in
            if let name = field.key as? String, let value = field.value as? String { result[name] = value }
        }
        continuation?.resume(returning: HTTPResponse(status: http.statusCode, headers: headers, body: body, truncated: truncated))
    }
}
