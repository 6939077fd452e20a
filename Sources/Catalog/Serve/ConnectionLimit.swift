import Foundation
import HummingbirdCore

/// How many connections `serve` holds open at once, so that the process never runs out
/// of descriptors. Running out is not survivable: Dispatch's thread-pool monitor opens
/// `/proc/<tid>/stat` every second while work is queued and traps (SIGILL) when that
/// open fails, and the build, the watcher and file responses need descriptors too. So
/// the soft limit is raised to the hard one, and accepting pauses (connections wait in
/// the listening socket's backlog) while `cap` are open, leaving `reserve` free.
struct ConnectionLimit: Sendable, Equatable {
    /// Descriptors kept free for everything but connections: the build's reads and
    /// writes, a response's file, the content listing, Dispatch's monitor, and the few
    /// connections NIO may accept in one go before the pause takes effect.
    static let reserve = 32

    /// The process's descriptor limit.
    let limit: Int
    /// The most connections open at once.
    let cap: Int

    /// The limit for this process now: raises the soft limit to the hard one (as far as
    /// 1,048,576; 10,240 on macOS) and subtracts the descriptors already open and `reserve`.
    static func current() -> ConnectionLimit {
        let limit = raiseSoftLimit()
        return ConnectionLimit(limit: limit, open: openDescriptors())
    }

    init(limit: Int, open: Int) {
        self.limit = limit
        cap = max(1, limit - open - Self.reserve)
    }

    /// The soft `RLIMIT_NOFILE` after raising it as far as allowed.
    private static func raiseSoftLimit() -> Int {
        var limits = rlimit()
        guard getrlimit(DescriptorLimit.resource, &limits) == 0 else { return 1024 }
        let wanted = min(limits.rlim_max, DescriptorLimit.ceiling)
        if limits.rlim_cur < wanted {
            var raised = limits
            raised.rlim_cur = wanted
            if setrlimit(DescriptorLimit.resource, &raised) == 0 { return Int(wanted) }
        }
        return Int(min(limits.rlim_cur, DescriptorLimit.ceiling))
    }

    /// The number of descriptors open now (`/dev/fd` lists them; 16 if it cannot be read).
    private static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd").count) ?? 16
    }

    /// Hummingbird's accept gate for this cap; `log` hears once when the cap is first reached.
    func delegate(log: @escaping @Sendable (String) -> Void) -> some AvailableConnectionsDelegate {
        CappedConnections(limit: self, log: log)
    }
}

/// Counts open connections on the listening socket's event loop; while `cap` are open
/// the socket is not read, so new connections wait in the backlog.
private struct CappedConnections: AvailableConnectionsDelegate {
    let limit: ConnectionLimit
    let log: @Sendable (String) -> Void
    var open = 0
    var warned = false

    mutating func connectionOpened() {
        open += 1
        if open >= limit.cap && !warned {
            warned = true
            log("Holding new connections while \(limit.cap) are open, as many as the descriptor limit "
                + "(\(limit.limit)) leaves room for; each waits until another closes")
        }
    }

    mutating func connectionClosed() { open -= 1 }

    func isAcceptingNewConnections() -> Bool { open < limit.cap }
}
