import Crypto
import Foundation

/// One version of a context: its identifier path in one locale. Apple keys every
/// create, replace and delete by this pair.
public struct ContextKey: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var identifierPath: [String]
    public var locale: String

    public init(identifierPath: [String], locale: String) {
        self.identifierPath = identifierPath
        self.locale = locale
    }

    public var parent: ContextKey? {
        identifierPath.count > 1 ? ContextKey(identifierPath: Array(identifierPath.dropLast()), locale: locale) : nil
    }

    /// The path as JSON, which stays unambiguous whatever characters identifiers hold,
    /// escaped for the terminal (JSON leaves DEL, C1 and bidi controls as they are).
    public var description: String { TerminalText.escape("\(JSON.strings(identifierPath).serialized()) (\(locale))") }

    public static func < (a: ContextKey, b: ContextKey) -> Bool {
        guard a.identifierPath == b.identifierPath else { return a.identifierPath.lexicographicallyPrecedes(b.identifierPath) }
        return a.locale < b.locale
    }
}

/// A context as `build` wrote it, with the canonical bytes that are hashed and sent.
public struct ContextItem: Sendable, Equatable {
    public var key: ContextKey
    public var thumbnailId: String?
    /// The compact JSON of the whole `{"data":…,"metadata":…}` entry.
    public var body: String
    public var sha256: String

    public init(key: ContextKey, thumbnailId: String?, body: String) {
        self.key = key
        self.thumbnailId = thumbnailId
        self.body = body
        self.sha256 = Digest.hex(Data(body.utf8))
    }
}

/// A thumbnail file to upload, named by the manifest.
public struct ThumbnailItem: Sendable, Equatable {
    public var thumbnailId: String
    public var file: URL
    public var contentType: String
    public var sha256: String

    public init(thumbnailId: String, file: URL, contentType: String, sha256: String) {
        self.thumbnailId = thumbnailId
        self.file = file
        self.contentType = contentType
        self.sha256 = sha256
    }
}

/// Everything `build` wrote for the Catalog API, in upload order.
public struct UploadCatalog: Sendable, Equatable {
    public var bundleIdentifier: String
    public var contexts: [ContextItem]
    public var thumbnails: [ThumbnailItem]

    public init(bundleIdentifier: String, contexts: [ContextItem], thumbnails: [ThumbnailItem]) {
        self.bundleIdentifier = bundleIdentifier
        self.contexts = contexts
        self.thumbnails = thumbnails
    }
}

enum Digest {
    static func hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
