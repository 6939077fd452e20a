import Foundation
import Testing
@testable import Catalog

/// `serve` end to end over real HTTP: pages, the live-reload stream, rebuilds on edits,
/// the error page while the content is broken, and a clean stop.
@Suite struct PreviewServerTests {
    static let section = "fun/s1.md"

    static func start(_ content: TempContent, scratch: URL) throws -> PreviewServer {
        let options = ServeOptions(content: content.root, output: scratch.appendingPathComponent("site"),
                                   cacheDirectory: scratch.appendingPathComponent("cache"), port: 0,
                                   pollInterval: .milliseconds(50))
        let server = try PreviewServer(options) { _ in }
        server.start()
        return server
    }

    /// A server started on `files(title:)` for `body`, then stopped and its folders removed.
    static func serving(title: String, _ body: (TempContent, PreviewServer) throws -> Void) throws {
        let content = try TempContent(files(title: title))
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let server = try start(content, scratch: scratch)
        defer { server.stop() }
        try body(content, server)
    }

    static func files(title: String) -> [String: String] {
        ["fun/index.md": GeneratedContent.page(title: "Fun", type: nil),
         section: GeneratedContent.page(title: title, type: "section")]
    }

    @Test func servesRebuildsAndReloads() throws {
        try Self.serving(title: "First title") { content, server in
            let page = try TestConnection.get(port: server.port, "/catalog/contexts-0001.json")
            #expect(page.status == 200)
            #expect(page.body.contains("First title"))
            let home = try TestConnection.get(port: server.port, "/")
            #expect(home.status == 200)
            #expect(home.body.contains(LiveReloadHub.path), "served pages carry the live-reload script")
            let missing = try TestConnection.get(port: server.port, "/no/such/page/")
            #expect(missing.status == 404)
            #expect(missing.body.contains(LiveReloadHub.path))

            let stream = try TestConnection(port: server.port, path: LiveReloadHub.path)
            #expect(stream.read(until: "data: 0\n\n")?.contains("text/event-stream") == true)
            try content.save(Self.section, GeneratedContent.page(title: "Second title", type: "section"))
            #expect(stream.read(until: "data: 1\n\n") != nil, "a reload event follows the rebuild")
            #expect(try TestConnection.get(port: server.port, "/catalog/contexts-0001.json").body.contains("Second title"))
        }
    }

    /// An editor's backup written with a save rebuilds once, for the save; the backup's
    /// removal and a swap file on their own rebuild nothing, and the server counts as
    /// caught up with the content as it is on disk.
    @Test func editorTemporariesRebuildNothing() throws {
        try Self.serving(title: "First title") { content, server in
            #expect(WatcherBurstTests.settle(server, content: content.url, seconds: 10))
            let first = server.generation

            let backup = content.url.appendingPathComponent(Self.section + "~")
            try Data("the text before the save".utf8).write(to: backup)
            try content.save(Self.section, GeneratedContent.page(title: "Second title", type: "section"))
            #expect(WatcherBurstTests.settle(server, content: content.url, seconds: 10))
            #expect(server.generation == first + 1)
            #expect(try TestConnection.get(port: server.port, "/catalog/contexts-0001.json").body.contains("Second title"))

            try FileManager.default.removeItem(at: backup)
            try Data("swap".utf8).write(to: content.url.appendingPathComponent("fun/.s1.md.swp"))
            Thread.sleep(forTimeInterval: 0.5)
            #expect(server.generation == first + 1)
            #expect(WatcherBurstTests.settle(server, content: content.url, seconds: 1))
        }
    }

