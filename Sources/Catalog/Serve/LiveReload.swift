import Foundation
import Synchronization

/// Server-Sent Events at `/__livereload`: every open page listens, and after each rebuild
/// the server sends `event: reload` with the new build number. A page knows the number it
/// was served with, so one that connects late (or reconnects after a restart) and sees a
/// newer number reloads too, and one that is current ignores the greeting.
final class LiveReloadHub: Sendable {
    static let path = "/__livereload"

    private struct State {
        var clients: [Int32] = []
        var generation = 0
    }

    private let state = Mutex(State())

    var generation: Int { state.withLock { $0.generation } }

    /// Keeps the connection open as an event stream, greeting it with the current build.
    /// The greeting is sent under the lock, so that no announcement can overtake it.
    func add(_ socket: Int32) {
        let added = state.withLock { state in
            guard Socket.send(socket, PreviewResponse.eventStreamHead + Self.event(state.generation)) else { return false }
            state.clients.append(socket)
            return true
        }
        if !added { Socket.close(socket) }
    }

    /// Announces a new build to every page; a client that is gone is closed and dropped.
    func announce() {
        let (clients, generation) = state.withLock { state in
            state.generation += 1
            return (state.clients, state.generation)
        }
        for socket in clients where !Socket.send(socket, Self.event(generation)) { remove(socket) }
    }

    /// Closes every stream (when the server stops).
    func closeAll() {
        let clients = state.withLock { state in
            defer { state.clients = [] }
            return state.clients
        }
        for socket in clients { Socket.close(socket) }
    }

    private func remove(_ socket: Int32) {
        let removed = state.withLock { state in
            guard let index = state.clients.firstIndex(of: socket) else { return false }
            state.clients.remove(at: index)
            return true
        }
        if removed { Socket.close(socket) }
    }

    static func event(_ generation: Int) -> Data {
        Data("event: reload\ndata: \(generation)\n\n".utf8)
    }

    /// The script added to served pages, for the build number they were served with.
    static func script(generation: Int) -> String {
        "<script>(()=>{const g=\"\(generation)\";new EventSource(\"\(path)\")"
            + ".addEventListener(\"reload\",e=>{if(e.data!==g)location.reload()})})()</script>"
    }

    /// Inserts the script before `</body>` (or appends it when the page has none).
    static func inject(_ script: String, into page: Data) -> Data {
        let marker = Data("</body>".utf8)
        guard let range = page.range(of: marker, options: .backwards) else { return page + Data(script.utf8) }
        var result = page
        result.replaceSubrange(range.lowerBound..<range.lowerBound, with: Data(script.utf8))
        return result
    }
}
