import Foundation
import Catalog

#if canImport(Glibc)
import Glibc
#endif

/// A stand-in for the Catalog API on 127.0.0.1 that answers the first `answered`
/// requests with 201 Created and holds every later one without an answer, so that a test
/// can interrupt an upload while a request is in flight. Counts the requests it read.
final class HeldAPIServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let answered: Int
    private let received = Locked(0)
    private let held = Locked<[Int32]>([])

    init(answering answered: Int) throws {
        self.answered = answered
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// The requests read so far (the held one included).
    var requests: Int { received.withLock { $0 } }

    /// Closes the listening socket and every held connection (the accept loop then ends).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in held.withLock({ $0 }) { close(connection) }
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            guard Self.readRequest(connection) else {
                close(connection)
                continue
            }
            let number = received.withLock { count in
                count += 1
                return count
            }
            if number <= answered {
                let answer = "HTTP/1.1 201 Created\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                _ = answer.withCString { write(connection, $0, strlen($0)) }
                close(connection)
            } else {
                held.withLock { $0.append(connection) }
            }
        }
    }

    /// Reads one request's head and its `Content-Length` bytes of body; false when the
    /// connection ends first.
    private static func readRequest(_ connection: Int32) -> Bool {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return false }
            bytes += buffer[..<count]
            guard let end = headEnd(bytes) else { continue }
            let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
            let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if bytes.count - (end + 4) >= length { return true }
        }
    }

    /// Where the blank line that ends the head starts.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }
}
