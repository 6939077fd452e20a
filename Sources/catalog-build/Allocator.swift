#if canImport(Glibc)
import Glibc
#endif

/// The malloc this process runs with, named under `build --timings` so that a figure says
/// what it was measured with. On Linux the binary links mimalloc (Package.swift), which
/// then answers every malloc in the process; a binary linked without it, or a library that
/// binds `malloc` elsewhere, says so here instead of passing silently.
enum Allocator {
    static var name: String {
        #if os(Linux)
        // A null handle is glibc's RTLD_DEFAULT: the process's global lookup, as a call to
        // `malloc` from any library binds. mimalloc defines `malloc` as an alias of `mi_malloc`.
        guard let version = dlsym(nil, "mi_version"), let malloc = dlsym(nil, "malloc"),
              malloc == dlsym(nil, "mi_malloc") else { return "the C library's malloc" }
        let number = Int(unsafeBitCast(version, to: (@convention(c) () -> CInt).self)())
        return "mimalloc \(number / 100).\(number / 10 % 10).\(number % 10)"
        #else
        return "the system's malloc"
        #endif
    }
}
