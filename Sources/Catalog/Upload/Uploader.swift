import Foundation

/// How far an upload has got, reported after every confirmed request.
public struct UploadProgress: Sendable, Equatable {
    public var requestsDone: Int
    public var requestsTotal: Int
    public var bytesSent: Int
    /// What the last confirmed request did, e.g. "sent 200 contexts".
    public var lastStep: String
}

/// What a run did. `failure` is set when the run stopped before the plan was done.
public struct UploadSummary: Sendable, Equatable {
    public var contextsSent = 0
    public var thumbnailsSent = 0
    public var contextsSkipped = 0
    public var thumbnailsSkipped = 0
    public var contextsDeleted = 0
    public var thumbnailsDeleted = 0
    /// Items of the plan that were not confirmed.
    public var failed = 0
    public var failure: UploadError?

    public var completed: Bool { failure == nil }
}

/// Carries out an `UploadPlan`: context requests in order, then thumbnails, then
/// deletes; the state file is saved after each confirmed request, so a run that is
/// stopped at any point resumes with only what was not confirmed. Cancelling the task
/// that runs it (an interrupt) stops the request in flight and starts no other.
public struct Uploader: Sendable {
    let api: CatalogAPI
    let store: StateStore
    let progress: @Sendable (UploadProgress) -> Void

    public init(api: CatalogAPI, store: StateStore, progress: @escaping @Sendable (UploadProgress) -> Void) {
        self.api = api
        self.store = store
        self.progress = progress
    }

    public func run(_ plan: UploadPlan, state initial: UploadState) async -> UploadSummary {
        var run = Run(state: initial, total: plan.requestCount)
        run.summary.contextsSkipped = plan.unchangedContexts
        run.summary.thumbnailsSkipped = plan.unchangedThumbnails
        do {
            try await sendContexts(plan, &run)
            try await sendThumbnails(plan, &run)
            try await deleteContexts(plan, &run)
            try await deleteThumbnails(plan, &run)
        } catch let error as UploadError {
            run.summary.failure = error
        } catch is CancellationError {
            run.summary.failure = .interrupted("stopped before the next request")
        } catch {
            run.summary.failure = .interrupted("\(error)")
        }
        run.summary.failed = plan.contextCount + plan.thumbnails.count + plan.contextDeletes.count
            + plan.thumbnailDeletes.count - run.summary.contextsSent - run.summary.thumbnailsSent
            - run.summary.contextsDeleted - run.summary.thumbnailsDeleted
        return run.summary
    }

    private func sendContexts(_ plan: UploadPlan, _ run: inout Run) async throws {
        for batch in plan.contextBatches {
            let subject = batch.count == 1 ? "context \(batch[0].key)"
                : "the request of \(batch.count) contexts from \(batch[0].key) to \(batch[batch.count - 1].key)"
            try await attempt(subject) { try await api.createOrReplaceContexts(batch) }
            for item in batch { run.state.record(item) }
            run.summary.contextsSent += batch.count
            try confirm(&run, bytes: batch.reduce(0) { $0 + $1.body.utf8.count }, step: "sent \(batch.count) contexts")
        }
    }

    /// Runs after every context request is confirmed: Apple rejects a thumbnail that
    /// no uploaded context references (catalog-api.md T1).
    private func sendThumbnails(_ plan: UploadPlan, _ run: inout Run) async throws {
        for thumbnail in plan.thumbnails {
            let subject = "thumbnail \(thumbnail.thumbnailId)"
            guard plan.thumbnailUsers[thumbnail.thumbnailId, default: []].contains(where: { run.state.hash(of: $0) != nil }) else {
                throw UploadError.badInput(thumbnail.file.path, "\(subject) is in the manifest but no uploaded context uses it; run `catalog-build build` again")
            }
            let bytes = try Self.read(thumbnail)
            try await attempt(subject) { try await api.createOrReplaceThumbnail(thumbnail, bytes: bytes) }
            run.state.record(thumbnail)
            run.summary.thumbnailsSent += 1
            try confirm(&run, bytes: bytes.count, step: "sent \(subject)")
        }
    }

    private func deleteContexts(_ plan: UploadPlan, _ run: inout Run) async throws {
        for key in plan.contextDeletes {
            try await attempt("deleting context \(key)") { try await api.deleteContext(key) }
            run.state.forget(key)
            run.summary.contextsDeleted += 1
            try confirm(&run, bytes: 0, step: "deleted context \(key)")
        }
    }

    private func deleteThumbnails(_ plan: UploadPlan, _ run: inout Run) async throws {
        for id in plan.thumbnailDeletes {
            try await attempt("deleting thumbnail \(id)") { try await api.deleteThumbnail(id) }
            run.state.forget(thumbnail: id)
            run.summary.thumbnailsDeleted += 1
            try confirm(&run, bytes: 0, step: "deleted thumbnail \(id)")
        }
    }

    /// The bytes the manifest check passed, and no others: the file is read again
    /// (regular files only, never a link) and must still hash as it did when loaded.
    static func read(_ thumbnail: ThumbnailItem) throws -> Data {
        let subject = "thumbnail \(thumbnail.thumbnailId)"
        guard let bytes = try? ContainedFile.read(thumbnail.file, limit: ManifestLoader.thumbnailLimit) else {
            throw UploadError.badInput(thumbnail.file.path, "\(subject) cannot be read")
        }
        guard Digest.hex(bytes) == thumbnail.sha256 else {
            throw UploadError.badInput(thumbnail.file.path, "\(subject) changed after the upload began; run `catalog-build build` and upload again")
        }
        return bytes
    }

    /// Names the item in any failure, so the message says what Apple refused. Starts
    /// nothing once the run is cancelled (an interrupt): it stops between requests.
    private func attempt(_ subject: String, _ operation: () async throws -> Void) async throws {
        try Task.checkCancellation()
        do { try await operation() } catch let failure as APIFailure {
            throw UploadError.rejected(subject: subject, failure: failure)
        }
    }

    /// Records a confirmed request: the state file first, so that progress never
    /// reports what a crash could still lose.
    private func confirm(_ run: inout Run, bytes sent: Int, step: String) throws {
        try store.save(run.state)
        run.done += 1
        run.bytes += sent
        progress(UploadProgress(requestsDone: run.done, requestsTotal: run.total, bytesSent: run.bytes, lastStep: TerminalText.escape(step)))
    }

    /// The mutable part of one run.
    private struct Run {
        var state: UploadState
        let total: Int
        var summary = UploadSummary()
        var done = 0
        var bytes = 0
    }
}
