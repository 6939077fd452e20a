import Foundation
import NIOCore

/// How many connections `serve` holds open at once, so that the process never runs out
/// of descriptors. Running out is not survivable: Dispatch's thread-pool monitor opens
/// `/proc/<tid>/stat` every second while work is queued and traps (SIGILL) when that
/// open fails, and the build, the watcher and file responses need descriptors too. So
/// the soft limit is raised to the hard one, and accepting pauses (connections wait in
/// the listening socket's backlog) while `cap` are open, leaving `reserve` free.
struct ConnectionLimit: Sendable, Equatable {
    /// Descriptors kept free for everything but connections: the build's reads and
    /// writes, the files responses are read from (`PreviewHTTPServer.pool`'s four threads),
    /// the content listing, Dispatch's monitor, and the few
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

    /// The listening socket's handler that holds new connections while `cap` are open;
    /// `log` hears once when the cap is first reached.
    func handler(log: @escaping @Sendable (String) -> Void) -> some ChannelHandler {
        CappedConnections(limit: self, log: log)
    }
}

/// Counts open connections on the listening socket's event loop; while `cap` are open
/// the socket is not read (a `read` is held back until one closes), so new connections
/// wait in the backlog.
private final class CappedConnections: ChannelDuplexHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel
    typealias OutboundIn = Never

    let limit: ConnectionLimit
    let log: @Sendable (String) -> Void
    private var open = 0
    private var warned = false
    private var readHeld = false

    init(limit: ConnectionLimit, log: @escaping @Sendable (String) -> Void) {
        self.limit = limit
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        opened()
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        unwrapInboundIn(data).closeFuture.hop(to: context.eventLoop).whenComplete { _ in
            let (handler, context) = bound.value
            handler.closed(context: context)
        }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        guard open < limit.cap else {
            readHeld = true
            return
        }
        context.read()
    }

    private func opened() {
        open += 1
        if open >= limit.cap && !warned {
            warned = true
            log("Holding new connections while \(limit.cap) are open, as many as the descriptor limit "
                + "(\(limit.limit)) leaves room for; each waits until another closes")
        }
    }

    private func closed(context: ChannelHandlerContext) {
        open -= 1
        if readHeld && open < limit.cap {
            readHeld = false
            context.read()
        }
    }
}
