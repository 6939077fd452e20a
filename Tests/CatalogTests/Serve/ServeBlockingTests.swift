import Foundation
import NIOCore
import Testing
@testable import Catalog

/// What holds up an answer of `serve`, and what must not: a request whose handler blocks
/// holds up no other connection (handlers run on the server's thread pool, not on the
/// event loops), a rebuild holds up no request while it loads and renders (the output's
/// lock is taken only to apply its change), and a rebuild that gives up because a body
/// kept changing says so. Every wait is bounded by a generous limit that only turns a
/// hang into a failure; nothing is timed.
@Suite struct ServeBlockingTests {
    /// One request blocks in its handler; meanwhile a request on each of more connections
    /// than there are event loops (so one at least shares the blocked request's loop) is
    /// answered. Before, the handler ran on the loop, and that connection waited.
    @Test func answersOtherConnectionsWhileAHandlerBlocks() throws {
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let server = try PreviewHTTPServer(host: "127.0.0.1", port: 0, idleTimeout: .seconds(15)) { request in
            if request.target == "/block" {
                entered.signal()
                _ = release.wait(timeout: .now() + 60)
            }
            return PreviewResponder.text(.ok, request.target)
        }
        server.open()
        defer { server.stop() }
        let blocked = try TestConnection(port: server.port, path: "/block")
        #expect(entered.wait(timeout: .now() + 30) == .success, "the blocking request reached its handler")
        let others = try (0...System.coreCount).map { try TestConnection(port: server.port, path: "/other/\($0)") }
        for (index, connection) in others.enumerated() {
            #expect(connection.response().body == "/other/\(index)\n", "answered while /block is held")
        }
        release.signal()
        #expect(blocked.response().body == "/block\n")
    }

    /// A rebuild (a file added: every stage runs) is held once its files are made in
    /// memory: pages are served meanwhile, as they were, and once it is let go the new
    /// page is there.
    @Test func answersWhileARebuildHoldsItsWork() throws {
        let held = RebuildHold()
        let running = try Self.start(pause: { if $0 == .rendered { held.pass() } })
        defer { running.stop() }
        let payload = "/catalog/contexts-0001.json"
        let before = try TestConnection.get(port: running.server.port, payload)
        #expect(before.status == 200)
        let stream = try TestConnection(port: running.server.port, path: LiveReloadHub.path)
        #expect(stream.read(until: "data: 0\n\n") != nil)

        held.arm()
        try running.content.save("fun/s2.md", GeneratedContent.page(title: "Second section", type: "section"))
        #expect(held.waitUntilHeld(), "the rebuild reached its pause")
        for path in ["/", "/assets/site.css", "/catalog/contexts-0001.json"] {
            let answer = try TestConnection.get(port: running.server.port, path)
            #expect(answer.status == 200, "\(path) answered while the rebuild is held")
        }
        let during = try TestConnection.get(port: running.server.port, payload)
        #expect(during.body == before.body && !during.body.contains("Second section"), "the output as it was")
        held.release()
        #expect(stream.read(until: "data: 1\n\n") != nil, "the rebuild finished")
        #expect(try TestConnection.get(port: running.server.port, payload).body.contains("Second section"))
    }

    /// A body that changes while the rebuild reads it, on the first try and on the retry:
    /// the rebuild gives up with a line that says so (it said "cannot write" the output,
    /// and served an error page, though nothing failed), and the next change builds.
    @Test func logsARebuildGivenUpBecauseABodyKeptChanging() throws {
        let lines = Locked<[String]>([])
        let changes = Locked(0)
        let content = try TempContent(PreviewServerTests.files(title: "Steady"))
        let added = "fun/s2.md"
        let running = try Self.start(content: content, log: { line in lines.withLock { $0.append(line) } },
                                     pause: Self.rewriting(added, in: content, times: changes))
        defer { running.stop() }
        let stream = try TestConnection(port: running.server.port, path: LiveReloadHub.path)
        #expect(stream.read(until: "data: 0\n\n") != nil)

        changes.withLock { $0 = 2 }
        try content.write(added, GeneratedContent.page(title: "Moving", type: "section"))
        let builtAfter = { lines.withLock { $0.drop { !$0.hasPrefix("Not rebuilt") }.contains { $0.hasPrefix("Built in") } } }
        let deadline = ContinuousClock.now + .seconds(60)
        while !builtAfter(), ContinuousClock.now < deadline { usleep(20_000) }
        #expect(builtAfter(), "given up, then built from the next change: \(lines.withLock { $0 })")
        let logged = lines.withLock { $0 }
        let expected = "Not rebuilt: \(content.prefix)\(added) changed while the rebuild was reading it, twice in a row; "
            + "the output stays as it was, and the next change to the content rebuilds it"
        #expect(logged.filter { $0.hasPrefix("Not rebuilt") } == [expected])
        #expect(!logged.contains { $0.contains("cannot write") })
        #expect(try TestConnection.get(port: running.server.port, "/").status == 200, "the site, not an error page")
        #expect(try TestConnection.get(port: running.server.port, "/catalog/contexts-0001.json").body.contains("Moving"))
    }

