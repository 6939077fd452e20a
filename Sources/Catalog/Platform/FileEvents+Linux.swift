#if os(Linux)
import Glibc

/// The kernel's change notifications for a directory tree, on Linux: inotify, one watch
/// per directory (it does not see into subdirectories), so `DirectoryEvents` adds one
/// for every directory it finds. Used by one thread at a time.
final class FileEvents {
    /// Named in `serve`'s message when it polls instead.
    static let name = "inotify"

    private let descriptor: Int32
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB
        | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// Nil when the system has no inotify.
    init?(root: String) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Watches one directory (not what is below it); false when no watch is left.
    func watch(directory: String) -> Bool {
        inotify_add_watch(descriptor, directory, Self.mask) >= 0
    }

    /// Waits up to `milliseconds` for events and reads them all; true when there were any.
    func wait(milliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return false }
        var drained = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 { drained = true }
        return drained
    }
}
#endif
