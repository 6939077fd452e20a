import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps request targets to regular files of the output directory, never outside it.
///
/// The target is percent-decoded exactly once, and what it decodes to is taken literally
/// (a double-encoded `%252e%252e` names a file called `%2e%2e`, which a site may hold:
/// an identifier with `%` in it); a backslash, a control character (NUL included), or a
/// `.` or `..` component is refused. The file is then opened one component at a time from the
/// output directory with `O_NOFOLLOW`, so no symbolic link is followed (the build
/// writes none; one put there leads wherever it likes), and only a regular file is
/// served: a FIFO or device is never opened for reading.
struct StaticFiles: Sendable {
    let root: URL

    /// The components of a request target (`/a/b.html?x` → `["a", "b.html"]`), nil when
    /// it is refused. A trailing `/` adds an empty last component.
    static func components(of target: String) -> [String]? {
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard path.hasPrefix("/"), let decoded = String(path).removingPercentEncoding else { return nil }
        guard !decoded.unicodeScalars.contains(where: { $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        let parts = decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // Empty components inside the path (`a//b`) are refused; only the last may be empty.
        // Dot-files (`.`, `..`, the output's `.catalog-build` marker, a live write's
        // temporary file) are never served.
        guard !parts.dropLast().contains(""), !parts.contains(where: { $0.hasPrefix(".") }) else { return nil }
        return parts
    }

    enum Lookup {
        /// An open regular file (the caller closes it) and what `fstat` said of it.
        case file(descriptor: Int32, info: stat, name: String)
        /// A directory asked for without its trailing `/`: where to send the browser.
        case directory
        case missing
    }

    /// Opens the file for `components` (a directory's `index.html` for a trailing `/`).
    func open(_ components: [String]) -> Lookup {
        var names = components
        if names.last == "" { names[names.count - 1] = "index.html" }
        var directory = systemOpen(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return .missing }
        for name in names.dropLast() {
            let next = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(directory)
            guard next >= 0 else { return .missing }
            directory = next
        }
        defer { close(directory) }
        let name = names.last ?? "index.html"
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
        let file = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return .missing }
        var info = stat()
        guard fstat(file, &info) == 0 else {
            close(file)
            return .missing
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(descriptor: file, info: info, name: name)
        case S_IFDIR:
            close(file)
            return faccessat(directory, name + "/index.html", F_OK, AT_SYMLINK_NOFOLLOW) == 0 ? .directory : .missing
        default:
            close(file)
            return .missing
        }
    }

    /// Reads `count` bytes at `offset`; nil when the file is shorter than that.
    static func read(_ descriptor: Int32, offset: Int, count: Int) -> Data? {
        var data = Data(count: count)
        var done = 0
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            while done < count {
                let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return false }
                done += got
            }
            return true
        }
        return complete ? data : nil
    }

    static func contentType(of name: String) -> String {
        let dot = name.lastIndex(of: ".").map { name.index(after: $0) }
        return switch dot.map({ name[$0...].lowercased() }) ?? "" {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "txt", "md": "text/plain; charset=utf-8"
        case "csv": "text/csv; charset=utf-8"
        case "xml": "application/xml; charset=utf-8"
        case "json", "map": "application/json"
        case "webmanifest": "application/manifest+json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "ico": "image/x-icon"
        case "pdf": "application/pdf"
        case "mp4": "video/mp4"
        case "webm": "video/webm"
        case "mp3": "audio/mpeg"
        case "woff": "font/woff"
        case "woff2": "font/woff2"
        case "ttf": "font/ttf"
        case "otf": "font/otf"
        case "eot": "application/vnd.ms-fontobject"
        default: "application/octet-stream"
        }
    }

    /// Files a browser would run on the site's origin if shown inline. Under `media/`
    /// (files linked from the content) they are sent as downloads instead.
    static func isActive(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return [".html", ".htm", ".xhtml", ".xml", ".js", ".mjs"].contains { lowered.hasSuffix($0) }
    }

    /// An SVG under `media/` is the copy `SVGSanitizer` wrote, shown inline; it is sent with
    /// `svgPolicy` as well, so that a browser would run no script of it even if it had one.
    static func isSVG(_ name: String) -> Bool { name.lowercased().hasSuffix(".svg") }

    /// What a published SVG may do when opened: draw, with its own CSS and pictures it
    /// carries, in a sandbox (no script, no forms, its own origin). README's "Publishing
    /// the site" gives the same header to set on a web server.
    static let svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
}