    /// The same when a symbolic link took the body's place.
    @Test func saysWhenALinkTookABodysPlace() {
        #expect(PreviewServer.notRebuilt(BodyChanged(file: "content/a.md", replacedByLink: true))
                == "Not rebuilt: content/a.md was replaced by a symbolic link while the rebuild was reading it "
                + "(nothing was read through the link); the output stays as it was, and the next change to the "
                + "content rebuilds it")
    }

    /// The same on the very first build: there is no output to keep, so the line says
    /// nothing is served (it said the output "stays as it was"), every page is a 503 that
    /// says why, and the next change builds the site.
    @Test func saysNothingIsServedWhenTheFirstBuildGivesUp() throws {
        let lines = Locked<[String]>([])
        let changes = Locked(2)
        let content = try TempContent(PreviewServerTests.files(title: "Steady"))
        let moving = "fun/s1.md"
        let running = try Self.start(content: content, log: { line in lines.withLock { $0.append(line) } },
                                     pause: Self.rewriting(moving, in: content, times: changes))
        defer { running.stop() }
        let expected = "Not built: \(content.prefix)\(moving) changed while the build was reading it, twice in a row; "
            + "nothing is served until the next change to the content builds it"
        #expect(lines.withLock { $0 } == [expected])
        let page = try TestConnection.get(port: running.server.port, "/")
        #expect(page.status == 503)
        #expect(page.body.contains("<h1>The catalog is not built yet</h1><p>\(expected)</p>"))

        try content.write(moving, GeneratedContent.page(title: "Still", type: "section"))
        let deadline = ContinuousClock.now + .seconds(60)
        while !lines.withLock({ $0.contains { $0.hasPrefix("Built in") } }), ContinuousClock.now < deadline { usleep(20_000) }
        #expect(try TestConnection.get(port: running.server.port, "/").status == 200, "built from the next change")
    }

    /// A pause hook that writes the body of `path` again, differently each time, once the
    /// build has loaded the content, for as many builds as `times` still counts.
    static func rewriting(_ path: String, in content: TempContent,
                          times: Locked<Int>) -> @Sendable (LiveBuild.Pause) -> Void {
        { pause in
            guard pause == .loaded, let turn = times.withLock({ left -> Int? in
                guard left > 0 else { return nil }
                left -= 1
                return left
            }) else { return }
            let body = "Changed " + String(repeating: "x", count: turn + 1)
            try? content.write(path, GeneratedContent.page(title: "Moving", type: "section", body: body))
        }
    }

    struct Running {
        let server: PreviewServer
        let content: TempContent
        let scratch: URL

        func stop() {
            server.stop()
            content.remove()
            try? FileManager.default.removeItem(at: scratch)
        }
    }

    static func start(content: TempContent? = nil, log: @escaping @Sendable (String) -> Void = { _ in },
                      pause: @escaping @Sendable (LiveBuild.Pause) -> Void) throws -> Running {
        let content = try content ?? TempContent(PreviewServerTests.files(title: "A title"))
        let scratch = try scratchDirectory()
        var options = ServeOptions(content: content.root, output: scratch.appendingPathComponent("site"),
                                   cacheDirectory: scratch.appendingPathComponent("cache"), port: 0,
                                   pollInterval: .milliseconds(50))
        options.rebuildPause = pause
        let server = try PreviewServer(options, log: log)
        server.start()
        return Running(server: server, content: content, scratch: scratch)
    }
}

/// Holds the next rebuild that passes, once armed, until released.
private final class RebuildHold: Sendable {
    private let armed = Locked(false)
    private let held = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    func arm() { armed.withLock { $0 = true } }

    /// Called by the rebuild: waits there when armed (at most a minute).
    func pass() {
        guard armed.withLock({ was in defer { was = false }; return was }) else { return }
        held.signal()
        _ = released.wait(timeout: .now() + 60)
    }

    func waitUntilHeld() -> Bool { held.wait(timeout: .now() + 30) == .success }

    func release() { released.signal() }
}
