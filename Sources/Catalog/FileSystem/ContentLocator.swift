import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the content is, as git and SwiftPM find their roots: a folder the user names
/// (or its `catalog.yml`), else `./content` when it holds `catalog.yml`, else the nearest
/// folder at or above the current one that holds `catalog.yml` (or a `content/` that
/// does), stopping at the home folder and at a file-system boundary as git does.
public struct ContentLocation: Equatable, Sendable {
    public enum Origin: Equatable, Sendable {
        /// Named on the command line (`build DIR`, `--content DIR` or `--content DIR/catalog.yml`).
        case given
        /// `./content`, the default of cli.md.
        case defaultFolder
        /// Found at or above the current folder.
        case found
    }

    /// The content folder as it is passed to `ContentRoot` and shown: as given, or
    /// relative to the current folder (`..`, `../content`).
    public var content: String
    /// Where the output and the cache go when not given, relative to the current folder
    /// ("" for the current folder, as cli.md says): beside the content folder when the
    /// current folder is inside it or the content was found above.
    public var projectFolder: String
    public var origin: Origin

    /// `site`, in the project folder.
    public var defaultOutput: String { projectFolder.isEmpty ? "site" : projectFolder + "/site" }
    /// `.catalog-cache`, in the project folder.
    public var defaultCache: String { projectFolder.isEmpty ? ".catalog-cache" : projectFolder + "/.catalog-cache" }
}

public enum ContentLocator {
    /// - Parameters:
    ///   - given: the folder (or `catalog.yml`) named on the command line, if any.
    ///   - home: where the upward search stops at the latest (git stops at `GIT_CEILING_DIRECTORIES`).
    public static func locate(_ given: String?, currentDirectory: String,
                              home: String? = ProcessInfo.processInfo.environment["HOME"]) throws(ContentLocationError) -> ContentLocation {
        let cwd = URL(fileURLWithPath: currentDirectory).standardizedFileURL.resolvingSymlinksInPath().path
        if let given { return try named(given, cwd: cwd) }
        if isFile(cwd + "/content/catalog.yml") {
            return ContentLocation(content: "content", projectFolder: "", origin: .defaultFolder)
        }
        let ceiling = home.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
        if let found = searchUpward(from: cwd, home: ceiling) {
            let relative = RelativePath.from(cwd, to: found)
            let content = relative.isEmpty ? "." : relative
            let project = RelativePath.from(cwd, to: RelativePath.parent(of: found))
            return ContentLocation(content: content, projectFolder: project, origin: .found)
        }
        // A `content` folder without catalog.yml is the content still: loading says what is missing.
        if isDirectory(cwd + "/content") {
            return ContentLocation(content: "content", projectFolder: "", origin: .defaultFolder)
        }
        throw .notFound
    }

    private static func named(_ given: String, cwd: String) throws(ContentLocationError) -> ContentLocation {
        let absolute = given.hasPrefix("/") ? given : cwd + "/" + given
        var folder = given
        if isFile(absolute) {
            guard RelativePath.lastComponent(of: absolute) == "catalog.yml" else { throw .notAFolder(given) }
            let parent = RelativePath.parent(of: given)
            folder = parent.isEmpty ? "." : parent
        } else if !isDirectory(absolute) {
            throw .missing(given, suggestion: suggestion(for: given, absolute: absolute))
        }
        let resolved = URL(fileURLWithPath: folder.hasPrefix("/") ? folder : cwd + "/" + folder)
            .standardizedFileURL.resolvingSymlinksInPath().path
        // Run from inside the content, `site` there would be read as content: put it beside.
        let inside = cwd == resolved || cwd.hasPrefix(resolved + "/")
        let project = inside ? RelativePath.from(cwd, to: RelativePath.parent(of: resolved)) : ""
        return ContentLocation(content: folder, projectFolder: project, origin: .given)
    }

    /// The nearest folder from `start` upward holding `catalog.yml`, or a `content/` that
    /// holds one. Stops after the home folder and "/", and before another file system.
    static func searchUpward(from start: String, home: String?) -> String? {
        var folder = start
        let device = deviceID(start)
        while true {
            if isFile(folder + "/catalog.yml") { return folder }
            if folder != start, isFile(folder + "/content/catalog.yml") { return folder + "/content" }
            let parent = RelativePath.parent(of: folder)
            if folder == "/" || folder == home || parent == folder || deviceID(parent) != device { return nil }
            folder = parent
        }
    }

    /// The sibling folder whose name is closest to the missing one, as the user would type it.
    static func suggestion(for given: String, absolute: String) -> String? {
        let name = RelativePath.lastComponent(of: given)
        let parentFolder = RelativePath.parent(of: absolute)
        guard !name.isEmpty, name != "/", let names = try? FileManager.default.contentsOfDirectory(atPath: parentFolder) else {
            return nil
        }
        let folders = names.filter { !$0.hasPrefix(".") && isDirectory(parentFolder + "/" + $0) }
        guard let closest = Suggestions.closest(to: name, in: folders), closest != name else { return nil }
        let prefix = RelativePath.parent(of: given)
        return prefix.isEmpty ? closest : prefix + "/" + closest
    }

    static func isFile(_ path: String) -> Bool { mode(path) == S_IFREG }
    static func isDirectory(_ path: String) -> Bool { mode(path) == S_IFDIR }

    private static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    private static func deviceID(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_dev) : nil
    }
}

/// Why the content cannot be used: the command cannot start (exit status 2).
public enum ContentLocationError: Error, Equatable, CustomStringConvertible {
    case missing(String, suggestion: String?)
    case notAFolder(String)
    case notFound

    public var description: String {
        switch self {
        case .missing(let path, let suggestion?):
            "the content folder \(path) does not exist; did you mean \(suggestion)?"
        case .missing(let path, nil):
            "the content folder \(path) does not exist; name the folder that holds catalog.yml, or create a catalog with catalog-build init"
        case .notAFolder(let path):
            "\(path) is a file, not a content folder; name the folder that holds catalog.yml, or catalog.yml itself"
        case .notFound:
            "no catalog found: there is no content/catalog.yml here and no catalog.yml in this folder or any folder above it; run in your catalog's folder, name the content folder (catalog-build build DIR), or create a catalog with catalog-build init"
        }
    }
}

/// Paths as strings: relative to the current folder as a user would type them (`..`,
/// `../site`; "" for the folder itself), and their parts. (Foundation's `NSString` path
/// methods trap on some one-character paths.)
enum RelativePath {
    /// The path without its last component: "" for a bare name, "/" for a child of the root.
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last component, without trailing slashes.
    static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
    }

    static func from(_ base: String, to target: String) -> String {
        let from = base.split(separator: "/"), to = target.split(separator: "/")
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.joined(separator: "/")
    }
}
