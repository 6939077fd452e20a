/// Which context a content path names, as a relative link in a body names it: its file
/// (`book/quiz.md`), its folder (`book`, for `book/index.md`), or a translation file
/// (`book/quiz.ja-jp.md`); the app is `appIndex`. The site resolves links with it
/// (`BodyLinks`), and the checks of links into other pages (`OtherPageAnchors`) alike.
struct ContextSources: Sendable {
    static let appIndex = -1

    /// Content path → context index.
    let byPath: [String: Int]

    init(_ contexts: [ContextNode]) {
        var sources: [String: Int] = ["index.md": Self.appIndex, "": Self.appIndex]
        sources.reserveCapacity(2 * contexts.count + 2)
        for index in contexts.indices {
            let path = contexts[index].source.relativePath
            sources[path] = index
            if contexts[index].isDirectory, path.hasSuffix("/index.md") {
                sources[String(path.dropLast("/index.md".count))] = index
            }
        }
        byPath = sources
    }

    /// The context `path` (content-relative, as `LinkPaths.resolve` gives it) names.
    func context(for path: String) -> Int? {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        if let found = byPath[trimmed] { return found }
        guard trimmed.hasSuffix(".md") else { return nil }
        let stem = trimmed.dropLast(3)
        guard let dot = stem.lastIndex(of: "."), LocaleID(normalizing: String(stem[stem.index(after: dot)...])) != nil else {
            return nil
        }
        return byPath[String(stem[..<dot]) + ".md"]
    }
}
