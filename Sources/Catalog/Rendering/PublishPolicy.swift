import Foundation

/// Which linked files may be copied into the site's `media/`: only files that cannot run
/// on the site's origin, and never a hidden one. `BodyChecker` reports the others at the
/// link (`link-active-file`, `link-hidden-file`), in `validate` and `build` alike, and
/// `BodyLinks` never publishes them.
enum PublishPolicy {
    /// Extensions a browser (or a web server) may run as script or render as a document
    /// that can hold script, served from the site's origin: HTML and XHTML, compressed SVG,
    /// XML and its style sheets, JavaScript and WebAssembly, Flash, web archives, and
    /// server-side pages. Compared lowercased. (An `.svg` is published as the copy
    /// `SVGSanitizer` writes, without script.)
    static let activeExtensions: Set<String> = [
        "html", "htm", "shtml", "xhtml", "xht", "mht", "mhtml",
        "svgz", "xml", "xsl", "xslt", "rdf",
        "js", "mjs", "cjs", "wasm", "swf",
        "php", "phtml", "asp", "aspx", "jsp", "cgi",
    ]

    /// True when the file's extension is one of `activeExtensions`.
    static func isActive(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return activeExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The first component of a content-relative path that starts with `.` (a dot-file
    /// such as `.env`, or a file in a hidden folder such as `.git/`); nil when none does.
    static func hiddenComponent(_ path: String) -> Substring? {
        path.split(separator: "/").first { $0.hasPrefix(".") }
    }

    /// The content-relative path of `resolved` (an absolute path with every link followed)
    /// when it lies under `root` and is hidden; nil otherwise. What a symbolic link leads to
    /// is judged by this, wherever one is followed (the walk, links, thumbnails, catalog.yml).
    static func hiddenPath(_ resolved: String, under root: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard resolved.hasPrefix(prefix) else { return nil }
        let inside = String(resolved.dropFirst(prefix.count))
        return hiddenComponent(inside) != nil ? inside : nil
    }

    /// Whether a resolved content path may be copied into `media/` by its name alone.
    static func isPublishable(_ path: String) -> Bool {
        hiddenComponent(path) == nil && !isActive(path)
    }

    /// Publishes a linked file at `relativePath` of the sink: an SVG as its sanitized copy,
    /// any other file streamed as it is (`OutputSink.copyFile`), read only if it is a
    /// regular file.
    static func publishMedia(_ absolutePath: String, at relativePath: String, to sink: some OutputSink) throws {
        if SVGSanitizer.isSVG(absolutePath) {
            try sink.write(relativePath, SVGSanitizer.publishedBytes(absolutePath))
        } else {
            try sink.copyFile(relativePath, from: absolutePath)
        }
    }

    /// The regular file at `absolutePath` opened to be copied into the output, or the
    /// error that says why it cannot be (the sinks' `copyFile`, `serve`'s copies).
    static func openMedia(_ absolutePath: String) throws -> ContentFile.Opened {
        switch ContentFile.open(absolutePath, limit: Int.max) {
        case .success(let file): return file
        case .failure(let failure): throw MediaReadError(path: absolutePath, failure: failure)
        }
    }

    /// How much of a file `holdsPrivateKey` looks at: a key file starts with its key, and
    /// one page of each linked file costs nothing next to copying it (5,000 linked pictures
    /// of 64 KB each would otherwise be read twice more per build).
    static let privateKeyWindow = 4 << 10

    /// Whether the first `privateKeyWindow` bytes of the regular file at `absolutePath` hold
    /// the start of a PEM private key: a line `-----BEGIN … PRIVATE KEY…` (PKCS #8 as
    /// Apple's .p8, EC, RSA, OpenSSH, encrypted, PGP's `PRIVATE KEY BLOCK`). A file that
    /// cannot be opened as a regular file holds none (other checks report it).
    static func holdsPrivateKey(_ absolutePath: String) -> Bool {
        guard case .success(let file) = ContentFile.open(absolutePath, limit: Int.max) else { return false }
        defer { close(file.descriptor) }
        var bytes = [UInt8](repeating: 0, count: min(privateKeyWindow, file.size))
        let count = bytes.withUnsafeMutableBytes { read(file.descriptor, $0.baseAddress, $0.count) }
        return count > 0 && holdsPrivateKey(bytes[..<count])
    }

    static func holdsPrivateKey(_ bytes: ArraySlice<UInt8>) -> Bool {
        let begin = Array("-----BEGIN ".utf8), label = Array("PRIVATE KEY".utf8)
        var index = bytes.startIndex
        while let found = bytes[index...].firstRange(of: begin) {
            let line = bytes[found.upperBound...].prefix { $0 != 0x0A && $0 != 0x0D }.prefix(64)
            if line.firstRange(of: label) != nil { return true }
            index = found.upperBound
        }
        return false
    }

    public struct MediaReadError: Error, CustomStringConvertible {
        var path: String
        var failure: ContentFile.Failure
        public var description: String {
            switch failure {
            case .unreadable(let reason): "cannot read \(path): \(reason)"
            case .tooLarge(let size): "\(path) has \(size) bytes, too many to copy"
            case .notRegular(let kind): "\(path) is \(kind), not a regular file"
            }
        }
    }
}
