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
        let cleaned = cleaned(url)
        if cleaned.isEmpty || cleaned.hasPrefix("#") { return .fragment(cleaned) }
        switch schemeSafety(of: cleaned) {
        case .none: break
        case .safe: return .external(url)
        case .unsafe(let scheme): return .unsafe(scheme: scheme)
        }
        if cleaned.hasPrefix("/") { return .external(url) }
        let split = URLCharacters.firstIndex(in: cleaned) { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? cleaned.endIndex
        let path = String(cleaned[..<split])
        let decoded = URLCharacters.containsByte(path, where: { $0 == UInt8(ascii: "%") }) ? path.removingPercentEncoding ?? path : path
        return .relative(path: decoded, suffix: String(cleaned[split...]))
    }

    /// Browsers drop tabs and newlines anywhere in a URL and spaces and controls around
    /// it, so `java\tscript:` must be judged as `javascript:`. Most URLs have no byte up to
    /// U+0020 at all and are returned as they are, without a scalar-by-scalar copy.
    static func cleaned(_ url: String) -> String {
        guard URLCharacters.containsByte(url, where: { $0 <= 0x20 }) else { return url }
        return String(String.UnicodeScalarView(url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
            .trimmingCharacters(in: CharacterSet(charactersIn: "\u{0}"..."\u{20}"))
    }

    /// The lowercased scheme, if the URL starts with one (RFC 3986: a letter, then
    /// letters, digits, `+`, `-` or `.`, then `:`).
    static func scheme(of url: String) -> String? {
        if let answer = url.withUTF8Bytes({ $0.allSatisfy { $0 < 0x80 } ? Optional(asciiScheme($0)) : nil }) { return answer }
        guard let colon = URLCharacters.firstIndex(in: url, where: { $0 == UInt8(ascii: ":") }) else { return nil }
        let candidate = url[..<colon]
        guard let first = candidate.unicodeScalars.first, first.isASCIILetter,
              candidate.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return candidate.lowercased()
    }

    /// `scheme(of:)` for ASCII text, where characters are bytes: every link of every page
    /// is classified, and walking scalars and lowercasing a `String` showed in profiles.
    private static func asciiScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        asciiSchemeBytes(bytes).map(lowercasedScheme)
    }

    /// The scheme's bytes as written (before the colon), if ASCII text starts with one.
    private static func asciiSchemeBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        func isSchemeByte(_ byte: UInt8) -> Bool {
            byte.isASCIILetter || byte.isASCIIDigit
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return nil }
        let candidate = UnsafeBufferPointer(rebasing: bytes[..<colon])
        guard candidate[0].isASCIILetter, candidate.allSatisfy(isSchemeByte) else { return nil }
        return candidate
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 { byte.isASCIILetter ? byte | 0x20 : byte }

    private static func lowercasedScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes.map(lowercased), as: UTF8.self)
    }

    private enum SchemeSafety { case none, safe, unsafe(String) }

    /// Whether the URL starts with a scheme and whether that is one of `unsafeSchemes`:
    /// for ASCII text without making the scheme's `String` and hashing it, which every
    /// link of every page paid for an answer that is almost always "safe".
    private static func schemeSafety(of url: String) -> SchemeSafety {
        let ascii = url.withUTF8Bytes { bytes -> SchemeSafety? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard let scheme = asciiSchemeBytes(bytes) else { return SchemeSafety.none }
            let unsafe = unsafeSchemeBytes.contains { name in
                name.count == scheme.count && zip(name, scheme).allSatisfy { $0 == lowercased($1) }
            }
            return unsafe ? .unsafe(lowercasedScheme(scheme)) : .safe
        }
        if let ascii { return ascii }
        guard let scheme = scheme(of: url) else { return .none }
        return unsafeSchemes.contains(scheme) ? .unsafe(scheme) : .safe
    }

    private static let unsafeSchemeBytes = unsafeSchemes.sorted().map { Array($0.utf8) }

    /// Whether a relative link that points at nothing reads as a web address written
    /// without `https://` (real lessons write `www.google.com` and
    /// `someone.github.io/project/app.js`): its first segment a host name of ASCII labels
    /// ending in letters, starting with `www.`, or followed by a path with three labels or
    /// more, or two (`example.com/page`). A file name (`notes.md`) alone is never one.
    static func readsAsWebAddress(_ url: String) -> Bool {
        let host = url.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2,
              labels.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "-" } }),
              let last = labels.last, (2...24).contains(last.count), last.unicodeScalars.allSatisfy(\.isASCIILetter)
        else { return false }
        return host.lowercased().hasPrefix("www.") || url.dropFirst(host.count).hasPrefix("/")
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
        exists(relativePath, in: contentRoot, resolvedRoot: resolvedRoot(contentRoot))
    }

    /// `exists(_:in:)` with the root already resolved (`LinkTargets` resolves it once).
    static func exists(_ relativePath: String, in contentRoot: URL, resolvedRoot root: String) -> Bool {
        let url = contentRoot.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        let resolved = url.resolvingSymlinksInPath().standardizedFileURL.path
        return resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// Where `relativePath` leads inside the content root once its symbolic links are
    /// followed, when that path is hidden (a component starts with `.`: a link
    /// `notes.txt -> ../.env`); nil when it is not, or does not exist or leads out (which
    /// `exists` answers). A hidden file is never published, also through a link.
    static func hiddenTarget(_ relativePath: String, in contentRoot: URL, resolvedRoot root: String) -> String? {
        guard let real = realpath(contentRoot.path + "/" + relativePath, nil) else { return nil }
        defer { free(real) }
        return PublishPolicy.hiddenPath(String(cString: real), under: root)
    }

    static func resolvedRoot(_ contentRoot: URL) -> String {
        contentRoot.resolvingSymlinksInPath().standardizedFileURL.path
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
