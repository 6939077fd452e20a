import Foundation

/// What has been confirmed uploaded to one environment: the SHA-256 of each context
/// version's canonical JSON and of each thumbnail's bytes.
public struct UploadState: Sendable, Equatable, Codable {
    public struct ContextRecord: Sendable, Equatable, Codable {
        public var identifierPath: [String]
        public var locale: String
        public var sha256: String
        public var key: ContextKey { ContextKey(identifierPath: identifierPath, locale: locale) }
    }

    public var environment: String
    public private(set) var contexts: [ContextKey: ContextRecord] = [:]
    public private(set) var thumbnails: [String: String] = [:]

    public init(environment: String) { self.environment = environment }

    public func hash(of key: ContextKey) -> String? { contexts[key]?.sha256 }
    public func hash(ofThumbnail id: String) -> String? { thumbnails[id] }

    public mutating func record(_ item: ContextItem) {
        contexts[item.key] = ContextRecord(identifierPath: item.key.identifierPath, locale: item.key.locale, sha256: item.sha256)
    }

    /// Records a version whose bytes at Apple hash as `sha256` (a rebuilt state records
    /// Apple's copy of a context that differs from the build under a hash of that copy).
    public mutating func record(_ key: ContextKey, sha256: String) {
        contexts[key] = ContextRecord(identifierPath: key.identifierPath, locale: key.locale, sha256: sha256)
    }

    public mutating func record(_ thumbnail: ThumbnailItem) { thumbnails[thumbnail.thumbnailId] = thumbnail.sha256 }
    public mutating func forget(_ key: ContextKey) { contexts[key] = nil }
    public mutating func forget(thumbnail id: String) { thumbnails[id] = nil }

    // Stored as sorted arrays so the file reads well and diffs cleanly.
    private enum CodingKeys: String, CodingKey { case version, environment, contexts, thumbnails }
    private struct ThumbnailRecord: Codable { var thumbnailId: String; var sha256: String }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        environment = try container.decode(String.self, forKey: .environment)
        let records = try container.decode([ContextRecord].self, forKey: .contexts)
        contexts = Dictionary(records.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
        let thumbs = try container.decode([ThumbnailRecord].self, forKey: .thumbnails)
        thumbnails = Dictionary(thumbs.map { ($0.thumbnailId, $0.sha256) }, uniquingKeysWith: { _, last in last })
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .version)
        try container.encode(environment, forKey: .environment)
        try container.encode(contexts.keys.sorted().compactMap { contexts[$0] }, forKey: .contexts)
        let thumbs = thumbnails.keys.sorted().map { ThumbnailRecord(thumbnailId: $0, sha256: thumbnails[$0] ?? "") }
        try container.encode(thumbs, forKey: .thumbnails)
    }
}

/// Loads and saves `UploadState`. Saving writes a temporary file beside the state file
/// and renames it over, so a crash at any moment leaves the old or the new file whole.
public struct StateStore: Sendable {
    public let file: URL

    /// Far above the ~150 bytes a context takes in it.
    static let limit = 256 << 20

    public init(file: URL) { self.file = file }

    public func load(environment: String) throws -> UploadState {
        guard FileManager.default.fileExists(atPath: file.path) else { return UploadState(environment: environment) }
        let state: UploadState
        let data: Data
        do {
            // A regular file only: a state file that is a link to /dev/zero or a FIFO
            // (a checkout can hold such a link) must not hang or fill memory.
            data = try ContainedFile.read(file, limit: Self.limit, followingLink: true)
        } catch {
            throw UploadError.state(file.path, "it \(error.reason(in: file.deletingLastPathComponent().path)); move it away to upload everything again")
        }
        do {
            state = try JSONDecoder().decode(UploadState.self, from: data)
        } catch {
            throw UploadError.state(file.path, "it cannot be read (\(error)); move it away to upload everything again")
        }
        guard state.environment == environment else {
            throw UploadError.state(file.path, "it records the \(state.environment) environment, not \(environment)")
        }
        return state
    }

    /// Writes the whole file through `AtomicFile` (a temporary file made new beside it,
    /// flushed to disk, then renamed). A temporary file left by an upload that was killed,
    /// or interrupted while it saved, is removed by the next save once its process has ended.
    public func save(_ state: UploadState) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let directory = file.deletingLastPathComponent()
        // A checkout can hold `.catalog-upload` as a symbolic link to anywhere: the state is
        // written only into a real folder.
        var info = stat()
        if lstat(directory.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw UploadError.state(file.path, "its folder \(directory.path) is a symbolic link; "
                + "remove the link (or give --state a path in a real folder)")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            StaleStaging.removeTemporaryFiles(in: directory)
            try AtomicFile.write(encoder.encode(state), to: file, synchronize: true)
        } catch {
            throw UploadError.state(file.path, "it cannot be written (\(error))")
        }
    }
}
