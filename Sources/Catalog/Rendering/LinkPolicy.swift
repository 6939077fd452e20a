import Foundation

/// What a link or image destination in a body points at (content-format.md §4, §7).
public enum LinkDestination: Equatable, Sendable {
    /// `#section` (or an empty destination): a place on the same page.
    case fragment(String)
    /// A URL with a safe scheme, or one starting with `/`: left as written.
    case external(String)
    /// `javascript:`, `vbscript:` or `data:`: never a link.
    case unsafe(scheme: String)
    /// A path relative to the file, percent-decoded, and what followed it (`?…`/`#…`).
    case relative(path: String, suffix: String)
}

public enum LinkPolicy {
    static let unsafeSchemes: Set<String> = ["javascript", "vbscript", "data"]

    public static func classify(_ url: String) -> LinkDestination {
        // Browsers drop tabs and newlines anywhere in a URL and spaces and controls
        // around it, so `java\tscript:` must be judged as `javascript:`.
        let cleaned = String(String.UnicodeScalarView(url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
            .trimmingCharacters(in: CharacterSet(charactersIn: "\u{0}"..."\u{20}"))
        if cleaned.isEmpty || cleaned.hasPrefix("#") { return .fragment(cleaned) }
        if let scheme = scheme(of: cleaned) {
            return unsafeSchemes.contains(scheme) ? .unsafe(scheme: scheme) : .external(url)
        }
        if cleaned.hasPrefix("/") { return .external(url) }
        let split = cleaned.firstIndex { $0 == "?" || $0 == "#" } ?? cleaned.endIndex
        let path = String(cleaned[..<split])
        return .relative(path: path.removingPercentEncoding ?? path, suffix: String(cleaned[split...]))
    }

    /// The lowercased scheme, if the URL starts with one (RFC 3986: a letter, then
    /// letters, digits, `+`, `-` or `.`, then `:`).
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let candidate = url[..<colon]
        guard let first = candidate.unicodeScalars.first, first.isASCIILetter,
              candidate.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return candidate.lowercased()
    }
}

/// Paths inside the content directory, always relative to it with `/` separators.
public enum LinkPaths {
    /// Resolves `path` against the directory of `sourcePath`; nil when it leaves content/.
    /// The content root itself is the empty string.
    public static func resolve(_ path: String, from sourcePath: String) -> String? {
        ContentRoot.lexicallyResolve(path, from: sourcePath)
    }

    /// Whether `relativePath` names an existing file or directory that stays inside
    /// the content root even after symbolic links are followed.
    public static func exists(_ relativePath: String, in contentRoot: URL) -> Bool {
        let url = contentRoot.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        let root = contentRoot.resolvingSymlinksInPath().standardizedFileURL.path
        let resolved = url.resolvingSymlinksInPath().standardizedFileURL.path
        return resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
