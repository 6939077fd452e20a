import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputDirectory {
    /// The stamp of `relative` when it is a regular file below the directory holding
    /// exactly `data`, else nil. The bytes are compared, not hashes of them: what content
    /// makes can never pass for other bytes, and comparing costs less than hashing.
    /// Read 64 kB at a time, stopping at the first difference.
    func stampIfHolding(_ relative: String, _ data: Data) -> FileStamp? {
        guard let descriptor = try? openForReading(relative) else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == data.count,
              data.withUnsafeBytes({ Self.matches(descriptor, $0) }) else { return nil }
        return FileStamp(info)
    }

    /// Whether reading `descriptor` to the end gives exactly `expected`.
    private static func matches(_ descriptor: Int32, _ expected: UnsafeRawBufferPointer) -> Bool {
        let chunk = 65_536
        return withUnsafeTemporaryAllocation(byteCount: chunk, alignment: 16) { buffer in
            var offset = 0
            while true {
                let count = systemRead(descriptor, buffer.baseAddress!, chunk)
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { return false }
                if count == 0 { return offset == expected.count }
                guard offset + count <= expected.count,
                      memcmp(buffer.baseAddress!, expected.baseAddress! + offset, count) == 0 else { return false }
                offset += count
                // The size was checked: a last read would only confirm the end.
                if offset == expected.count { return true }
            }
        }
    }
}
