#if os(macOS)
import CoreServices
import Foundation

/// The kernel's change notifications for a directory tree, on Darwin: one FSEvents
/// stream on the root, which sees every directory below it, so `watch` has nothing to
/// add. Used by one thread at a time; the stream's callback only signals a semaphore,
/// which the stream keeps (retained once here, released by the stream when it goes).
final class FileEvents {
    /// Named in `serve`'s message when it polls instead.
    static let name = "FSEvents"

    private let stream: FSEventStreamRef
    private let changed: DispatchSemaphore

    /// Nil when the stream cannot be made or started.
    init?(root: String) {
        let changed = DispatchSemaphore(value: 0)
        var context = FSEventStreamContext(
            version: 0, info: Unmanaged.passRetained(changed).toOpaque(), retain: nil,
            release: { info in if let info { Unmanaged<DispatchSemaphore>.fromOpaque(info).release() } },
            copyDescription: nil)
        let callback: FSEventStreamCallback = { _, info, _, _, _, _ in
            guard let info else { return }
            Unmanaged<DispatchSemaphore>.fromOpaque(info).takeUnretainedValue().signal()
        }
        let flags = FSEventStreamCreateFlags(kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer)
        guard let stream = FSEventStreamCreate(
            nil, callback, &context, [root] as CFArray,
            FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 0.01, flags)
        else { return nil }
        FSEventStreamSetDispatchQueue(stream, DispatchQueue(label: "catalog-build.file-events"))
        guard FSEventStreamStart(stream) else {
            FSEventStreamInvalidate(stream)
            FSEventStreamRelease(stream)
            return nil
        }
        self.stream = stream
        self.changed = changed
    }

    deinit {
        FSEventStreamStop(stream)
        FSEventStreamInvalidate(stream)
        FSEventStreamRelease(stream)
    }

    /// The root's stream already covers every directory below it.
    func watch(directory: String) -> Bool { true }

    /// Waits up to `milliseconds` for events and takes them all; true when there were any.
    func wait(milliseconds: Int32) -> Bool {
        guard changed.wait(timeout: .now() + .milliseconds(Int(milliseconds))) == .success else { return false }
        while changed.wait(timeout: .now()) == .success {}
        return true
    }
}
#endif
