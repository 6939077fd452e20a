import Foundation

/// The part of an HTTP/1.1 request the preview server looks at.
struct PreviewRequest: Sendable, Equatable {
    var method: String
    /// The path, percent-decoded, without the query string.
    var path: String

    /// Parses the request head (up to the blank line); nil when it is not HTTP.
    init?(head: String) {
        guard let line = head.split(separator: "\r\n", maxSplits: 1).first else { return nil }
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
        method = String(parts[0])
        let target = parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let decoded = String(target).removingPercentEncoding, decoded.hasPrefix("/") else { return nil }
        path = decoded
    }
}

/// A complete response: status, content type and body, always closed after sending (the
/// preview has one user; keep-alive would only complicate the server).
struct PreviewResponse: Sendable {
    var status: Int
    var contentType: String
    var body: Data

    static func text(_ status: Int, _ message: String) -> PreviewResponse {
        PreviewResponse(status: status, contentType: "text/plain; charset=utf-8", body: Data((message + "\n").utf8))
    }

    static func html(_ status: Int, _ page: String) -> PreviewResponse {
        PreviewResponse(status: status, contentType: "text/html; charset=utf-8", body: Data(page.utf8))
    }

    /// The bytes to send; `includeBody` is false for HEAD.
    func serialized(includeBody: Bool = true) -> Data {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        var data = Data(head.utf8)
        if includeBody { data.append(body) }
        return data
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 500: "Internal Server Error"
        default: "Status"
        }
    }

    /// The head of a Server-Sent Events stream, which stays open.
    static let eventStreamHead = Data(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
        + "Cache-Control: no-store\r\nConnection: keep-alive\r\n\r\n").utf8)
}
