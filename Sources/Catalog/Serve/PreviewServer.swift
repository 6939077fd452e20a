import Foundation

public struct ServeOptions: Sendable {
    public var content: ContentRoot
    public var output: URL
    public var cacheDirectory: URL?
    /// The address to listen on: loopback unless the user asks for another (`--host`).
    public var host: String
    /// 0 lets the system pick a free port (tests).
    public var port: UInt16
    public var pollInterval: Duration
    /// Replace an output that the build did not make (`--force`; see `OutputOwnership`).
    public var force = false
    /// How long a connection may stay without a whole request (idle, or sending its head
    /// too slowly) before it is closed.
    public var idleTimeout: Duration
    /// How often live-reload streams get a comment line (`LiveReloadHub.ping`).
    var pingInterval: Duration = .seconds(5)
    /// Called at two points of each whole rebuild (`LiveBuild.Pause`): tests only.
    var rebuildPause: (@Sendable (LiveBuild.Pause) -> Void)?

    public init(content: ContentRoot, output: URL, cacheDirectory: URL?, host: String = "127.0.0.1", port: UInt16,
                pollInterval: Duration = .milliseconds(250), idleTimeout: Duration = .seconds(15)) {
        self.content = content
        self.output = output
        self.cacheDirectory = cacheDirectory
        self.host = host
        self.port = port
        self.pollInterval = pollInterval
        self.idleTimeout = idleTimeout
    }

