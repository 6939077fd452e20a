import Foundation
import Testing
@testable import Catalog

/// `serve`'s HTTP over real sockets: keep-alive, `ETag`/`If-None-Match`, `Range`, `HEAD`,
/// content types, the 404 page, paths that try to leave the output in any encoding,
/// symbolic links and FIFOs in the output, and the live-reload streams' cap.
@Suite struct PreviewHTTPTests {
    /// A server on a small site, with its output directory; `stop` removes everything.
    struct Running {
        let server: PreviewServer
        let content: TempContent
        let scratch: URL
        var port: UInt16 { server.port }
        var output: URL { scratch.appendingPathComponent("site") }

        init(idleTimeout: Duration = .seconds(15), pingInterval: Duration = .seconds(5)) throws {
            content = try TempContent(PreviewServerTests.files(title: "A title"))
            scratch = try scratchDirectory()
            var options = ServeOptions(content: content.root, output: scratch.appendingPathComponent("site"),
                                       cacheDirectory: scratch.appendingPathComponent("cache"), port: 0,
                                       pollInterval: .milliseconds(50), idleTimeout: idleTimeout)
            options.pingInterval = pingInterval
            server = try PreviewServer(options) { _ in }
            server.start()
        }

        func stop() {
            server.stop()
            content.remove()
            try? FileManager.default.removeItem(at: scratch)
        }
    }

    @Test func keepsConnectionsAliveAcrossRequests() throws {
        let running = try Running()
        defer { running.stop() }
        let connection = try TestConnection(port: running.port)
        for path in ["/", "/assets/site.css", "/sitemap.xml", "/", "/catalog/contexts-0001.json"] {
            connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let response = try #require(connection.nextResponse(), "an answer to \(path) on the same connection")
            #expect(response.status == 200, "\(path)")
            #expect(response.body.count == Int(response.headers["content-length"] ?? ""), "\(path)")
        }
    }

