import Foundation

/// What Apple holds compared with the build, one context version at a time.
public struct VerifyResult: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case equal
        case different([FieldDifference])
        /// Apple holds no version of this key.
        case missing
    }

    /// Every context of the build, in catalog order.
    public var built: [(key: ContextKey, outcome: Outcome)] = []
    /// Contexts the state file records and the build no longer has, leaf first: still
    /// at Apple (`left`) or not (`gone`).
    public var left: [ContextKey] = []
    public var gone: [ContextKey] = []
    /// A hash of Apple's copy of each context that differs, for a rebuilt state.
    var remoteHashes: [ContextKey: String] = [:]

    public var equalCount: Int { built.filter { $0.outcome == .equal }.count }
    public var different: [(key: ContextKey, fields: [FieldDifference])] {
        built.compactMap { if case .different(let fields) = $0.outcome { ($0.key, fields) } else { nil } }
    }
    public var missing: [ContextKey] { built.filter { $0.outcome == .missing }.map(\.key) }
    /// True when Apple holds exactly the build's contexts, as built.
    public var matches: Bool { equalCount == built.count && left.isEmpty }

    public static func == (a: VerifyResult, b: VerifyResult) -> Bool {
        a.built.map(\.key) == b.built.map(\.key) && a.built.map(\.outcome) == b.built.map(\.outcome)
            && a.left == b.left && a.gone == b.gone && a.remoteHashes == b.remoteHashes
    }

    /// The state that records what Apple holds: each equal context under the build's
    /// hash (an upload skips it), each different one under a hash of Apple's copy (an
    /// upload replaces it), each left one as the old state had it (`--prune` deletes
    /// it); missing and gone contexts are not recorded. Thumbnails are kept as the old
    /// state had them, for those the build still has: Apple's Get a Thumbnail answer is
    /// undocumented (catalog-api.md §1), so they are not read back, and a thumbnail the
    /// state does not record is simply sent again.
    public func rebuiltState(catalog: UploadCatalog, previous: UploadState) -> UploadState {
        var state = UploadState(environment: previous.environment)
        let items = Dictionary(catalog.contexts.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        for (key, outcome) in built {
            switch outcome {
            case .equal: if let item = items[key] { state.record(item) }
            case .different: if let hash = remoteHashes[key] { state.record(key, sha256: hash) }
            case .missing: break
            }
        }
        for key in left { if let hash = previous.hash(of: key) { state.record(key, sha256: hash) } }
        for thumbnail in catalog.thumbnails where previous.hash(ofThumbnail: thumbnail.thumbnailId) == thumbnail.sha256 {
            state.record(thumbnail)
        }
        return state
    }

    /// How many contexts the old state records otherwise than Apple holds them, so that
    /// an upload planned from it would skip or misname them.
    public func stateDisagreements(_ state: UploadState, catalog: UploadCatalog) -> Int {
        let hashes = Dictionary(catalog.contexts.map { ($0.key, $0.sha256) }, uniquingKeysWith: { a, _ in a })
        let wrong = built.filter { key, outcome in
            switch outcome {
            case .equal: state.hash(of: key) != hashes[key]
            case .different: state.hash(of: key) == nil || state.hash(of: key) == hashes[key]
            case .missing: state.hash(of: key) != nil
            }
        }
        return wrong.count + gone.count
    }
}

/// Reads back, with Get a Context, every context of the build and every one the state
/// file records, a few at a time, and compares each with the build. The Catalog API has
/// no call that lists contexts, so a context that neither names stays unseen.
public struct Verifier: Sendable {
    let api: CatalogAPI
    /// Requests in flight at once.
    let width: Int
    /// Told how many contexts have been read so far, after each one.
    let progress: @Sendable (Int) -> Void

    public init(api: CatalogAPI, width: Int = 4, progress: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.api = api
        self.width = max(1, width)
        self.progress = progress
    }

    /// The contexts a verify reads: the build's in catalog order, then those only the
    /// state records, leaf first.
    public static func keys(catalog: UploadCatalog, state: UploadState) -> (built: [ContextKey], removed: [ContextKey]) {
        let present = Set(catalog.contexts.map(\.key))
        return (catalog.contexts.map(\.key), UploadPlan.leafFirst(state.contexts.keys.filter { !present.contains($0) }))
    }

    /// Throws `UploadError.rejected` naming the context whose read failed.
    public func run(catalog: UploadCatalog, state: UploadState) async throws -> VerifyResult {
        let (built, removed) = Self.keys(catalog: catalog, state: state)
        let remote = try await fetch(built + removed)
        var result = VerifyResult()
        for item in catalog.contexts {
            guard let copy = remote[item.key] ?? nil else {
                result.built.append((item.key, .missing))
                continue
            }
            let local = (try? JSONReader.parse(Data(item.body.utf8))) ?? .null
            let fields = ContextComparison.differences(local: local, remote: copy)
            result.built.append((item.key, fields.isEmpty ? .equal : .different(fields)))
            if !fields.isEmpty { result.remoteHashes[item.key] = "apple:" + Digest.hex(Data(ContextComparison.canonical(copy).serialized().utf8)) }
        }
        for key in removed {
            if remote[key] ?? nil == nil { result.gone.append(key) } else { result.left.append(key) }
        }
        return result
    }

    /// Apple's copy of each key (nil inside when it has none), `width` requests at a time.
    private func fetch(_ keys: [ContextKey]) async throws -> [ContextKey: JSON?] {
        try await withThrowingTaskGroup(of: (ContextKey, JSON?).self) { group in
            var found: [ContextKey: JSON?] = [:]
            var next = keys.makeIterator()
            func start() {
                guard let key = next.next() else { return }
                group.addTask {
                    do { return (key, try await api.getContext(key)) } catch let failure as APIFailure {
                        throw UploadError.rejected(subject: "reading context \(key)", failure: failure)
                    }
                }
            }
            for _ in 0..<width { start() }
            while let answer = try await group.next() {
                found[answer.0] = .some(answer.1)
                progress(found.count)
                start()
            }
            return found
        }
    }
}
