import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain-socket HTTP client for the serve tests: a real TCP connection to 127.0.0.1,
/// without URLSession, so that an event stream can be read line by line.
final class TestConnection {
    private let socket: Int32
    private var buffer = Data()

    /// Connects and sends `GET path` (or `method`) with `headers`; `Connection: close` by
    /// default for a plain request, so that the response ends with the connection.
    init(port: UInt16, path: String, method: String = "GET", headers: [String] = []) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TestHTTPError.connect }
        // A generous limit that only turns a hang into a failure; never a speed check.
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let head = (["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1"] + headers).joined(separator: "\r\n")
        let request = Data((head + "\r\n\r\n").utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    deinit { close(socket) }

    /// Reads until `marker` has arrived; returns everything read so far, or nil at EOF.
    func read(until marker: String) -> String? {
        let needle = Data(marker.utf8)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while buffer.range(of: needle) == nil {
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// The whole response of a non-streaming request: status and body.
    func response() -> (status: Int, body: String) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            buffer.append(contentsOf: chunk[0..<count])
        }
        let text = String(decoding: buffer, as: UTF8.self)
        let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (status, body)
    }

    static func get(port: UInt16, _ path: String) throws -> (status: Int, body: String) {
        try TestConnection(port: port, path: path, headers: ["Connection: close"]).response()
    }
}

enum TestHTTPError: Error { case connect }