    @Test func answersContentTypesWithCharsetsForText() throws {
        let running = try Running()
        defer { running.stop() }
        let expected = [
            "/": "text/html; charset=utf-8",
            "/assets/site.css": "text/css; charset=utf-8",
            "/assets/search.js": "text/javascript; charset=utf-8",
            "/sitemap.xml": "application/xml; charset=utf-8",
            "/catalog/contexts-0001.json": "application/json",
        ]
        for (path, type) in expected {
            let response = try TestConnection.request(port: running.port, path, headers: ["Connection: close"])
            #expect(response.status == 200, "\(path)")
            #expect(response.headers["content-type"] == type, "\(path)")
            #expect(response.headers["x-content-type-options"] == "nosniff", "\(path)")
        }
        #expect(StaticFiles.contentType(of: "notes.TXT") == "text/plain; charset=utf-8")
        #expect(StaticFiles.contentType(of: "cover.png") == "image/png")
        #expect(StaticFiles.contentType(of: "archive") == "application/octet-stream")
        // The fonts an author's style sheet names (`site.stylesheet`).
        #expect(["a.woff2", "a.woff", "a.TTF", "a.otf", "a.eot"].map(StaticFiles.contentType)
                == ["font/woff2", "font/woff", "font/ttf", "font/otf", "application/vnd.ms-fontobject"])
    }

    @Test func answersIfNoneMatchWithNotModified() throws {
        let running = try Running()
        defer { running.stop() }
        for path in ["/assets/site.css", "/"] {
            let first = try TestConnection.request(port: running.port, path, headers: ["Connection: close"])
            let etag = try #require(first.headers["etag"], "\(path) has an ETag")
            #expect(first.headers["cache-control"] == "no-cache")
            let again = try TestConnection.request(port: running.port, path, headers: ["If-None-Match: \(etag)", "Connection: close"])
            #expect(again.status == 304, "\(path)")
            #expect(again.body.isEmpty)
            #expect(again.headers["etag"] == etag)
            let other = try TestConnection.request(port: running.port, path, headers: ["If-None-Match: \"other\"", "Connection: close"])
            #expect(other.status == 200 && other.body == first.body, "\(path)")
        }
    }

    @Test func pagesChangeTheirETagWithEveryBuild() throws {
        let running = try Running()
        defer { running.stop() }
        let before = try TestConnection.request(port: running.port, "/", headers: ["Connection: close"])
        let stream = try TestConnection(port: running.port, path: LiveReloadHub.path)
        _ = stream.read(until: "data: 0\n\n")
        try running.content.save(PreviewServerTests.section, GeneratedContent.page(title: "B title", type: "section"))
        #expect(stream.read(until: "data: 1\n\n") != nil)
        let etag = try #require(before.headers["etag"])
        let after = try TestConnection.request(port: running.port, "/", headers: ["If-None-Match: \(etag)", "Connection: close"])
        #expect(after.status == 200, "the page carries the new build number in its script")
        #expect(after.text.contains("const g=\"1\""))
    }

    @Test func servesByteRanges() throws {
        let running = try Running()
        defer { running.stop() }
        let path = "/assets/site.css"
        let whole = try TestConnection.request(port: running.port, path, headers: ["Connection: close"]).body
        #expect(whole.count > 100)
        let cases: [(range: String, bytes: Range<Int>)] = [
            ("bytes=0-9", 0..<10), ("bytes=10-", 10..<whole.count), ("bytes=-5", whole.count - 5..<whole.count),
            ("bytes=5-999999", 5..<whole.count),
        ]
        for (range, bytes) in cases {
            let part = try TestConnection.request(port: running.port, path, headers: ["Range: \(range)", "Connection: close"])
            #expect(part.status == 206, "\(range)")
            #expect(part.body == whole.subdata(in: bytes), "\(range)")
            #expect(part.headers["content-range"] == "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/\(whole.count)")
        }
        let beyond = try TestConnection.request(port: running.port, path, headers: ["Range: bytes=\(whole.count)-", "Connection: close"])
        #expect(beyond.status == 416)
        #expect(beyond.headers["content-range"] == "bytes */\(whole.count)")
        let several = try TestConnection.request(port: running.port, path, headers: ["Range: bytes=0-1,4-5", "Connection: close"])
        #expect(several.status == 200 && several.body == whole, "several ranges get the whole file")
        let stale = try TestConnection.request(port: running.port, path, headers: ["Range: bytes=0-9", "If-Range: \"old\"", "Connection: close"])
        #expect(stale.status == 200 && stale.body == whole, "a range of another version gets the whole file")
    }

    @Test func answersHeadWithTheHeadOnly() throws {
        let running = try Running()
        defer { running.stop() }
        for path in ["/", "/assets/site.css"] {
            let get = try TestConnection.request(port: running.port, path, headers: ["Connection: close"])
            let connection = try TestConnection(port: running.port, path: path, method: "HEAD")
            let head = try #require(connection.nextResponse(head: true))
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == String(get.body.count), "\(path)")
            #expect(head.headers["etag"] == get.headers["etag"])
            // The connection stays usable: no body bytes were sent after the head.
            connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(connection.nextResponse()?.body == get.body, "\(path)")
        }
        // A missing page's head too, on a connection that stays usable.
        let connection = try TestConnection(port: running.port, path: "/missing/", method: "HEAD")
        let missing = try #require(connection.nextResponse(head: true))
        #expect(missing.status == 404 && Int(missing.headers["content-length"] ?? "") ?? 0 > 0)
        connection.send("GET /assets/site.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(connection.nextResponse()?.status == 200)
        let post = try TestConnection.request(port: running.port, "/", method: "POST", headers: ["Content-Length: 0", "Connection: close"])
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
    }

    @Test func showsMissingPagesInTheSiteStyle() throws {
        let running = try Running()
        defer { running.stop() }
        let missing = try TestConnection.request(port: running.port, "/no/such/<page>/", headers: ["Connection: close"])
        #expect(missing.status == 404)
        #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
        #expect(missing.text.contains("<link rel=\"stylesheet\" href=\"/assets/site.css\">"))
        #expect(missing.text.contains("<header class=\"site-header\">"))
        #expect(missing.text.contains("<code>/no/such/&lt;page&gt;/</code>"), "the path, escaped")
        #expect(missing.text.contains(LiveReloadHub.path))
        let directory = try TestConnection.request(port: running.port, "/en-us?x=1", headers: ["Connection: close"])
        #expect(directory.status == 301)
        #expect(directory.headers["location"] == "/en-us/?x=1")
    }

    /// Every way of writing a path out of the output, and the file it would reach.
    @Test func refusesPathsThatLeaveTheOutput() throws {
        let running = try Running()
        defer { running.stop() }
        let secret = running.scratch.appendingPathComponent("secret.txt")
        try Data("secret".utf8).write(to: secret)
        let attempts = [
            "/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
            "/assets/%2e%2e%2f%2e%2e%2fsecret.txt", "/..%2fsecret.txt", "/%2e%2e%5csecret.txt", "/..\\secret.txt",
            "/assets\\..\\..\\secret.txt", "/%252e%252e/secret.txt", "/%25%32%65%25%32%65/secret.txt",
            "/index.html%00.css", "/%00", "/.%2e/secret.txt", "/./index.html", "//secret.txt",
            "/%c0%ae%c0%ae/secret.txt", "/assets/%2e/site.css",
        ]
        for path in attempts {
            let response = try TestConnection.request(port: running.port, path, headers: ["Connection: close"])
            #expect(response.status == 404 || response.status == 400, "\(path) → \(response.status)")
            #expect(!response.text.contains("secret\n") && response.text != "secret", "\(path)")
        }
        // A name that holds `%` (a site may have one) is reached by encoding it once.
        try Data("fifty".utf8).write(to: running.output.appendingPathComponent("Fun%20Quiz.txt"))
        let percent = try TestConnection.request(port: running.port, "/Fun%2520Quiz.txt", headers: ["Connection: close"])
        #expect(percent.status == 200 && percent.text == "fifty")
        #expect(StaticFiles.components(of: "/a/b.html?x=..") == ["a", "b.html"])
        #expect(StaticFiles.components(of: "/a%20b/") == ["a b", ""])
        #expect(StaticFiles.components(of: "/a/%2e%2e/b") == nil)
        #expect(StaticFiles.components(of: "/%252e%252e") == ["%2e%2e"], "decoded once, then a name like any")
        #expect(StaticFiles.components(of: "/a%5cb") == nil)
        #expect(StaticFiles.components(of: "/a%00") == nil)
        #expect(StaticFiles.components(of: "a") == nil)
        // Dot-files, such as the output's marker, are never served.
        #expect(StaticFiles.components(of: "/.catalog-build") == nil)
        #expect(StaticFiles.components(of: "/en-us/.live-1.tmp") == nil)
        let marker = try TestConnection.request(port: running.port, "/.catalog-build", headers: ["Connection: close"])
        #expect(marker.status == 404)
    }

    @Test func neverFollowsSymbolicLinksOrOpensFIFOs() throws {
        let running = try Running()
        defer { running.stop() }
        let outside = running.scratch.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: outside.appendingPathComponent("secret.txt"))
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: running.output.appendingPathComponent("leak.txt").path,
                                       withDestinationPath: outside.appendingPathComponent("secret.txt").path)
        try manager.createSymbolicLink(atPath: running.output.appendingPathComponent("leak").path, withDestinationPath: outside.path)
        try manager.createSymbolicLink(atPath: running.output.appendingPathComponent("up").path, withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: running.output.appendingPathComponent("page.html").path,
                                       withDestinationPath: running.output.appendingPathComponent("index.html").path)
        #expect(mkfifo(running.output.appendingPathComponent("fifo.html").path, 0o600) == 0)
        for path in ["/leak.txt", "/leak/secret.txt", "/up/outside/secret.txt", "/leak/", "/page.html", "/fifo.html"] {
            let response = try TestConnection.request(port: running.port, path, headers: ["Connection: close"])
            #expect(response.status == 404, "\(path) → \(response.status)")
            #expect(!response.text.hasPrefix("secret"), "\(path)")
        }
        #expect(try TestConnection.request(port: running.port, "/", headers: ["Connection: close"]).status == 200)
    }

    @Test func sendsActiveMediaAsDownloadsAndSVGInASandbox() throws {
        let running = try Running()
        defer { running.stop() }
        let media = running.output.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8)
            .write(to: media.appendingPathComponent("a.svg"))
        try Data([0x89, 0x50]).write(to: media.appendingPathComponent("b.png"))
        try Data("<p>x</p>".utf8).write(to: media.appendingPathComponent("c.html"))
        let html = try TestConnection.request(port: running.port, "/media/c.html", headers: ["Connection: close"])
        #expect(html.status == 200 && html.headers["content-disposition"] == "attachment")
        // An SVG is shown, in a sandbox that runs no script even where a copy still had one.
        let svg = try TestConnection.request(port: running.port, "/media/a.svg", headers: ["Connection: close"])
        #expect(svg.status == 200 && svg.headers["content-disposition"] == nil)
        #expect(svg.headers["content-security-policy"] == "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
        let png = try TestConnection.request(port: running.port, "/media/b.png", headers: ["Connection: close"])
        #expect(png.status == 200 && png.headers["content-disposition"] == nil)
    }

    @Test func capsLiveReloadStreams() throws {
        let running = try Running(pingInterval: .milliseconds(100))
        defer { running.stop() }
        var streams: [TestConnection] = []
        for _ in 0..<LiveReloadHub.maximumStreams {
            let stream = try TestConnection(port: running.port, path: LiveReloadHub.path)
            #expect(stream.read(until: "data: 0\n\n") != nil)
            streams.append(stream)
        }
        let refused = try TestConnection.request(port: running.port, LiveReloadHub.path, headers: ["Connection: close"])
        #expect(refused.status == 503)
        #expect(refused.text == "too many live-reload streams (at most 64)\n")
        // A stream whose client leaves frees its place (seen at the next ping).
        streams.removeLast()
        #expect(streams[0].read(until: ":\n\n") != nil, "streams get pings")
        var again: TestConnection?
        for _ in 0..<100 where again == nil {
            let stream = try TestConnection(port: running.port, path: LiveReloadHub.path)
            if stream.read(until: "\r\n\r\n")?.hasPrefix("HTTP/1.1 200") == true { again = stream } else { usleep(20_000) }
        }
        #expect(again != nil, "a place freed by a closed stream is taken again")
    }

    @Test func closesIdleAndSlowConnectionsAfterTheTimeout() throws {
        let running = try Running(idleTimeout: .seconds(1))
        defer { running.stop() }
        let idle = try TestConnection(port: running.port)
        let slow = try TestConnection(port: running.port)
        let start = ContinuousClock.now
        // Half a head, then one more byte every 200 ms: it never completes.
        slow.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let done = StopFlag(), socket = slow.socket
        let thread = Thread {
            while !done.isSet, send(socket, "X", 1, TestPlatform.noSignal) == 1 { usleep(200_000) }
        }
        thread.start()
        defer { done.set() }
        #expect(idle.waitForClose(), "an idle connection is closed")
        #expect(slow.waitForClose(), "a connection sending its head too slowly is closed")
        #expect(ContinuousClock.now - start < .seconds(10))
    }
}

/// Tells a helper thread to stop.
final class StopFlag: Sendable {
    private let value = Locked(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
