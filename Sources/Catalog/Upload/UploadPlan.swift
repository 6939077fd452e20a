/// What an upload will do, worked out from the catalog and the state file before
/// anything is sent, so `--dry-run` prints exactly what a real run would do.
public struct UploadPlan: Sendable, Equatable {
    public enum Change: String, Sendable { case create, replace }

    /// Context requests of at most `maxBatch` contexts, parents before children.
    public var contextBatches: [[ContextItem]]
    public var contextChanges: [ContextKey: Change]
    public var thumbnails: [ThumbnailItem]
    public var thumbnailChanges: [String: Change]
    /// The contexts of the catalog that use each thumbnail.
    public var thumbnailUsers: [String: [ContextKey]]
    /// Leaf first: deeper paths before shallower ones, then by path and locale.
    public var contextDeletes: [ContextKey]
    public var thumbnailDeletes: [String]
    /// What the state records and the catalog no longer has, leaf first, with or without
    /// `--prune`: a plan that leaves them at Apple still names them.
    public var removedContexts: [ContextKey]
    public var removedThumbnails: [String]
    public var unchangedContexts: Int
    public var unchangedThumbnails: Int

    /// Apple accepts at most 200 contexts per request (catalog-api.md B1).
    public static let maxBatch = 200

    public init(catalog: UploadCatalog, state: UploadState, prune: Bool, maxBatch: Int = UploadPlan.maxBatch) {
        let pending = catalog.contexts.filter { state.hash(of: $0.key) != $0.sha256 }
        contextChanges = Dictionary(uniqueKeysWithValues: pending.map {
            ($0.key, state.hash(of: $0.key) == nil ? .create : .replace)
        })
        // The catalog lists parents before children, so any run of it in order keeps
        // parents first: an unchanged parent already exists at Apple.
        contextBatches = stride(from: 0, to: pending.count, by: maxBatch).map {
            Array(pending[$0..<min($0 + maxBatch, pending.count)])
        }
        unchangedContexts = catalog.contexts.count - pending.count
        thumbnails = catalog.thumbnails.filter { state.hash(ofThumbnail: $0.thumbnailId) != $0.sha256 }
        thumbnailChanges = Dictionary(uniqueKeysWithValues: thumbnails.map {
            ($0.thumbnailId, state.hash(ofThumbnail: $0.thumbnailId) == nil ? .create : .replace)
        })
        unchangedThumbnails = catalog.thumbnails.count - thumbnails.count
        thumbnailUsers = Dictionary(grouping: catalog.contexts.filter { $0.thumbnailId != nil }, by: { $0.thumbnailId ?? "" })
            .mapValues { $0.map(\.key) }
        let present = Set(catalog.contexts.map(\.key))
        removedContexts = Self.leafFirst(state.contexts.keys.filter { !present.contains($0) })
        let referenced = Set(catalog.thumbnails.map(\.thumbnailId))
        removedThumbnails = state.thumbnails.keys.filter { !referenced.contains($0) }.sorted()
        contextDeletes = prune ? removedContexts : []
        thumbnailDeletes = prune ? removedThumbnails : []
    }

    static func leafFirst(_ keys: [ContextKey]) -> [ContextKey] {
        keys.sorted { a, b in
            a.identifierPath.count != b.identifierPath.count ? a.identifierPath.count > b.identifierPath.count : a < b
        }
    }

    public var contextCount: Int { contextBatches.reduce(0) { $0 + $1.count } }
    public var isEmpty: Bool {
        contextBatches.isEmpty && thumbnails.isEmpty && contextDeletes.isEmpty && thumbnailDeletes.isEmpty
    }
    /// Removed items that this plan leaves at Apple (it was made without `--prune`).
    public var keptContexts: [ContextKey] { contextDeletes.isEmpty ? removedContexts : [] }
    public var keptThumbnails: [String] { thumbnailDeletes.isEmpty ? removedThumbnails : [] }
    /// Requests a real run sends, not counting status polls and retries.
    public var requestCount: Int {
        contextBatches.count + thumbnails.count + contextDeletes.count + thumbnailDeletes.count
    }
}
