import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the tests do differently on Darwin (CI's macOS job); the tool's own differences
/// are in Sources/Catalog/Platform.
enum TestPlatform {
    #if os(Linux)
    /// For tests of what only Linux has: /proc, openat2, ELF symbol interposition.
    static let isLinux = true
    /// `SOCK_STREAM` as `socket` takes it (Glibc imports it as an enum).
    static let streamSocket = Int32(SOCK_STREAM.rawValue)
    /// `send` flags that keep a peer's close from raising SIGPIPE.
    static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    static let isLinux = false
    static let streamSocket = SOCK_STREAM
    /// Darwin sets SO_NOSIGPIPE on the socket instead (`openSocket`).
    static let noSignal: Int32 = 0
    #endif

    /// A TCP socket that never raises SIGPIPE (Linux: with `noSignal` on every send).
    static func openSocket() -> Int32 {
        let descriptor = socket(AF_INET, streamSocket, 0)
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return descriptor
    }

    /// `connect(2)` and `send(2)`, for types that have methods of those names.
    static func connectSocket(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        connect(descriptor, address, length)
    }

    static func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        send(descriptor, bytes, count, noSignal)
    }
}
