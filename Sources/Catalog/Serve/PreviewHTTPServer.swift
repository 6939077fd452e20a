import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The HTTP side of `serve`: an HTTP/1.1 server on SwiftNIO (`ServerBootstrap`, NIO's
/// HTTP/1.1 pipeline with pipelining assistance, then `PreviewConnection`). Connections
/// are kept alive and multiplexed over NIO's event loops, so an idle or slow client never
/// holds up another; a connection that sends no complete request head for `idleTimeout`
/// (`ServeOptions`, 15 s) is closed (slow headers included). NIO's `ServerBootstrap` puts
/// an `AcceptBackoffHandler` on the listening socket, so when descriptors run out
/// (`EMFILE`) accepting pauses for a second and resumes once they are freed, instead of
/// stopping for good; but running out is never reached: `ConnectionLimit` caps the
/// connections open at once below the descriptor limit (more wait in the backlog).
///
/// Requests are answered on `PreviewHTTPServer.pool`, threads for blocking work, as
/// SwiftNIO asks (`NIOThreadPool`, which its `NonBlockingFileIO` uses too): a slow file
/// read, or one that waits while a rebuild applies its change to the output, holds up
/// no event loop, so every other connection is served meanwhile. The answer is written
/// back on the connection's event loop.
///
/// The server binds in `init` (a busy port fails there) but answers nothing before
/// `open()`: requests wait, as they would in the listening socket's backlog.
final class PreviewHTTPServer: Sendable {
    /// Answers one request; runs on `pool`, so it may block (the output's lock, file reads).
    typealias Handler = @Sendable (PreviewRequest) -> PreviewResponse

    /// The threads that run handlers: one process-wide pool for every server (tests start
    /// many), started once and never stopped. Four, whatever the cores (the work is reading
    /// files, not computing): a request waiting for a rebuild's change to be applied leaves
    /// others free, and the descriptors they hold (a file and a directory each) stay well
    /// within `ConnectionLimit.reserve`.
    static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 4)
        pool.start()
        return pool
    }()

    let port: UInt16
    private let listener: any Channel
    private let connections = OpenConnections()
    private let gate = StartGate()

    init(host: String, port: UInt16, idleTimeout: Duration, limit: ConnectionLimit = .current(),
         log: @escaping @Sendable (String) -> Void = { _ in }, handler: @escaping Handler) throws {
        let gate = gate, connections = connections
        let timeout = TimeAmount.nanoseconds(Int64(idleTimeout.components.seconds) * 1_000_000_000
                                             + idleTimeout.components.attoseconds / 1_000_000_000)
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(limit.handler(log: log))
                }
            }
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                connections.add(channel)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(
                        PreviewConnection(idleTimeout: timeout, gate: gate, pool: Self.pool, handler: handler))
                }
            }
        do {
            listener = try bootstrap.bind(host: host, port: Int(port)).wait()
        } catch {
            let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
            throw ServeError.bind("\(host):\(port)", reason)
        }
        self.port = UInt16(listener.localAddress?.port ?? 0)
    }

    /// Starts answering requests (those that arrived since `init` first).
    func open() { gate.open() }

    /// Closes the listening socket and every connection, and waits until they are closed.
    func stop() {
        gate.open()
        try? listener.close().wait()
        connections.closeAll()
    }
}

public enum ServeError: Error, CustomStringConvertible {
    case bind(String, String)

    public var description: String {
        switch self {
        case .bind(let address, let reason): "cannot listen on \(address): \(reason)"
        }
    }
}

/// The connections open now, so that `stop` can close them.
private final class OpenConnections: Sendable {
    private let channels = Locked<[ObjectIdentifier: any Channel]>([:])

    func add(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        channels.withLock { $0[key] = channel }
        channel.closeFuture.whenComplete { [channels] _ in _ = channels.withLock { $0.removeValue(forKey: key) } }
    }

    func closeAll() {
        let open = channels.withLock { Array($0.values) }
        for channel in open { channel.close(promise: nil) }
        for channel in open { try? channel.closeFuture.wait() }
    }
}

/// Runs the server's tasks (the live-reload streams' writers, their pings) on NIO's
/// event-loop threads (threads of their own, one per core), where the requests are
/// answered too, instead of Swift's cooperative pool or Dispatch's: a caller blocking a
/// pool thread (the command's signal wait, a test's plain socket client) or the build's
/// `concurrentPerform` filling Dispatch's workers for seconds never delays an event.
@available(macOS 15, *)
final class ServeExecutor: TaskExecutor {
    static let shared = ServeExecutor(MultiThreadedEventLoopGroup.singleton)
    let group: any EventLoopGroup

    init(_ group: any EventLoopGroup) { self.group = group }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        group.next().execute { job.runSynchronously(on: executor) }
    }
}

/// A task of the preview server, on its own threads (`ServeExecutor`); before macOS 15,
/// which has no task executors, on Swift's shared pool like any task.
func serveTask(_ operation: sending @escaping () async -> Void) -> Task<Void, Never> {
    if #available(macOS 15, *) { return Task(executorPreference: ServeExecutor.shared, operation: operation) }
    return Task(operation: operation)
}
