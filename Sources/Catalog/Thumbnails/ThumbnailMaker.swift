import Crypto
import Foundation

/// What became of one job.
struct JobOutcome: Sendable {
    var thumbnail: EncodedThumbnail?
    /// Errors (then `thumbnail` is nil) and warnings about the source image.
    var problems: [ThumbnailProblem] = []
    var decoded = false
    var cacheHit = false
    /// The cache entry this job used or made: entries no job names are pruned.
    var cacheKey: String?
}

/// Makes the thumbnail of one job: read, check the header, hash, then take it from the
/// cache or render it (and cache it). Content problems become `problems`, never throws.
struct ThumbnailMaker: Sendable {
    var settings: ThumbnailSettings
    var cache: ThumbnailCache?

    /// `buffers` are the calling worker's: the file is read into them and the image
    /// resampled with them, so nothing large is allocated per image.
    func make(_ job: ThumbnailJob, buffers: WorkerBuffers = WorkerBuffers()) -> JobOutcome {
        var outcome = JobOutcome()
        do {
            try buffers.source.withContents(of: job.file, limit: settings.maximumFileBytes) { data in
                try make(job, data: data, buffers: buffers, into: &outcome)
            }
        } catch let error as ImageCodecError {
            outcome.problems.append(.codec(error))
        } catch let problem as ThumbnailProblem {
            outcome.problems.append(problem)
        } catch let refused as SourceTooLarge {
            outcome.problems.append(.fileTooLarge(bytes: refused.bytes, limit: refused.limit))
        } catch {
            outcome.problems.append(.unreadable(error.localizedDescription))
        }
        return outcome
    }

    /// Check the header, then take the thumbnail from the cache or render it.
    private func make(_ job: ThumbnailJob, data: Data, buffers: WorkerBuffers, into outcome: inout JobOutcome) throws {
        let header = try ImageCodec.probe(data)
        let geometry = ThumbnailGeometry(width: header.width, height: header.height, fit: job.fit, target: settings.side)
        let sizeProblem = sizeProblem(header, side: geometry.side)
        if let error = sizeProblem, error.severity == .error { throw error }
        try produce(data, header: header, geometry: geometry, fit: job.fit, buffers: buffers, into: &outcome)
        // A size warning only matters once the image has turned out to be usable.
        outcome.problems += [sizeProblem].compactMap { $0 }
    }

    /// Takes the thumbnail from the cache, or renders (and caches) it.
    private func produce(_ data: Data, header: ImageHeader, geometry: ThumbnailGeometry, fit: ThumbnailFit,
                         buffers: WorkerBuffers, into outcome: inout JobOutcome) throws {
        let key = cache.map { _ in ThumbnailCache.key(sourceDigest: SHA256.hash(data: data), fit: fit, settings: settings) }
        outcome.cacheKey = key
        if let cache, let key, let cached = cache.load(key: key, side: geometry.side) {
            outcome.thumbnail = cached
            outcome.cacheHit = true
            return
        }
        outcome.decoded = true
        let thumbnail = try ThumbnailRenderer(settings: settings)
            .render(data, header: header, geometry: geometry, fit: fit, buffers: buffers)
        if let cache, let key { cache.store(thumbnail, key: key) }
        outcome.thumbnail = thumbnail
    }

    /// Under the minimum is an error; a thumbnail `side` under the target a warning (the
    /// image is kept at its size). Sizes are named as shown, after the orientation.
    private func sizeProblem(_ header: ImageHeader, side: Int) -> ThumbnailProblem? {
        let (width, height) = (header.displayWidth, header.displayHeight)
        if min(width, height) < settings.minimumSide {
            return .tooSmall(width: width, height: height, minimum: settings.minimumSide)
        }
        guard side < settings.side else { return nil }
        return .small(width: width, height: height, kept: side, target: settings.side)
    }
}
