import Foundation
import NIOCore
import NIOHTTP1

/// Answers one request of `serve`: the live-reload stream, the list of errors while the
/// content has some, or a file of the output (read under the output's lock, so that a
/// page never shows a half-applied rebuild) with `ETag`, `Range` and `HEAD` support.
/// It blocks (file reads, the lock while a rebuild applies its change), so the server
/// calls it on its thread pool, never on an event loop.
struct PreviewResponder: Sendable {
    let files: StaticFiles
    let hub: LiveReloadHub
    let output: LiveOutput
    let status: @Sendable () -> PreviewServer.Status

    /// The answer to `request` (for `HEAD`, the connection sends only its head).
    func respond(_ request: PreviewRequest) -> PreviewResponse {
        let method = request.method
        guard method == .GET || method == .HEAD else {
            return Self.text(.methodNotAllowed, "only GET and HEAD", headers: [("Allow", "GET, HEAD")])
        }
        let target = request.target
        if target.split(separator: "?", maxSplits: 1)[0] == LiveReloadHub.path {
            guard method == .GET else { return Self.text(.methodNotAllowed, "only GET", headers: [("Allow", "GET")]) }
            return eventStream()
        }
        let script = LiveReloadHub.script(generation: hub.generation)
        guard let components = StaticFiles.components(of: target) else { return notFound(target, script: script) }
        let isPage = components.last.map { $0.isEmpty || $0.hasSuffix(".html") || !$0.contains(".") } ?? true
        if isPage, let page = errorPage(script: script) { return page }
        return output.lock.reading {
            switch files.open(components) {
            case .missing:
                return notFound(target, script: script)
            case .directory:
                let query = target.firstIndex(of: "?").map { String(target[$0...]) } ?? ""
                let location = "/" + components.joined(separator: "/") + "/" + query
                return PreviewResponse(status: .movedPermanently, headers: ["Location": location, "Content-Length": "0"])
            case .file(let descriptor, let info, let name):
                defer { close(descriptor) }
                let file = FileReply(descriptor: descriptor, info: info, name: name, path: components,
                                     generation: hub.generation, script: isPage ? script : nil)
                return file.response(to: request) ?? notFound(target, script: script)
            }
        }
    }

    /// The list of errors in place of a page while the last build failed.
    private func errorPage(script: String) -> PreviewResponse? {
        switch status() {
        case .built: return nil
        case .failed(let diagnostics): return Self.html(.internalServerError, ErrorPage.html(diagnostics, script: script))
        case .unwritable(let message): return Self.html(.internalServerError, ErrorPage.html(failure: message, script: script))
        case .notBuilt(let message): return Self.html(.serviceUnavailable, ErrorPage.html(waiting: message, script: script))
        }
    }

    private func notFound(_ target: String, script: String) -> PreviewResponse {
        let custom = FileManager.default.fileExists(atPath: files.root.appendingPathComponent(SiteAssets.authorStylesheetPath).path)
        return Self.html(.notFound, ErrorPage.notFound(target, authorStylesheet: custom, script: script))
    }

    /// `text/event-stream`, greeted with the current build number; `503` past the cap.
    private func eventStream() -> PreviewResponse {
        guard let (events, end) = hub.subscribe() else {
            return Self.text(.serviceUnavailable, "too many live-reload streams (at most \(LiveReloadHub.maximumStreams))",
                             headers: [("Retry-After", "10")])
        }
        return PreviewResponse(status: .ok, headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store"],
                               body: .events(events, end: end))
    }

    static func text(_ status: HTTPResponseStatus, _ message: String, headers: [(String, String)] = []) -> PreviewResponse {
        let fields = HTTPHeaders(headers + [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")])
        return PreviewResponse(status: status, headers: fields, body: .bytes(NIOCore.ByteBuffer(string: message + "\n")))
    }

    static func html(_ status: HTTPResponseStatus, _ page: String) -> PreviewResponse {
        PreviewResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store"],
                        body: .bytes(NIOCore.ByteBuffer(string: page)))
    }
}

/// A regular file of the output as a response: its `ETag` (inode, size, modification
/// time and, for pages, the build number their live-reload script carries), then
/// `304`, `206` or `416` as `ConditionalRange` decides; for `HEAD` only the head.
struct FileReply {
    let descriptor: Int32
    let info: stat
    let name: String
    let path: [String]
    let generation: Int
    /// The live-reload script for a page (whose bytes then differ from the file's).
    let script: String?

    var etag: String {
        let modified = Int(info.modifiedNanoseconds)
        let parts = [Int(info.st_ino), Int(info.st_size), modified].map { String($0, radix: 16) }
        return "\"" + parts.joined(separator: "-") + (script == nil ? "" : "-g\(generation)") + "\""
    }

    /// Nil when the file could not be read whole (it shrank while being read).
    func response(to request: PreviewRequest) -> PreviewResponse? {
        let etag = etag
        var headers: HTTPHeaders = ["ETag": etag, "Cache-Control": "no-cache", "Accept-Ranges": "bytes",
                                    "Content-Type": StaticFiles.contentType(of: name), "X-Content-Type-Options": "nosniff"]
        if path.first == "media", StaticFiles.isActive(name) { headers.add(name: "Content-Disposition", value: "attachment") }
        if path.first == "media", StaticFiles.isSVG(name) {
            headers.add(name: "Content-Security-Policy", value: StaticFiles.svgPolicy)
        }
        // A page is read whole to add the script; other files only as far as they are sent.
        var page: Data?
        if let script {
            guard let bytes = StaticFiles.read(descriptor, offset: 0, count: Int(info.st_size)) else { return nil }
            page = LiveReloadHub.inject(script, into: bytes)
        }
        let size = page?.count ?? Int(info.st_size)
        let plan = ConditionalRange(size: size, etag: etag, ifNoneMatch: request.header("If-None-Match"),
                                    range: request.header("Range"), ifRange: request.header("If-Range"))
        let (offset, count): (Int, Int)
        switch plan {
        case .notModified:
            headers.remove(name: "Content-Type")
            return PreviewResponse(status: .notModified, headers: headers)
        case .unsatisfiable:
            headers.add(name: "Content-Range", value: "bytes */\(size)")
            headers.add(name: "Content-Length", value: "0")
            return PreviewResponse(status: .rangeNotSatisfiable, headers: headers)
        case .whole: (offset, count) = (0, size)
        case .part(let start, let length):
            (offset, count) = (start, length)
            headers.add(name: "Content-Range", value: "bytes \(start)-\(start + length - 1)/\(size)")
        }
        headers.add(name: "Content-Length", value: String(count))
        let status: HTTPResponseStatus = plan == .whole ? .ok : .partialContent
        guard request.method != .HEAD else { return PreviewResponse(status: status, headers: headers) }
        let bytes = page.map { $0.subdata(in: offset..<offset + count) }
            ?? StaticFiles.read(descriptor, offset: offset, count: count)
        guard let bytes else { return nil }
        return PreviewResponse(status: status, headers: headers, bytes: bytes)
    }
}