    /// The content's `site.baseURL` is the default path `/`: `build` writes no sitemap, and
    /// `serve` writes one at its own address, which a body edit (a patch) keeps as it was.
    @Test func servesASitemapAtItsOwnAddressAcrossABodyEdit() throws {
        try Self.serving(title: "First title") { content, server in
            let sitemap = try TestConnection.get(port: server.port, "/sitemap.xml")
            #expect(sitemap.status == 200)
            let locs = sitemap.body.components(separatedBy: "<loc>").dropFirst().map { String($0.prefix { $0 != "<" }) }
            #expect(locs == ["en-us", "es-us"].flatMap { locale in
                ["/", "/fun/", "/fun/s1/"].map { "http://127.0.0.1:\(server.port)/\(locale)" + $0 }
            })
            let stream = try TestConnection(port: server.port, path: LiveReloadHub.path)
            #expect(stream.read(until: "data: 0\n\n") != nil)
            try content.save(Self.section, GeneratedContent.page(title: "First title", type: "section", body: "Other text."))
            #expect(stream.read(until: "data: 1\n\n") != nil, "a reload event follows the rebuild")
            #expect(try TestConnection.get(port: server.port, "/sitemap.xml").body == sitemap.body)
        }
    }

    @Test func showsTheErrorsUntilFixed() throws {
        try Self.serving(title: "Fine") { content, server in
            let stream = try TestConnection(port: server.port, path: LiveReloadHub.path)
            _ = stream.read(until: "data: 0\n\n")

            try content.save(Self.section, "---\ntitle: \"<b>broken\nsuggestedAge: 12-9\n---\nText\n")
            #expect(stream.read(until: "data: 1\n\n") != nil)
            let broken = try TestConnection.get(port: server.port, "/")
            #expect(broken.status == 500)
            #expect(broken.body.contains("\(content.prefix)\(Self.section):"))
            #expect(broken.body.contains("[yaml-syntax]"))
            #expect(!broken.body.contains("<b>"), "messages are escaped")

            try content.save(Self.section, GeneratedContent.page(title: "Fixed", type: "section"))
            #expect(stream.read(until: "data: 2\n\n") != nil)
            let home = try TestConnection.get(port: server.port, "/")
            #expect(home.status == 200 && !home.body.contains("[yaml-syntax]"), "the site again once fixed")
            #expect(try TestConnection.get(port: server.port, "/catalog/contexts-0001.json").body.contains("Fixed"))
        }
    }

    @Test func stopClosesTheSocket() throws {
        let content = try TempContent(Self.files(title: "Any"))
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let server = try Self.start(content, scratch: scratch)
        let port = server.port
        let stream = try TestConnection(port: port, path: LiveReloadHub.path)
        _ = stream.read(until: "data: 0\n\n")
        server.stop()
        #expect(stream.read(until: "never") == nil, "open event streams are closed")
        #expect(throws: TestHTTPError.connect) { try TestConnection(port: port, path: "/") }
    }

    /// A server that never started (its first build failed to be served, a caller that
    /// gave up) stops at once and closes its socket: `stop` waited for a watcher thread
    /// that `start` had never made.
    @Test func stopWithoutStartReturns() throws {
        let content = try TempContent(Self.files(title: "Any"))
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let options = ServeOptions(content: content.root, output: scratch.appendingPathComponent("site"),
                                   cacheDirectory: scratch.appendingPathComponent("cache"), port: 0)
        let server = try PreviewServer(options) { _ in }
        let port = server.port
        let stopped = DispatchSemaphore(value: 0)
        Thread { server.stop(); stopped.signal() }.start()
        #expect(stopped.wait(timeout: .now() + 30) == .success, "stop() did not return")
        #expect(throws: TestHTTPError.connect) { try TestConnection(port: port, path: "/") }
    }

    /// `start` after `stop` starts no watcher (the stopped server stays stopped).
    @Test func watcherStoppedBeforeStartingNeverRuns() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let watcher = ContentWatcher(directory: directory, interval: .milliseconds(10))
        watcher.stop()
        let calls = Locked(0)
        watcher.start { _, _ in calls.withLock { $0 += 1 } }
        try Data("x".utf8).write(to: directory.appendingPathComponent("new.md"))
        Thread.sleep(forTimeInterval: 0.2)
        watcher.stop()
        #expect(calls.withLock { $0 } == 0)
    }
}

/// The watcher tells a rebuild which paths changed: changed stamps, added and removed
/// files (also when as many are added as removed), nothing when the listings are equal.
@Test func watcherChangesNameEveryDifferentPath() {
    func stamp(_ size: Int64) -> FileStamp { FileStamp(size: size, modified: 1, inode: 1) }
    let old = ["a.md": stamp(1), "b.md": stamp(2), "c.md": stamp(3), "d/": stamp(0)]
    #expect(ContentWatcher.changes(from: old, to: old).isEmpty)
    var edited = old
    edited["b.md"] = stamp(5)
    #expect(ContentWatcher.changes(from: old, to: edited) == ["b.md"])
    var renamed = old
    renamed["c.md"] = nil
    renamed["e.md"] = stamp(3)
    #expect(ContentWatcher.changes(from: old, to: renamed) == ["c.md", "e.md"])
    var removed = old
    removed["a.md"] = nil
    #expect(ContentWatcher.changes(from: old, to: removed) == ["a.md"])
    var added = old
    added["f.md"] = stamp(1)
    #expect(ContentWatcher.changes(from: old, to: added) == ["f.md"])
    var both = renamed
    both["a.md"] = nil
    #expect(ContentWatcher.changes(from: old, to: both) == ["a.md", "c.md", "e.md"])
}
