import Crypto
import Foundation

/// Finished thumbnails kept between builds, keyed by what determines their bytes: the
/// SHA-256 of the source bytes, the fit and the settings (with the codec version). An
/// unchanged image is then read and hashed but never decoded.
///
/// The cache only saves time: an entry that cannot be written or does not look right is
/// ignored and the thumbnail is made again. After a run without errors, entries that run
/// did not use are removed (`prune`).
struct ThumbnailCache: Sendable {
    let directory: URL

    /// The directory is made with the first entry stored, so that a catalog without
    /// thumbnails (or a build that failed before making one) leaves no folder behind.
    init(directory: URL) {
        self.directory = directory
    }

    static func key(sourceDigest: SHA256.Digest, fit: ThumbnailFit, settings: ThumbnailSettings) -> String {
        var hasher = SHA256()
        hasher.update(data: Data(sourceDigest))
        hasher.update(data: Data("\(fit.rawValue), \(settings.cacheSalt)".utf8))
        return hasher.finalize().hexString
    }

    /// The cached thumbnail, if there is one of the expected format family and size.
    func load(key: String, side: Int) -> EncodedThumbnail? {
        guard let data = try? Data(contentsOf: url(key)),
              let header = try? ImageCodec.probe(data),
              header.width == side, header.height == side else { return nil }
        return EncodedThumbnail(data: data, format: header.format, side: side)
    }

    /// Written to a temporary file and renamed (`AtomicFile`), so a build that is stopped
    /// midway never leaves a truncated entry or a temporary file behind.
    func store(_ thumbnail: EncodedThumbnail, key: String) {
        if (try? AtomicFile.write(thumbnail.data, to: url(key))) != nil { return }
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil else { return }
        try? AtomicFile.write(thumbnail.data, to: url(key))
    }

    /// Removes every entry whose key is not in `keys`; returns how many. Called after a
    /// build whose thumbnails all succeeded, with the keys that build used, so the cache
    /// holds exactly the current content's thumbnails and never grows without bound.
    /// Only `*.thumb` files are touched; one that cannot be removed is left for next time.
    @discardableResult
    func prune(keeping keys: Set<String>) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed = 0
        for name in names where name.hasSuffix(Self.suffix) && !keys.contains(String(name.dropLast(Self.suffix.count))) {
            if (try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }

    private static let suffix = ".thumb"

    private func url(_ key: String) -> URL { directory.appendingPathComponent(key + Self.suffix) }
}

extension Sequence where Element == UInt8 {
    /// Lowercase hexadecimal, two digits per byte.
    var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
