import Foundation

/// A thumbnail as it will be uploaded: written to `site/thumbnails/<thumbnailId>`.
public struct ProcessedThumbnail: Hashable, Sendable {
    /// The first 16 hex digits of the SHA-256 of the bytes, plus `.png` or `.jpg`.
    public var thumbnailId: String
    public var contentType: String
    public var byteCount: Int
    public var width: Int
    public var height: Int

    public init(thumbnailId: String, contentType: String, byteCount: Int, width: Int, height: Int) {
        self.thumbnailId = thumbnailId
        self.contentType = contentType
        self.byteCount = byteCount
        self.width = width
        self.height = height
    }
}

/// The thumbnails stage's result: which context uses which thumbnail.
public struct ThumbnailSet: Sendable {
    /// Context index (into `CatalogModel.contexts`) → its thumbnail.
    public var byContext: [Int: ProcessedThumbnail]
    /// Every distinct thumbnail, sorted by id (the order of the manifest).
    public var all: [ProcessedThumbnail]

    public init(byContext: [Int: ProcessedThumbnail] = [:]) {
        self.byContext = byContext
        self.all = Set(byContext.values).sorted { $0.thumbnailId < $1.thumbnailId }
    }
}

/// Where stages write their files: a path relative to the output root, and the bytes.
/// Paths use `/`; the sink creates directories as needed.
public protocol OutputSink: Sendable {
    func write(_ relativePath: String, _ data: Data) throws
    /// Writes a copy of the regular file at `absolutePath` (a linked file of the content).
    /// A sink on disk streams it, so that a linked video costs no memory for its size;
    /// by default it is read whole and written.
    func copyFile(_ relativePath: String, from absolutePath: String) throws
}

extension OutputSink {
    public func copyFile(_ relativePath: String, from absolutePath: String) throws {
        switch ContentFile.read(absolutePath, limit: Int.max) {
        case .success(let data): try write(relativePath, data)
        case .failure(let failure): throw PublishPolicy.MediaReadError(path: absolutePath, failure: failure)
        }
    }
}

/// Writes into a directory on disk (the build's staging directory).
public struct DirectorySink: OutputSink {
    public let root: URL

    public init(root: URL) { self.root = root }

    /// Through `OutputDirectory`, like the build's sink: the path cannot leave `root`.
    public func write(_ relativePath: String, _ data: Data) throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let directory = try OutputDirectory(path: root.path)
        if let slash = relativePath.utf8.lastIndex(of: UInt8(ascii: "/")) {
            try directory.makeDirectories(String(relativePath[..<slash]))
        }
        try directory.write(relativePath, data)
    }
}
