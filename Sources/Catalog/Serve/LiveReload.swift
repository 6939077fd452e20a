import Foundation

/// Server-Sent Events at `/__livereload`: every open page listens, and after each rebuild
/// the server sends `event: reload` with the new build number. A page knows the number it
/// was served with, so one that connects late (or reconnects after a restart) and sees a
/// newer number reloads too, and one that is current ignores the greeting.
///
/// At most `maximumStreams` streams are open at once; past that a request gets `503`
/// (its page then simply does not reload by itself), so that streams cannot use up the
/// process's descriptors. A stream ends when its connection closes or the server stops;
/// since a client's leaving is only seen when a write to it fails, every stream gets a
/// comment line (`ping`, every 5 s) that frees the place of a client gone quietly.
final class LiveReloadHub: Sendable {
    static let path = "/__livereload"
    static let maximumStreams = 64

    private struct State {
        var streams: [Int: AsyncStream<Int>.Continuation] = [:]
        var nextID = 0
        var generation = 0
    }

    private let state = Locked(State())

    var generation: Int { state.withLock { $0.generation } }

    var streamCount: Int { state.withLock { $0.streams.count } }

    /// A stream of build numbers that starts with the current one, or nil when
    /// `maximumStreams` are open. The greeting is queued under the lock, so that no
    /// announcement can overtake it; only the newest few numbers are kept for a slow reader.
    func subscribe() -> (events: AsyncStream<Int>, end: @Sendable () -> Void)? {
        let (events, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(4))
        let id: Int? = state.withLock { state in
            guard state.streams.count < Self.maximumStreams else { return nil }
            continuation.yield(state.generation)
            defer { state.nextID += 1 }
            state.streams[state.nextID] = continuation
            return state.nextID
        }
        guard let id else { return nil }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return (events, { continuation.finish() })
    }

    /// Announces a new build to every page.
    func announce() {
        state.withLock { state in
            state.generation += 1
            for continuation in state.streams.values { continuation.yield(state.generation) }
        }
    }

    /// Sends every stream a comment, which fails (ending the stream) where the client left.
    func ping() {
        state.withLock { state in
            for continuation in state.streams.values { continuation.yield(Self.ping) }
        }
    }

    /// Ends every stream (when the server stops).
    func closeAll() {
        let streams = state.withLock { state in
            defer { state.streams = [:] }
            return state.streams
        }
        for continuation in streams.values { continuation.finish() }
    }

    private func remove(_ id: Int) {
        _ = state.withLock { $0.streams.removeValue(forKey: id) }
    }

    /// What `ping` queues in place of a build number.
    static let ping = -1

    /// The text sent for a build number (or a ping).
    static func event(_ generation: Int) -> String {
        generation == ping ? ":\n\n" : "event: reload\ndata: \(generation)\n\n"
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
