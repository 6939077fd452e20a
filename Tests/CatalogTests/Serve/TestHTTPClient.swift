import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain-socket HTTP client for the serve tests: a real TCP connection to 127.0.0.1,
/// without URLSession, so that an event stream can be read line by line and any bytes
/// (a malformed path, half a request) can be sent.
final class TestConnection {
    let socket: Int32
    private var buffer = Data()

    /// Connects; `seconds` bounds every read (a generous limit that only turns a hang
    /// into a failure, never a speed check).
    init(port: UInt16, seconds: Int = 30) throws {
        socket = try Self.connect(port: port)
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Connects and sends `GET path` (or `method`) with `headers`.
    convenience init(port: UInt16, path: String, method: String = "GET", headers: [String] = []) throws {
        try self.init(port: port)
        let head = (["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1"] + headers).joined(separator: "\r\n")
        send(head + "\r\n\r\n")
    }

    deinit { close(socket) }

    static func connect(port: UInt16) throws -> Int32 {
        let descriptor = TestPlatform.openSocket()
        guard descriptor >= 0 else { throw TestHTTPError.connect }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                TestPlatform.connectSocket(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw TestHTTPError.connect
        }
        return descriptor
    }

    @discardableResult
    func send(_ text: String) -> Bool {
        let data = Data(text.utf8)
        return data.withUnsafeBytes { TestPlatform.sendBytes(socket, $0.baseAddress!, $0.count) } == data.count
    }

    /// Reads until `marker` has arrived; returns everything read so far, or nil at EOF.
    func read(until marker: String) -> String? {
        let needle = Data(marker.utf8)
        while buffer.range(of: needle) == nil {
            guard receive() else { return nil }
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// True when the server closes the connection (EOF or reset) within the read limit;
    /// false when the limit passes first. Whatever arrives meanwhile is kept.
    func waitForClose() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &chunk, chunk.count, 0)
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                continue
            }
            return count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        }
    }

    /// One whole response on a kept-alive connection: its head, then as many body bytes
    /// as `Content-Length` says (none after a `HEAD`), or everything until EOF without one.
    func nextResponse(head isHead: Bool = false) -> TestResponse? {
        guard read(until: "\r\n\r\n") != nil, let end = buffer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        var response = TestResponse(head: String(decoding: buffer[..<end.lowerBound], as: UTF8.self))
        buffer.removeSubrange(..<end.upperBound)
        let length = isHead || response.status == 304 ? 0 : response.headers["content-length"].flatMap { Int($0) }
        if let length {
            while buffer.count < length { guard receive() else { return nil } }
        } else {
            while receive() {}
        }
        let count = length ?? buffer.count
        response.body = Data(buffer.prefix(count))
        buffer.removeSubrange(..<(buffer.startIndex + count))
        return response
    }

    /// The whole response of a non-streaming request: status and body.
    func response() -> (status: Int, body: String) {
        guard let response = nextResponse() else { return (0, "") }
        return (response.status, response.text)
    }

    private func receive() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    static func get(port: UInt16, _ path: String) throws -> (status: Int, body: String) {
        try TestConnection(port: port, path: path).response()
    }

    /// One request on a connection of its own, with its whole response.
    static func request(port: UInt16, _ path: String, method: String = "GET", headers: [String] = []) throws -> TestResponse {
        let connection = try TestConnection(port: port, path: path, method: method, headers: headers)
        return connection.nextResponse(head: method == "HEAD") ?? TestResponse(head: "")
    }
}

struct TestResponse {
    var status = 0
    /// Header names lowercased.
    var headers: [String: String] = [:]
    var body = Data()

    init(head: String) {
        let lines = head.components(separatedBy: "\r\n")
        status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

enum TestHTTPError: Error { case connect }
