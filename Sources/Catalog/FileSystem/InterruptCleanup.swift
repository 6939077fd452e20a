import Foundation

/// Removes staging directories when the process is interrupted (Ctrl-C, SIGTERM), so an
/// interrupted build leaves nothing beside the output, which it never touched.
public final class InterruptCleanup: @unchecked Sendable {
    public static let shared = InterruptCleanup()

    private let lock = NSLock()
    private var paths: Set<String> = []
    private var sources: [DispatchSourceSignal] = []

    func register(_ url: URL) { lock.withLock { _ = paths.insert(url.path) } }
    func unregister(_ url: URL) { lock.withLock { _ = paths.remove(url.path) } }

    /// Handles SIGINT and SIGTERM: removes what is registered, then exits 128 + signal.
    public func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                let pending = lock.withLock { paths }
                for path in pending { try? FileManager.default.removeItem(atPath: path) }
                _exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
