#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The few system calls whose Swift names or fields differ between Linux (Glibc) and
// Darwin. Everything else the package calls (open, openat, fstatat, readdir, poll, …)
// has the same name and meaning on both; the C side is in Sources/CSystem.

extension stat {
    /// The modification time in nanoseconds since 1970 (`st_mtim` on Linux,
    /// `st_mtimespec` on Darwin).
    var modifiedNanoseconds: Int64 {
        #if canImport(Darwin)
        Int64(st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st_mtimespec.tv_nsec)
        #else
        Int64(st_mtim.tv_sec) * 1_000_000_000 + Int64(st_mtim.tv_nsec)
        #endif
    }
}

/// `write(2)`, for types that have a `write` method of their own.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// `read(2)`, for types that have a `read` method of their own.
func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}

/// `open(2)`, for types that have an `open` method of their own.
func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// `RLIMIT_NOFILE` as `getrlimit` takes it, and the highest soft limit to ask for.
enum DescriptorLimit {
    #if os(Linux)
    static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    static let ceiling: rlim_t = 1 << 20
    #else
    static let resource = RLIMIT_NOFILE
    /// Darwin's setrlimit refuses a soft limit above OPEN_MAX (10,240).
    static let ceiling: rlim_t = 10_240
    #endif
}
