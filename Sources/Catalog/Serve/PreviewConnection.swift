import NIOCore
import NIOHTTP1
import NIOPosix

/// One connection of `serve`, after NIO's HTTP/1.1 decoder and its pipelining handler
/// (which holds a pipelined request back until the answer before it has ended, so this
/// handler sees one request at a time). It answers each request once the server is open
/// (`StartGate`), running the handler on `pool` and writing its answer back on the event
/// loop, keeps the connection alive unless the request says otherwise, and closes
/// it when it has no whole request head for `idleTimeout`: the timer runs from the
/// connection's start and from each answer's end, and only a decoded head stops it, so a
/// head sent too slowly is cut off too.
final class PreviewConnection: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let idleTimeout: TimeAmount
    private let gate: StartGate
    private let pool: NIOThreadPool
    private let handler: PreviewHTTPServer.Handler
    private var head: HTTPRequestHead?
    /// Whether a request is being read or answered (the idle timer then does nothing).
    private var busy = false
    private var idleTimer: Scheduled<Void>?

    init(idleTimeout: TimeAmount, gate: StartGate, pool: NIOThreadPool, handler: @escaping PreviewHTTPServer.Handler) {
        self.idleTimeout = idleTimeout
        self.gate = gate
        self.pool = pool
        self.handler = handler
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startIdleTimer(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        startIdleTimer(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        idleTimer?.cancel()
        idleTimer = nil
    }

    /// A failed read or write (the client reset the connection): the connection is done.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            idleTimer?.cancel()
            idleTimer = nil
            busy = true
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            // Answered on the pool, then written on this loop (never inside the write that
            // let the pipelining handler pass this request on).
            let loop = context.eventLoop, bound = NIOLoopBound((self, context), eventLoop: loop)
            let pool = pool, handler = handler
            gate.whenOpen {
                pool.runIfActive(eventLoop: loop) { handler(PreviewRequest(head)) }.whenComplete { answered in
                    let (connection, context) = bound.value
                    guard case .success(let response) = answered else { return context.close(promise: nil) }
                    connection.answer(head, with: response, context: context)
                }
            }
        }
    }

    private func answer(_ head: HTTPRequestHead, with answered: PreviewResponse, context: ChannelHandlerContext) {
        guard context.channel.isActive else {
            if case .events(_, let end) = answered.body { end() }
            return
        }
        var response = answered
        response.headers.add(name: "Date", value: HTTPDate.now)
        if !head.isKeepAlive { response.headers.replaceOrAdd(name: "Connection", value: "close") }
        let isHead = head.method == .HEAD
        switch response.body {
        case .none:
            write(response, version: head.version, context: context)
            finish(keepAlive: head.isKeepAlive, context: context)
        case .bytes(let bytes):
            if !response.headers.contains(name: "Content-Length") {
                response.headers.add(name: "Content-Length", value: String(bytes.readableBytes))
            }
            write(response, version: head.version, context: context)
            if !isHead { context.write(wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil) }
            finish(keepAlive: head.isKeepAlive, context: context)
        case .events(let events, let end):
            write(response, version: head.version, context: context)
            context.flush()
            stream(events, end: end, keepAlive: head.isKeepAlive, context: context)
        }
    }

    private func write(_ response: PreviewResponse, version: HTTPVersion, context: ChannelHandlerContext) {
        let head = HTTPResponseHead(version: version, status: response.status, headers: response.headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
    }

    /// Sends each build number as an event until the stream ends (the server stops, or
    /// the connection closes: a write fails, or the close is seen), then ends the answer.
    private func stream(_ events: AsyncStream<Int>, end: @escaping @Sendable () -> Void, keepAlive: Bool,
                        context: ChannelHandlerContext) {
        let channel = context.channel, loop = context.eventLoop
        let bound = NIOLoopBound((self, context), eventLoop: loop)
        channel.closeFuture.whenComplete { _ in end() }
        _ = serveTask {
            for await generation in events {
                let event = NIOCore.ByteBuffer(string: LiveReloadHub.event(generation))
                do { try await channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(event))).get() } catch { break }
            }
            end()
            loop.execute {
                let (connection, context) = bound.value
                connection.finish(keepAlive: keepAlive, context: context)
            }
        }
    }

    /// Ends the answer: the idle timer starts again (before the write, which may pass on
    /// a pipelined request), and a request that asked for it gets the connection closed.
    private func finish(keepAlive: Bool, context: ChannelHandlerContext) {
        busy = false
        startIdleTimer(context)
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let bound = context.loopBound
            written.whenComplete { _ in bound.value.close(promise: nil) }
        }
    }

    private func startIdleTimer(_ context: ChannelHandlerContext) {
        idleTimer?.cancel()
        guard context.channel.isActive else { return }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        idleTimer = context.eventLoop.assumeIsolated().scheduleTask(in: idleTimeout) {
            let (connection, context) = bound.value
            connection.idleTimer = nil
            if !connection.busy { context.close(promise: nil) }
        }
    }
}

/// Holds requests until `open()`; afterwards `whenOpen` runs its action at once.
final class StartGate: Sendable {
    private struct State {
        var isOpen = false
        var waiting: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())

    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for action in waiting { action() }
    }

    func whenOpen(_ action: @escaping @Sendable () -> Void) {
        let isOpen = state.withLock { state in
            if !state.isOpen { state.waiting.append(action) }
            return state.isOpen
        }
        if isOpen { action() }
    }
}
