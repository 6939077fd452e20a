import Foundation
import NIOHTTP1
import Testing
@testable import Catalog

/// `serve`'s HTTP/1.1 server on SwiftNIO at the socket level: pipelined requests answered
/// in order on one connection, the connection cap holding a connection in the backlog
/// until another closes, requests held until the server opens, `Connection: close`,
/// malformed requests, and a stop that closes every connection.
@Suite struct PreviewHTTPServerTests {
    /// A server that answers every request with its method and target.
    static func echo(limit: ConnectionLimit = .current(), log: @escaping @Sendable (String) -> Void = { _ in })
        throws -> PreviewHTTPServer {
        try PreviewHTTPServer(host: "127.0.0.1", port: 0, idleTimeout: .seconds(15), limit: limit, log: log) { request in
            PreviewResponder.text(.ok, "\(request.method.rawValue) \(request.target)")
        }
    }

    /// Two GETs, a HEAD, a range and a path out of the output, sent in one write before
    /// any answer: the answers come back in order, each framed by its `Content-Length`,
    /// and the connection stays usable.
    @Test func answersPipelinedRequestsInOrder() throws {
        let running = try PreviewHTTPTests.Running()
        defer { running.stop() }
        let css = try TestConnection.request(port: running.port, "/assets/site.css", headers: ["Connection: close"]).body
        let page = try TestConnection.request(port: running.port, "/", headers: ["Connection: close"]).body
        let connection = try TestConnection(port: running.port)
        let requests = ["GET / HTTP/1.1", "HEAD /assets/site.css HTTP/1.1", "GET /assets/site.css HTTP/1.1\r\nRange: bytes=2-5",
                        "GET /%2e%2e/secret.txt HTTP/1.1", "GET /assets/../index.html HTTP/1.1"]
        connection.send(requests.map { $0 + "\r\nHost: 127.0.0.1\r\n\r\n" }.joined())
        let first = try #require(connection.nextResponse())
        #expect(first.status == 200 && first.body == page)
        let head = try #require(connection.nextResponse(head: true))
        #expect(head.status == 200 && head.headers["content-length"] == String(css.count))
        let range = try #require(connection.nextResponse())
        #expect(range.status == 206 && range.headers["content-range"] == "bytes 2-5/\(css.count)")
        #expect(range.body == css.subdata(in: 2..<6))
        let outside = try #require(connection.nextResponse())
        #expect(outside.status == 404 && outside.text.contains("<code>/%2e%2e/secret.txt</code>"))
        let dotted = try #require(connection.nextResponse())
        #expect(dotted.status == 404, "a `..` component is refused, not resolved")
        connection.send("GET /sitemap.xml HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(connection.nextResponse()?.status == 200, "the connection is still usable")
    }

    /// With room for one connection, a second waits in the backlog, unanswered, until the
    /// first closes; the cap is logged once.
    @Test func holdsConnectionsOverTheCapUntilOneCloses() throws {
        let lines = Locked<[String]>([])
        let limit = ConnectionLimit(limit: ConnectionLimit.reserve + 8, open: 7)
        #expect(limit.cap == 1)
        let server = try Self.echo(limit: limit) { line in lines.withLock { $0.append(line) } }
        server.open()
        defer { server.stop() }
        var first: TestConnection? = try TestConnection(port: server.port, path: "/a")
        #expect(first?.response().body == "GET /a\n")
        let second = try TestConnection(port: server.port, path: "/b")
        second.setTimeout(seconds: 1)
        #expect(second.read(until: "\r\n\r\n") == nil, "no answer while the first connection is open")
        #expect(lines.withLock { $0 } == ["Holding new connections while 1 are open, as many as the descriptor limit "
                                          + "(40) leaves room for; each waits until another closes"])
        first = nil
        second.setTimeout(seconds: 30)
        #expect(second.response().body == "GET /b\n", "answered once the first has closed")
    }

    /// Requests that arrive before `open()` wait for it, then are answered.
    @Test func holdsRequestsUntilOpen() throws {
        let server = try Self.echo()
        defer { server.stop() }
        let connection = try TestConnection(port: server.port, path: "/early")
        connection.setTimeout(seconds: 1)
        #expect(connection.read(until: "\r\n\r\n") == nil)
        server.open()
        connection.setTimeout(seconds: 30)
        let response = connection.response()
        #expect(response.status == 200 && response.body == "GET /early\n")
    }

    /// `Connection: close` (and HTTP/1.0 without keep-alive) gets its answer, marked so,
    /// then the connection is closed.
    @Test func closesTheConnectionWhenAsked() throws {
        let server = try Self.echo()
        server.open()
        defer { server.stop() }
        for request in ["GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close", "GET /x HTTP/1.0"] {
            let connection = try TestConnection(port: server.port)
            connection.send(request + "\r\n\r\n")
            let response = try #require(connection.nextResponse())
            #expect(response.status == 200 && response.text == "GET /x\n", "\(request)")
            #expect(response.headers["connection"] == "close")
            #expect(response.headers["date"].map(Self.isIMFDate) == true)
            #expect(connection.waitForClose(), "\(request)")
        }
    }

    /// A request that is not HTTP gets `400` and the connection is closed.
    @Test func refusesMalformedRequests() throws {
        let server = try Self.echo()
        server.open()
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        connection.send("NOT HTTP AT ALL\r\n\r\n")
        #expect(connection.nextResponse()?.status == 400)
        #expect(connection.waitForClose())
    }

    /// `stop` closes idle and busy connections alike, at once, and the port with them: well
    /// within the 15 s an idle connection would otherwise be kept (the bound leaves room
    /// for a loaded machine; the stop itself takes milliseconds).
    @Test func stopClosesEveryConnection() throws {
        let server = try Self.echo()
        server.open()
        let idle = try TestConnection(port: server.port)
        let used = try TestConnection(port: server.port, path: "/y")
        #expect(used.nextResponse()?.status == 200)
        let start = ContinuousClock.now
        server.stop()
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(idle.waitForClose() && used.waitForClose())
        #expect(throws: TestHTTPError.connect) { try TestConnection(port: server.port) }
    }

    /// A busy port fails in `init`, with the system's reason.
    @Test func reportsABusyPort() throws {
        let server = try Self.echo()
        defer { server.stop() }
        #expect(throws: ServeError.self) {
            try PreviewHTTPServer(host: "127.0.0.1", port: server.port, idleTimeout: .seconds(1)) { _ in
                PreviewResponse(status: .ok)
            }
        }
        do {
            _ = try PreviewHTTPServer(host: "127.0.0.1", port: server.port, idleTimeout: .seconds(1)) { _ in
                PreviewResponse(status: .ok)
            }
        } catch {
            #expect("\(error)" == "cannot listen on 127.0.0.1:\(server.port): Address already in use")
        }
    }

    @Test func formatsDatesAsIMFFixdate() {
        var epoch = time_t(0), later = time_t(1_795_683_814)
        #expect(HTTPDate.format(&epoch) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(&later) == "Thu, 26 Nov 2026 09:03:34 GMT")
        #expect(Self.isIMFDate(HTTPDate.now))
    }

    static func isIMFDate(_ text: String) -> Bool {
        text.range(of: #"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT$"#,
                   options: .regularExpression) != nil
    }
}

extension TestConnection {
    /// Changes how long a read waits before it gives up.
    func setTimeout(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }
}
