import Foundation

/// Which image a context uses: its `thumbnail:` (relative to its file), or for a
/// directory a `cover.png`, `cover.jpg` or `cover.jpeg` beside its index.md.
struct ThumbnailResolver {
    let root: ContentRoot
    static let coverNames = ["cover.png", "cover.jpg", "cover.jpeg"]

    func source(for loaded: LoadedContext) -> ThumbnailSource? {
        let fit = loaded.fields.thumbnailFit ?? .cover
        if let named = loaded.fields.thumbnail {
            guard let path = root.resolve(named.value, from: loaded.source.relativePath) else { return nil }
            return ThumbnailSource(relativePath: path, fit: fit, location: named.location)
        }
        guard loaded.isDirectory, !loaded.isMissingIndex else { return nil }
        let directory = (loaded.source.relativePath as NSString).deletingLastPathComponent
        for name in Self.coverNames {
            let path = directory.isEmpty ? name : directory + "/" + name
            if FileManager.default.fileExists(atPath: root.absoluteURL(path).path), root.staysInside(path) {
                return ThumbnailSource(relativePath: path, fit: fit, location: loaded.source.location())
            }
        }
        return nil
    }
}
