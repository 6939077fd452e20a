import Foundation
import Synchronization

public struct ServeOptions: Sendable {
    public var content: ContentRoot
    public var output: URL
    public var cacheDirectory: URL?
    /// 0 lets the system pick a free port (tests).
    public var port: UInt16
    public var pollInterval: Duration
    /// Replace an output that the build did not make (`--force`; see `OutputOwnership`).
    public var force = false

    public init(content: ContentRoot, output: URL, cacheDirectory: URL?, port: UInt16,
                pollInterval: Duration = .milliseconds(250)) {
        self.content = content
        self.output = output
        self.cacheDirectory = cacheDirectory
        self.port = port
        self.pollInterval = pollInterval
    }
}

/// `catalog-build serve`: builds, serves the output on 127.0.0.1, rebuilds when the
/// content changes (re-parsing only changed files, kept in memory) and tells open pages
/// to reload. While the content has errors every page is the list of them instead of the
/// stale site.
public final class PreviewServer: Sendable {
    /// The outcome of the last build, which decides what pages are served.
    enum Status: Sendable {
        case built
        case failed([Diagnostic])
        /// The output could not be written (an environment failure, not a content error).
        case unwritable(String)
    }

    public var port: UInt16 { http.port }
    private let options: ServeOptions
    private let live: LiveBuild
    private let hub = LiveReloadHub()
    private let status = StatusBox()
    private let http: LoopbackHTTPServer
    private let watcher: ContentWatcher
    /// The listing the first build was made from, until the watcher starts from it.
    private let firstListing: Mutex<[String: FileStamp]?>
    private let log: @Sendable (String) -> Void

    /// Binds the socket (so a busy port fails here) and runs the first build.
    public init(_ options: ServeOptions, log: @escaping @Sendable (String) -> Void) throws {
        self.options = options
        self.log = log
        watcher = ContentWatcher(directory: options.content.url, interval: options.pollInterval)
        let listing = TreeStamps.collect(options.content.url, directories: true)
        firstListing = Mutex(listing)
        let live = LiveBuild(content: options.content, output: options.output, cacheDirectory: options.cacheDirectory,
                             force: options.force)
        self.live = live
        let hub = hub, files = StaticFiles(root: options.output), status = status
        http = try LoopbackHTTPServer(port: options.port) { request, socket in
            // Under the output's lock: a rebuild's difference is applied whole before a page is read.
            live.output.lock.withLock { _ in
                PreviewServer.reply(request, socket: socket, hub: hub, files: files, status: status.current)
            }
        }
        rebuild(stamps: listing, paths: nil)
    }

    /// Starts serving and watching; returns at once.
    public func start() {
        http.start()
        let initial = firstListing.withLock { listing in
            defer { listing = nil }
            return listing
        }
        let mode = watcher.start(from: initial) { [self] stamps, paths in
            rebuild(stamps: stamps, paths: paths)
            hub.announce()
        }
        if mode == .polling {
            log("Watching \(options.content.url.path) by listing it every \(options.pollInterval) "
                + "(inotify is unavailable, or the content has a symbolic link)")
        }
    }

    /// Stops watching, closes the listening socket and every open event stream.
    public func stop() {
        watcher.stop()
        http.stop()
        hub.closeAll()
    }

    /// The number of builds announced so far (the live-reload generation).
    public var generation: Int { hub.generation }

    /// Rebuilds in memory and applies the difference to the output. The time logged runs
    /// from the change being picked up (the watcher's listing, passed in) to the output
    /// written: what `bench/site` reports as a one-file edit under `serve`.
    /// - Parameter paths: the files whose stamps changed since the last rebuild's listing.
    private func rebuild(stamps: [String: FileStamp], paths: Set<String>?) {
        let start = ContinuousClock.now
        do {
            let outcome = try live.rebuild(stamps: stamps, changed: paths)
            let result = outcome.result
            let parts = (ContinuousClock.now - start).components
            let elapsed = String(format: "%.1f ms", Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15)
            let errors = result.diagnostics.sorted.filter { $0.severity == .error }
            status.current = result.diagnostics.hasErrors ? .failed(result.diagnostics.sorted) : .built
            let work = "\(outcome.pagesReused) pages reused, \(outcome.filesWritten) files written, \(outcome.filesRemoved) removed"
            log(errors.isEmpty ? "Built in \(elapsed) (\(work); \(result.timings.summary))"
                : "The content has \(errors.count) error(s); serving the list of them")
        } catch {
            status.current = .unwritable("cannot write \(options.output.path): \(error)")
            log("error: cannot write \(options.output.path): \(error)")
        }
    }

    private static func reply(_ request: PreviewRequest, socket: Int32, hub: LiveReloadHub, files: StaticFiles,
                              status: Status) -> LoopbackHTTPServer.Reply {
        if request.path == LiveReloadHub.path {
            hub.add(socket)
            return .keep
        }
        let script = LiveReloadHub.script(generation: hub.generation)
        let file = files.file(for: request.path)
        let isPage = file.map { $0.pathExtension == "html" } ?? !request.path.contains(".")
        switch status {
        case .failed(let diagnostics) where isPage:
            return .response(.html(500, ErrorPage.html(diagnostics, script: script)))
        case .unwritable(let message) where isPage:
            return .response(.html(500, ErrorPage.html(failure: message, script: script)))
        default: break
        }
        guard let file, let data = try? Data(contentsOf: file) else {
            return .response(.html(404, "<!doctype html><title>Not found</title><h1>Not found</h1>\(script)"))
        }
        let body = isPage ? LiveReloadHub.inject(script, into: data) : data
        return .response(PreviewResponse(status: 200, contentType: StaticFiles.contentType(of: file), body: body))
    }
}

/// The last build's status, shared by the builder and the request handlers.
private final class StatusBox: Sendable {
    private let value = Mutex(PreviewServer.Status.built)

    var current: PreviewServer.Status {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
