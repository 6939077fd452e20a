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

/// Makes the thumbnail of one job: read, hash, check the header, then take it from the
/// cache or render it (and cache it). Content problems become `problems`, never throws.
struct ThumbnailMaker: Sendable {
    var settings: ThumbnailSettings
    var cache: ThumbnailCache?

    func make(_ job: ThumbnailJob) -> JobOutcome {
        var outcome = JobOutcome()
        do {
            let data = try read(job.file)
            let header = try ImageCodec.probe(data)
            let geometry = ThumbnailGeometry(width: header.width, height: header.height, fit: job.fit, target: settings.side)
            let sizeProblem = sizeProblem(header, side: geometry.side)
            if let error = sizeProblem, error.severity == .error { throw error }
            try produce(data, header: header, geometry: geometry, fit: job.fit, into: &outcome)
            // A size warning only matters once the image has turned out to be usable.
            outcome.problems += [sizeProblem].compactMap { $0 }
        } catch let error as ImageCodecError {
            outcome.problems.append(.codec(error))
        } catch let problem as ThumbnailProblem {
            outcome.problems.append(problem)
        } catch {
            outcome.problems.append(.unreadable(error.localizedDescription))
        }
        return outcome
    }

    /// Takes the thumbnail from the cache, or renders (and caches) it.
    private func produce(_ data: Data, header: ImageHeader, geometry: ThumbnailGeometry, fit: ThumbnailFit,
                         into outcome: inout JobOutcome) throws {
        let key = cache.map { _ in ThumbnailCache.key(sourceDigest: SHA256.hash(data: data), fit: fit, settings: settings) }
        outcome.cacheKey = key
        if let cache, let key, let cached = cache.load(key: key, side: geometry.side) {
            outcome.thumbnail = cached
            outcome.cacheHit = true
            return
        }
        outcome.decoded = true
        let thumbnail = try ThumbnailRenderer(settings: settings).render(data, header: header, geometry: geometry, fit: fit)
        if let cache, let key { cache.store(thumbnail, key: key) }
        outcome.thumbnail = thumbnail
    }

    /// Reads the whole file after checking its size, so a huge file is refused unread.
    private func read(_ file: URL) throws -> Data {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        guard bytes <= settings.maximumFileBytes else {
            throw ThumbnailProblem.fileTooLarge(bytes: bytes, limit: settings.maximumFileBytes)
        }
        return try Data(contentsOf: file)
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
