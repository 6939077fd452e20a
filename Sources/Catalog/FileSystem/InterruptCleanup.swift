import Foundation

/// Removes staging directories when the process is interrupted (Ctrl-C, SIGTERM), so an
/// interrupted build leaves nothing beside the output, which it never touched.
public final class InterruptCleanup: @unchecked Sendable {
    public static let shared = InterruptCleanup()

    private let lock = NSLock()
    private var paths: Set<String> = []
    private var sources: [DispatchSourceSignal] = []
    /// What a signal does instead, once a command handles them itself (`handOver`).
    private var handler: (@Sendable () -> Void)?

    func register(_ url: URL) { lock.withLock { _ = paths.insert(url.path) } }
    func unregister(_ url: URL) { lock.withLock { _ = paths.remove(url.path) } }

    /// Handles SIGINT and SIGTERM: removes what is registered, then exits 128 + signal.
    public func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                let (pending, handler) = lock.withLock { (paths, self.handler) }
                if let handler { return handler() }
                for path in pending { Self.removeWhole(path) }
                _exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// From now on SIGINT and SIGTERM call `handler` instead, for a command that stops
    /// cleanly by itself (`serve`, once its first build is written). The same sources stay:
    /// a second source for the same signal is not reliably told of it on Linux.
    public func handOver(to handler: @escaping @Sendable () -> Void) { lock.withLock { self.handler = handler } }

    /// Removes a staging folder whole, also while the build's threads are still writing
    /// into it: a file made between the listing and the removal of its folder leaves the
    /// folder not empty, so it is tried again. The threads write beneath the staging
    /// folder's descriptor (`OutputDirectory`), so once it is gone nothing is added.
    static func removeWhole(_ path: String) {
        for _ in 0..<100 {
            try? FileManager.default.removeItem(atPath: path)
            if access(path, F_OK) != 0 { return }
        }
    }
}
