import Foundation
import NIOCore
import NIOHTTP1

/// A request to `serve`: its method, target (path and query, as sent) and headers.
struct PreviewRequest: Sendable {
    let method: HTTPMethod
    let target: String
    let headers: HTTPHeaders

    init(_ head: HTTPRequestHead) {
        method = head.method
        target = head.uri
        headers = head.headers
    }

    /// A header's value; several fields of the name are joined with `, ` (RFC 9110 5.3).
    func header(_ name: String) -> String? {
        let values = headers[name]
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

/// An answer of `serve`. `PreviewConnection` adds `Date`, `Content-Length` for a body of
/// bytes (unless set), and drops the body for `HEAD`.
struct PreviewResponse: Sendable {
    enum Body: Sendable {
        case none
        case bytes(NIOCore.ByteBuffer)
        /// A live-reload stream: one event per build number; `end` releases the stream.
        case events(AsyncStream<Int>, end: @Sendable () -> Void)
    }

    var status: HTTPResponseStatus
    var headers: HTTPHeaders
    var body: Body

    init(status: HTTPResponseStatus, headers: HTTPHeaders = [:], body: Body = .none) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    init(status: HTTPResponseStatus, headers: HTTPHeaders, bytes: some Sequence<UInt8>) {
        self.init(status: status, headers: headers, body: .bytes(NIOCore.ByteBuffer(bytes: bytes)))
    }
}

/// The `Date` header's value (RFC 9110's IMF-fixdate), formatted once a second.
enum HTTPDate {
    private static let cache = Locked<(second: Int, text: String)>((-1, ""))

    static var now: String {
        var time = time_t(Date().timeIntervalSince1970)
        return cache.withLock { cached in
            if cached.second != Int(time) { cached = (Int(time), format(&time)) }
            return cached.text
        }
    }

    /// `Thu, 26 Nov 2026 09:03:34 GMT`: names in English whatever the locale.
    static func format(_ time: inout time_t) -> String {
        var parts = tm()
        gmtime_r(&time, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let clock = [parts.tm_hour, parts.tm_min, parts.tm_sec].map { two($0) }.joined(separator: ":")
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) \(clock) GMT"
    }

    private static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
