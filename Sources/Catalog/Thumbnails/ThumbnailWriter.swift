import Crypto
import Foundation

/// Writes each distinct thumbnail once, from whichever worker made it first; two
/// sources with identical output share one file. Keeps the first sink error.
final class ThumbnailWriter<Sink: OutputSink>: @unchecked Sendable {
    private let sink: Sink
    private let lock = NSLock()
    private var claimed: Set<String> = []
    private var firstError: (any Error)?

    init(sink: Sink) { self.sink = sink }

    func write(_ thumbnail: EncodedThumbnail) -> ProcessedThumbnail {
        let processed = ProcessedThumbnail(thumbnail)
        let isNew = lock.withLock { claimed.insert(processed.thumbnailId).inserted }
        guard isNew else { return processed }
        do {
            try sink.write("thumbnails/\(processed.thumbnailId)", thumbnail.data)
        } catch {
            lock.withLock { if firstError == nil { firstError = error } }
        }
        return processed
    }

    func checkErrors() throws {
        if let error = lock.withLock({ firstError }) { throw error }
    }
}

extension ProcessedThumbnail {
    /// The id is the first 16 hex digits of the SHA-256 of the bytes: one image used by
    /// many contexts is uploaded once, and a changed image gets a new id.
    init(_ thumbnail: EncodedThumbnail) {
        let digest = SHA256.hash(data: thumbnail.data).hexString.prefix(16)
        self.init(thumbnailId: "\(digest).\(thumbnail.format.fileExtension)", contentType: thumbnail.format.contentType,
                  byteCount: thumbnail.data.count, width: thumbnail.side, height: thumbnail.side)
    }
}
