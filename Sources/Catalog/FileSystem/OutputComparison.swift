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
        stampIfHolding(relative, size: data.count) { descriptor in data.withUnsafeBytes { Self.matches(descriptor, $0) } }
    }

    /// The stamp of `relative` when it is a regular file below the directory holding
    /// exactly the `size` bytes that `source` (open, at its start) reads, else nil: both
    /// read 64 kB at a time, stopping at the first difference.
    func stampIfHolding(_ relative: String, sameAs source: Int32, size: Int) -> FileStamp? {
        stampIfHolding(relative, size: size) { Self.matches($0, source, size: size) }
    }

    /// The stamp of `relative` when it is a regular file of `size` bytes for which `same`
    /// (given it open for reading) answers true.
    private func stampIfHolding(_ relative: String, size: Int, same: (Int32) -> Bool) -> FileStamp? {
        guard let descriptor = try? openForReading(relative) else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == size,
              same(descriptor) else { return nil }
        return FileStamp(info)
    }

    /// Whether `descriptor` and `source` read the same `size` bytes.
    private static func matches(_ descriptor: Int32, _ source: Int32, size: Int) -> Bool {
        let chunk = 65_536
        return withUnsafeTemporaryAllocation(byteCount: 2 * chunk, alignment: 16) { buffer -> Bool in
            let ours = buffer.baseAddress!, theirs = buffer.baseAddress! + chunk
            var offset = 0
            while offset < size {
                let wanted = min(chunk, size - offset)
                guard Self.readFully(source, ours, wanted), Self.readFully(descriptor, theirs, wanted),
                      memcmp(ours, theirs, wanted) == 0 else { return false }
                offset += wanted
            }
            return true
        }
    }

    /// Reads exactly `count` bytes into `buffer`; false at an error or an early end.
    private static func readFully(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Bool {
        var done = 0
        while done < count {
            let got = systemRead(descriptor, buffer + done, count - done)
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return false }
            done += got
        }
        return true
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
