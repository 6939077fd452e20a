import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX socket calls the preview server needs, loopback only.
enum Socket {
    /// A listening TCP socket on 127.0.0.1 (port 0: the system picks a free one).
    static func listen(port: UInt16) throws -> (socket: Int32, port: UInt16) {
        #if os(Linux)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw ServeError.socket("socket", errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // 127.0.0.1: never other hosts
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(descriptor, 64) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw ServeError.socket("bind 127.0.0.1:\(port)", code)
        }
        return (descriptor, boundPort(descriptor))
    }

    private static func boundPort(_ descriptor: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Sends all of `data`; false when the peer is gone. Never raises SIGPIPE.
    @discardableResult
    static func send(_ descriptor: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// Reads a request head (up to the blank line, at most 16 KiB); nil on timeout or EOF.
    static func readHead(_ descriptor: Int32) -> String? {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count < 16384 {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
            if data.range(of: Data("\r\n\r\n".utf8)) != nil { return String(decoding: data, as: UTF8.self) }
        }
        return nil
    }

    static func close(_ descriptor: Int32) {
        shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
    }
}

public enum ServeError: Error, CustomStringConvertible {
    case socket(String, Int32)

    public var description: String {
        switch self {
        case .socket(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
