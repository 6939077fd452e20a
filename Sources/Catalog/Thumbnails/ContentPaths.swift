import Foundation

/// Resolves an author's path inside the content directory, following symbolic links, so
/// that a link pointing out of the content directory is caught (content-format.md §3).
struct ContentPaths: Sendable {
    enum Resolution: Hashable, Sendable {
        /// A regular file inside the content directory, with every link resolved.
        case file(URL)
        case outside(String)
        /// A file whose path inside the content directory, once `.`, `..` and its links are
        /// resolved, is hidden (a component starts with `.`), with that path: never
        /// published, not even as a thumbnail.
        case hidden(String)
        case missing(isDirectory: Bool)
    }

    let root: URL

    init(root: URL) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath()
    }

    func resolve(_ relativePath: String) -> Resolution {
        guard !relativePath.hasPrefix("/") else { return .outside(relativePath) }
        // Foundation resolves every link on the way and removes `.` and `..`; the file is
        // later read through this resolved path, so what was checked is what is read.
        let resolved = root.appendingPathComponent(relativePath).standardizedFileURL.resolvingSymlinksInPath()
        guard resolved.path.hasPrefix(root.path.hasSuffix("/") ? root.path : root.path + "/") else {
            return .outside(resolved.path)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .missing(isDirectory: isDirectory.boolValue)
        }
        // The path with `.`, `..` and every link resolved: a hidden folder as written is in it too.
        if let inside = PublishPolicy.hiddenPath(resolved.path, under: root.path) { return .hidden(inside) }
        return .file(resolved)
    }
}
