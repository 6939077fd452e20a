import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOPosix

/// The HTTP side of `serve`: Hummingbird's HTTP/1.1 server on SwiftNIO. Connections are
/// kept alive and multiplexed over NIO's event loops, so an idle or slow client never
/// holds up another; a connection that sends no complete request head for
/// `idleTimeout` (`ServeOptions`, 15 s) is closed (slow headers included: the timer
/// restarts only on a whole request part). NIO's `ServerBootstrap` puts an
/// `AcceptBackoffHandler` on the listening socket, so when descriptors run out (`EMFILE`)
/// accepting pauses for a second and resumes once they are freed, instead of stopping
/// for good; but running out is never reached: `ConnectionLimit` caps the connections
/// open at once below the descriptor limit (more wait in the backlog).
///
/// The server binds in `init` (a busy port fails there) but answers nothing before
/// `open()`: requests wait, as they would in the listening socket's backlog.
final class PreviewHTTPServer: Sendable {
    typealias Handler = @Sendable (Request, PreviewRequestContext) async -> Response

    let port: UInt16
    private let task: Task<Void, Never>
    private let finished = DispatchSemaphore(value: 0)
    private let gate = StartGate()

    init(host: String, port: UInt16, idleTimeout: Duration, log: @escaping @Sendable (String) -> Void = { _ in },
         handler: @escaping Handler) throws {
        let startup = Startup()
        let connections = ConnectionLimit.current()
        let gate = gate, finished = finished
        let responder = CallbackResponder<PreviewRequestContext> { request, context in
            await gate.wait()
            return await handler(request, context)
        }
        let timeout = idleTimeout.components
        let nanoseconds = timeout.seconds * 1_000_000_000 + timeout.attoseconds / 1_000_000_000
        let app = Application(
            responder: responder,
            server: .http1(configuration: .init(idleTimeout: .nanoseconds(nanoseconds))),
            configuration: .init(address: .hostname(host, port: Int(port)), backlog: 256,
                                 availableConnectionsDelegate: connections.delegate(log: log)),
            onServerRunning: { channel in startup.report(.success(UInt16(channel.localAddress?.port ?? 0))) },
            logger: Logger(label: "catalog-build.serve", factory: { _ in SwiftLogNoOpLogHandler() }))
        task = serveTask {
            do {
                try await app.run()
            } catch {
                let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
                startup.report(.failure(ServeError.bind("\(host):\(port)", reason)))
            }
            finished.signal()
        }
        switch startup.wait() {
        case .success(let bound): self.port = bound
        case .failure(let error):
            finished.wait()
            throw error
        }
    }

    /// Starts answering requests (those that arrived since `init` first).
    func open() { gate.open() }

    /// Closes the listening socket and every connection, and waits until they are closed.
    func stop() {
        gate.open()
        task.cancel()
        finished.wait()
    }
}

/// What a request handler knows besides the request: the connection, so that an event
/// stream ends as soon as its client is gone.
struct PreviewRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
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

/// The server's first outcome: the port it listens on, or why it could not.
private final class Startup: Sendable {
    private let outcome = Locked<Result<UInt16, ServeError>?>(nil)
    private let reported = DispatchSemaphore(value: 0)

    func report(_ result: Result<UInt16, ServeError>) {
        let first = outcome.withLock { value in
            guard value == nil else { return false }
            value = result
            return true
        }
        if first { reported.signal() }
    }

    func wait() -> Result<UInt16, ServeError> {
        reported.wait()
        return outcome.withLock { $0! }
    }
}

/// Holds requests until `open()`; afterwards `wait()` returns at once.
private final class StartGate: Sendable {
    private struct State {
        var isOpen = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func wait() async {
        if state.withLock({ $0.isOpen }) { return }
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }
}

/// Runs the server's tasks on NIO's event-loop threads (threads of their own, one per
/// core) instead of Swift's cooperative pool or Dispatch's: a caller blocking a pool
/// thread (the command's signal wait, a test's plain socket client) or the build's
/// `concurrentPerform` filling Dispatch's workers for seconds never delays an answer.
/// The handlers block only briefly (the output's lock, a file read).
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
