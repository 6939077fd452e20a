import CCatalogSystem
import Foundation

/// Drops the last reference to a large value on another thread. Freeing a catalog's
/// model, its search documents or a build's output records is tens of thousands of
/// `free` calls: tens of milliseconds that the end of a build, which runs on one thread,
/// need not wait for (and a process that exits first never spends).
enum BackgroundRelease {
    /// Whoever drops the last reference frees the value: pass a local at its last use
    /// (with `consume` where the compiler would otherwise keep it to the end of its scope).
    /// With `releasingMemory`, the freed memory is then given back to the system
    /// (`dropNow`): for a large value freed while the build goes on (the loaded tree, a
    /// locale's search index), whose pages glibc would otherwise keep resident beside the
    /// ones the build allocates next (at 250,000 versions, about 250 MB of the peak).
    static func drop<T: Sendable>(_ value: consuming T, releasingMemory: Bool = false) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async {
            box.value = nil
            if releasingMemory { cb_release_free_memory() }
        }
    }

    /// Frees the value here and now, and gives the freed memory back to the system
    /// (glibc keeps freed small allocations resident otherwise): for what a build is done
    /// with before it makes large buffers, which would otherwise come on top of it.
    static func dropNow<T>(_ value: consuming T) {
        _ = consume value
        cb_release_free_memory()
    }

    /// A value handed to another thread, which empties it once (`take`).
    final class Box<T: Sendable>: @unchecked Sendable {
        /// Set once on the thread that makes the box, emptied once on the other.
        var value: T?
        init(_ value: T) { self.value = value }

        func take() -> T? {
            defer { value = nil }
            return value
        }
    }
}