    /// Whether `host` reaches beyond this machine (anything but 127.0.0.0/8, `::1` and
    /// `localhost`), which the command warns about.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

/// `catalog-build serve`: builds, serves the output (on 127.0.0.1 unless told otherwise;
/// `PreviewHTTPServer`, `PreviewResponder`), rebuilds when the
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
        /// The first build gave up (a body kept changing while it was read): there is no
        /// build of this content to serve yet.
        case notBuilt(String)
    }

    public var port: UInt16 { http.port }
    private let options: ServeOptions
    private let live: LiveBuild
    private let hub = LiveReloadHub()
    private let status = StatusBox()
    private let http: PreviewHTTPServer
    private let watcher: ContentWatcher
    /// Sends the live-reload streams their pings while the server runs.
    private let pings = Locked<Task<Void, Never>?>(nil)
    /// The listing the first build was made from, until the watcher starts from it.
    private let firstListing: Locked<[String: FileStamp]?>
    /// The listing the last rebuild was made from (tests wait until it is the content's).
    private let builtListing = Locked<[String: FileStamp]>([:])
    private let log: @Sendable (String) -> Void
    /// Told of each build's diagnostics when they differ from the last build's.
    private let report: @Sendable (DiagnosticBag) -> Void
    /// The diagnostics last passed to `report`.
    private let reported = Locked<[Diagnostic]>([])

    /// Binds the socket (so a busy port fails here; requests wait until `start`) and runs
    /// the first build.
    /// - Parameter report: gets the first build's diagnostics, then each rebuild's when
    ///   they differ from the ones it got last (so an edit elsewhere does not repeat them).
    public init(_ options: ServeOptions, log: @escaping @Sendable (String) -> Void,
                report: @escaping @Sendable (DiagnosticBag) -> Void = { _ in }) throws {
        self.options = options
        self.log = log
        self.report = report
        watcher = ContentWatcher(directory: options.content.url, interval: options.pollInterval)
        let listing = TreeStamps.collect(options.content.url, directories: true)
        firstListing = Locked(listing)
        let live = LiveBuild(content: options.content, output: options.output, cacheDirectory: options.cacheDirectory,
                             force: options.force)
        live.pause.withLock { $0 = options.rebuildPause }
        self.live = live
        let responder = PreviewResponder(files: StaticFiles(root: options.output), hub: hub, output: live.output,
                                         status: { [status] in status.current })
        http = try PreviewHTTPServer(host: options.host, port: options.port, idleTimeout: options.idleTimeout,
                                     log: log) { request in
            responder.respond(request)
        }
        live.previewOrigin.withLock { $0 = Self.origin(host: options.host, port: http.port) }
        rebuild(stamps: listing, paths: nil, first: true)
    }

    /// The address pages are served at, as `serve` prints it: the host as given (IPv6
    /// in brackets) and the port; `localhost` for a wildcard host (`0.0.0.0`, `::`), which
    /// listens on every interface but is no address a browser can open (as `hugo server
    /// --bind 0.0.0.0` says `localhost`).
    public static func origin(host: String, port: UInt16) -> String {
        let shown = isWildcard(host) ? "localhost" : host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)"
    }

    /// Whether the host is the unspecified address of IPv4 or IPv6 (every interface).
    public static func isWildcard(_ host: String) -> Bool {
        ["0.0.0.0", "::", "[::]", "0:0:0:0:0:0:0:0"].contains(host)
    }

    /// Starts serving and watching; returns at once.
    public func start() {
        http.open()
        pings.withLock { [hub, interval = options.pingInterval] task in
            task = serveTask {
                while (try? await Task.sleep(for: interval)) != nil { hub.ping() }
            }
        }
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
                + "(\(FileEvents.name) is unavailable, or the content has a symbolic link)")
        }
    }

    /// Stops watching, ends every open event stream and closes the server's sockets.
    public func stop() {
        watcher.stop()
        pings.withLock { $0?.cancel() }
        hub.closeAll()
        http.stop()
    }

    /// The number of builds announced so far (the live-reload generation).
    public var generation: Int { hub.generation }

    /// Whether the last rebuild was made from this listing of the content, editors'
    /// temporary files aside (a change to them alone rebuilds nothing): the server has
    /// caught up with every change that led to it.
    func hasBuilt(_ listing: [String: FileStamp]) -> Bool {
        builtListing.withLock { built in
            ContentWatcher.withoutEditorTemporaries(ContentWatcher.changes(from: built, to: listing)).isEmpty
        }
    }

    /// Rebuilds in memory and applies the difference to the output. The time logged runs
    /// from the change being picked up (the watcher's listing, passed in) to the output
    /// written: what `bench/site` reports as a one-file edit under `serve`.
    /// - Parameters:
    ///   - paths: the files whose stamps changed since the last rebuild's listing.
    ///   - first: the server's first build, made before it serves anything.
    private func rebuild(stamps: [String: FileStamp], paths: Set<String>?, first: Bool = false) {
        let start = ContinuousClock.now
        do {
            let outcome = try live.rebuild(stamps: stamps, changed: paths)
            let result = outcome.result
            let parts = (ContinuousClock.now - start).components
            let elapsed = String(format: "%.1f ms", Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15)
            let sorted = result.diagnostics.sorted
            let errors = sorted.filter { $0.severity == .error }
            status.current = result.diagnostics.hasErrors ? .failed(sorted) : .built
            if reported.withLock({ last in defer { last = sorted }; return last != sorted }) { report(result.diagnostics) }
            let work = "\(outcome.pagesReused) pages reused, \(outcome.filesWritten) files written, \(outcome.filesRemoved) removed"
            log(errors.isEmpty ? "Built in \(elapsed) (\(work); \(result.timings.summary))"
                : "The content has \(errors.count) error(s), listed above; serving the list of them")
        } catch let changed as BodyChanged {
            // The build tried twice (`LiveBuild`); the file is still being written, and the
            // watcher sees its next change.
            let message = Self.notRebuilt(changed, first: first)
            if first { status.current = .notBuilt(message) }
            log(message)
        } catch is BuildCancelled {
            // An interrupt during the first build: its thread cleans up and ends the process.
            InterruptCleanup.shared.awaitExit()
        } catch {
            status.current = .unwritable("cannot write \(options.output.path): \(error)")
            log("error: cannot write \(options.output.path): \(error)")
        }
        builtListing.withLock { $0 = stamps }
    }

    /// What is logged when a build gave up because a body kept changing while it was
    /// read. A rebuild leaves the output as it was (nothing failed to be written); the
    /// first build leaves nothing to serve, and pages say so until a change builds it.
    static func notRebuilt(_ changed: BodyChanged, first: Bool = false) -> String {
        let build = first ? "build" : "rebuild"
        let what = changed.replacedByLink
            ? "was replaced by a symbolic link while the \(build) was reading it (nothing was read through the link)"
            : "changed while the \(build) was reading it, twice in a row"
        guard first else {
            return "Not rebuilt: \(changed.file) \(what); the output stays as it was, and the next change to the "
                + "content rebuilds it"
        }
        return "Not built: \(changed.file) \(what); nothing is served until the next change to the content builds it"
    }
}

/// The last build's status, shared by the builder and the request handlers.
private final class StatusBox: Sendable {
    private let value = Locked(PreviewServer.Status.built)

    var current: PreviewServer.Status {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
