#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that several threads share, read and changed only under a lock: what
/// Synchronization's `Mutex` gives, which needs macOS 15 (the package supports 13). A
/// class, so that the `pthread_mutex_t` is allocated once and never
/// moves, as POSIX requires; the same code on Linux and Darwin.
public final class Locked<Value> {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock (not reentrant: `body` must not
    /// take the same lock again).
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// The value is reached only under the lock, so the box is as sendable as its value.
extension Locked: @unchecked Sendable where Value: Sendable {}
