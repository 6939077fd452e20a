import Foundation
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1: one thread accepts, each connection is handled
/// on a global queue and closed after its response, except event streams, which the
/// handler takes over. Enough for one author's browser; no dependency to build.
final class LoopbackHTTPServer: Sendable {
    /// What to do with a request: answer it, or keep the socket (an event stream).
    enum Reply: Sendable {
        case response(PreviewResponse)
        case keep
    }

    typealias Handler = @Sendable (PreviewRequest, Int32) -> Reply

    let port: UInt16
    private let listener: Int32
    private let handler: Handler
    private let stopped = Mutex(false)
    private let finished = DispatchSemaphore(value: 0)

    init(port: UInt16, handler: @escaping Handler) throws {
        (listener, self.port) = try Socket.listen(port: port)
        self.handler = handler
    }

    /// Starts accepting on a thread of its own; returns at once.
    func start() {
        let thread = Thread { [self] in
            acceptLoop()
            finished.signal()
        }
        thread.start()
    }

    /// Closes the listening socket, which ends the accept loop, and waits for it.
    func stop() {
        let already = stopped.withLock { value in
            defer { value = true }
            return value
        }
        guard !already else { return }
        Socket.close(listener)
        finished.wait()
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return  // the listener was closed
            }
            DispatchQueue.global().async { [self] in handle(client) }
        }
    }

    private func handle(_ client: Int32) {
        guard let head = Socket.readHead(client) else {
            Socket.close(client)
            return
        }
        guard let request = PreviewRequest(head: head) else {
            Socket.send(client, PreviewResponse.text(400, "bad request").serialized())
            Socket.close(client)
            return
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            Socket.send(client, PreviewResponse.text(405, "only GET and HEAD").serialized())
            Socket.close(client)
            return
        }
        switch handler(request, client) {
        case .response(let response):
            Socket.send(client, response.serialized(includeBody: request.method == "GET"))
            Socket.close(client)
        case .keep:
            break
        }
    }
}
