import Foundation

/// Maps request paths to files of the output directory, never outside it.
struct StaticFiles: Sendable {
    let root: URL

    /// The file for a decoded request path: `/a/` → `a/index.html`; nil for a path with
    /// `..`, a NUL byte or no such file.
    func file(for path: String) -> URL? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.contains(where: { $0 == ".." || $0 == "." || $0.contains("\0") }) else { return nil }
        var url = parts.reduce(root) { $0.appendingPathComponent(String($1)) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            url.appendPathComponent("index.html")
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        }
        return url
    }

    static func contentType(of url: URL) -> String {
        switch url.pathExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "txt", "md": "text/plain; charset=utf-8"
        case "xml": "application/xml"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }
}
