import Foundation

/// A source file over the size limit, refused before it is read; the thumbnails stage
/// reports it as `ThumbnailProblem.fileTooLarge`.
struct SourceTooLarge: Error, Equatable {
    var bytes: Int
    var limit: Int
}

/// Reads source images into one kept allocation: one open, one fstat and one read per
/// file. Files up to `retainedBytes` reuse the buffer; a larger one gets its own, released
/// once its image is done, so a worker keeps at most that much between images.
final class SourceBuffer {
    static let retainedBytes = 16 << 20
    private let kept = ReusableBuffer<UInt8>()

    /// Lends the file's bytes to `body` as `Data` that does not own them (valid only
    /// during the call). Refuses a file over `limit` bytes unread (`SourceTooLarge`), and one
    /// that is not a regular file (a FIFO would block for ever). When the fast path
    /// fails (no such file, no permission, an I/O error), the file is read the ordinary
    /// way, so the problem is reported with Foundation's usual message.
    func withContents<R>(of file: URL, limit: Int, _ body: (Data) throws -> R) throws -> R {
        let descriptor: Int32, size: Int
        switch ContentFile.open(file.path, limit: limit) {
        case .success(let opened): (descriptor, size) = (opened.descriptor, opened.size)
        case .failure(.tooLarge(let bytes)): throw SourceTooLarge(bytes: bytes, limit: limit)
        case .failure(.notRegular(let kind)): throw ThumbnailProblem.notRegular(kind)
        case .failure(.unreadable): return try body(Self.readOrdinarily(file, limit: limit))
        }
        defer { close(descriptor) }
        let own = size > Self.retainedBytes ? UnsafeMutablePointer<UInt8>.allocate(capacity: size) : nil
        defer { own?.deallocate() }
        let bytes = own ?? kept.take(size)
        guard let count = Self.read(descriptor, into: bytes, size: size) else {
            return try body(Self.readOrdinarily(file, limit: limit))
        }
        return try body(Data(bytesNoCopy: bytes, count: count, deallocator: .none))
    }

    /// Up to `size` bytes (fewer if the file shrank meanwhile); nil on an error.
    private static func read(_ descriptor: Int32, into bytes: UnsafeMutablePointer<UInt8>, size: Int) -> Int? {
        var total = 0
        while total < size {
            let count = Foundation.read(descriptor, bytes + total, size - total)
            if count < 0, errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// The size check and read of before, for their error messages.
    private static func readOrdinarily(_ file: URL, limit: Int) throws -> Data {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        guard bytes <= limit else { throw SourceTooLarge(bytes: bytes, limit: limit) }
        return try Data(contentsOf: file)
    }
}
