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
        // By string: a URL and an NSString per directory showed in profiles at 10k contexts.
        let relativePath = loaded.source.relativePath
        let directory = relativePath.lastIndex(of: "/").map { String(relativePath[..<$0]) } ?? ""
        for name in Self.coverNames {
            let path = directory.isEmpty ? name : directory + "/" + name
            if FileManager.default.fileExists(atPath: root.absolutePath(path)), root.staysInside(path) {
                return ThumbnailSource(relativePath: path, fit: fit, location: loaded.source.location())
            }
        }
        return nil
    }
}
