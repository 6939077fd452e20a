import Foundation

/// The content directory, and how its files are named to the user and resolved safely.
public struct ContentRoot: Sendable {
    /// The directory as a resolved absolute URL (symbolic links followed).
    public let url: URL
    /// The prefix to print before content-relative paths (`content/`, or the path as given).
    public let displayPrefix: String
    /// `url.path`, kept: it is joined with a relative path for every file read.
    private let path: String

    /// - Parameters:
    ///   - path: the content directory as the user gave it.
    ///   - currentDirectory: where relative display paths are computed from.
    public init(path: String, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        self.url = URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath()
        let cwd = URL(fileURLWithPath: currentDirectory).standardizedFileURL.resolvingSymlinksInPath().path
        let root = url.path
        self.path = root
        if root == cwd {
            displayPrefix = ""
        } else if root.hasPrefix(cwd + "/") {
            displayPrefix = String(root.dropFirst(cwd.count + 1)) + "/"
        } else {
            displayPrefix = path.hasSuffix("/") ? path : path + "/"
        }
    }

    /// The source file for a path relative to the content directory.
    public func file(_ relativePath: String) -> SourceFile {
        SourceFile(relativePath: relativePath, displayPrefix: displayPrefix)
    }

    /// The directory itself, for diagnostics about the whole content tree.
    public var displayPath: String {
        displayPrefix.isEmpty ? "." : String(displayPrefix.dropLast())
    }

    /// The absolute path of a content-relative path, by string concatenation (cheaper
    /// than `absoluteURL(_:).path` when done for every file).
    public func absolutePath(_ relativePath: String) -> String {
        relativePath.isEmpty ? path : path + "/" + relativePath
    }

    public func absoluteURL(_ relativePath: String) -> URL {
        relativePath.isEmpty ? url : url.appendingPathComponent(relativePath)
    }

    /// Resolves `reference` (as an author wrote it) against the directory of the
    /// content-relative file `from`. Returns the content-relative path of the target, or
    /// nil when it leaves the content directory, directly or through a symbolic link.
    public func resolve(_ reference: String, from relativeFile: String) -> String? {
        guard let relative = Self.lexicallyResolve(reference, from: relativeFile) else { return nil }
        return staysInside(relative) ? relative : nil
    }

    /// Resolves `reference` against the directory of `relativeFile` by its text alone
    /// (`.` and `..` applied, no file system): nil when it is absolute or climbs above
    /// the content root. The root itself is the empty string.
    public static func lexicallyResolve(_ reference: String, from relativeFile: String) -> String? {
        guard !reference.hasPrefix("/") else { return nil }
        return PlainPath.join(reference, from: relativeFile) ?? resolveByComponents(reference, from: relativeFile)
    }

    /// `lexicallyResolve` one component at a time: for references `PlainPath` does not
    /// join (`.`, `..`, empty components, text that is not plain ASCII).
    static func resolveByComponents(_ reference: String, from relativeFile: String) -> String? {
        guard !reference.hasPrefix("/") else { return nil }
        var parts = relativeFile.split(separator: "/").dropLast().map(String.init)
        for part in reference.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// The absolute path of a content-relative path with every symbolic link resolved
    /// (`realpath`), when it exists and is inside the root; nil otherwise.
    public func resolvedInside(_ relativePath: String) -> String? {
        guard let pointer = realpath(absolutePath(relativePath), nil) else { return nil }
        defer { free(pointer) }
        let resolved = String(cString: pointer)
        return resolved == path || resolved.hasPrefix(path + "/") ? resolved : nil
    }

    /// Whether the content-relative path, with every symbolic link followed, is inside the root.
    public func staysInside(_ relativePath: String) -> Bool {
        let resolved = absoluteURL(relativePath).resolvingSymlinksInPath().path
        return resolved == url.path || resolved.hasPrefix(url.path + "/")
    }
}

/// The common case of `ContentRoot.lexicallyResolve` without splitting into components:
/// a reference with nothing to resolve, from a file with an ordinary path, is the file's
/// directory, `/` and the reference. Only ASCII paths: elsewhere a `/` followed by a
/// combining mark is no separator for the Character-based split.
private enum PlainPath {
    static func join(_ reference: String, from relativeFile: String) -> String? {
        guard isPlain(reference), isPlain(relativeFile) else { return nil }
        guard let slash = relativeFile.utf8.lastIndex(of: UInt8(ascii: "/")) else { return reference }
        return relativeFile[..<slash] + "/" + reference
    }

    /// Non-empty ASCII whose components are neither empty, nor `.`, nor `..`.
    private static func isPlain(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                let part = bytes[start..<end]
                if part.isEmpty || (part.count <= 2 && part.allSatisfy { $0 == UInt8(ascii: ".") }) { return false }
                start = end + 1
            }
            return true
        }
    }
}
