import Foundation
import Hummingbird
import NIOCore

/// The module has an `HTTPResponse` of its own (the upload's); this is HTTPTypes'.
typealias HTTPStatus = Hummingbird.HTTPResponse.Status

/// Answers one request of `serve`: the live-reload stream, the list of errors while the
/// content has some, or a file of the output (read under the output's lock, so that a
/// page never shows a half-applied rebuild) with `ETag`, `Range` and `HEAD` support.
struct PreviewResponder: Sendable {
    let files: StaticFiles
    let hub: LiveReloadHub
    let output: LiveOutput
    let status: @Sendable () -> PreviewServer.Status

    func respond(_ request: Request, context: PreviewRequestContext) -> Response {
        let response = answer(request, context: context)
        guard request.method == .head, let length = response.headers[.contentLength] else { return response }
        // The head alone, with the length the body would have had.
        var head = response
        head.body = ResponseBody()
        head.headers[.contentLength] = length
        return head
    }

    private func answer(_ request: Request, context: PreviewRequestContext) -> Response {
        let method = request.method
        guard method == .get || method == .head else {
            return Self.text(.methodNotAllowed, "only GET and HEAD", headers: [.allow: "GET, HEAD"])
        }
        let target = request.head.path ?? "/"
        if target.split(separator: "?", maxSplits: 1)[0] == LiveReloadHub.path {
            guard method == .get else { return Self.text(.methodNotAllowed, "only GET", headers: [.allow: "GET"]) }
            return eventStream(context.channel)
        }
        let script = LiveReloadHub.script(generation: hub.generation)
        guard let components = StaticFiles.components(of: target) else { return notFound(target, script: script) }
        let isPage = components.last.map { $0.isEmpty || $0.hasSuffix(".html") || !$0.contains(".") } ?? true
        if isPage, let page = errorPage(script: script) { return page }
        return output.lock.withLock { _ in
            switch files.open(components) {
            case .missing:
                return notFound(target, script: script)
            case .directory:
                let query = target.firstIndex(of: "?").map { String(target[$0...]) } ?? ""
                let location = "/" + components.joined(separator: "/") + "/" + query
                return Response(status: .movedPermanently, headers: [.location: location, .contentLength: "0"])
            case .file(let descriptor, let info, let name):
                defer { close(descriptor) }
                let file = FileReply(descriptor: descriptor, info: info, name: name, path: components,
                                     generation: hub.generation, script: isPage ? script : nil)
                return file.response(to: request) ?? notFound(target, script: script)
            }
        }
    }

    /// The list of errors in place of a page while the last build failed.
    private func errorPage(script: String) -> Response? {
        switch status() {
        case .built: return nil
        case .failed(let diagnostics): return Self.html(.internalServerError, ErrorPage.html(diagnostics, script: script))
        case .unwritable(let message): return Self.html(.internalServerError, ErrorPage.html(failure: message, script: script))
        }
    }

    private func notFound(_ target: String, script: String) -> Response {
        let custom = FileManager.default.fileExists(atPath: files.root.appendingPathComponent(SiteAssets.authorStylesheetPath).path)
        return Self.html(.notFound, ErrorPage.notFound(target, authorStylesheet: custom, script: script))
    }

    /// `text/event-stream`, greeted with the current build number; `503` past the cap.
    private func eventStream(_ channel: any Channel) -> Response {
        guard let (events, end) = hub.subscribe() else {
            return Self.text(.serviceUnavailable, "too many live-reload streams (at most \(LiveReloadHub.maximumStreams))",
                             headers: [.retryAfter: "10"])
        }
        channel.closeFuture.whenComplete { _ in end() }
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            for await generation in events {
                try await writer.write(NIOCore.ByteBuffer(string: LiveReloadHub.event(generation)))
            }
            end()
            try await writer.finish(nil)
        })
    }

    static func text(_ status: HTTPStatus, _ message: String, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "text/plain; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: NIOCore.ByteBuffer(string: message + "\n")))
    }

    static func html(_ status: HTTPStatus, _ page: String) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: NIOCore.ByteBuffer(string: page)))
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

    static let noSniff = HTTPFields.Element.Name("X-Content-Type-Options")!

    var etag: String {
        let modified = Int(info.modifiedNanoseconds)
        let parts = [Int(info.st_ino), Int(info.st_size), modified].map { String($0, radix: 16) }
        return "\"" + parts.joined(separator: "-") + (script == nil ? "" : "-g\(generation)") + "\""
    }

    /// Nil when the file could not be read whole (it shrank while being read).
    func response(to request: Request) -> Response? {
        let etag = etag
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "no-cache", .acceptRanges: "bytes",
                                   .contentType: StaticFiles.contentType(of: name), Self.noSniff: "nosniff"]
        if path.first == "media", StaticFiles.isActive(name) { headers[.contentDisposition] = "attachment" }
        // A page is read whole to add the script; other files only as far as they are sent.
        var page: Data?
        if let script {
            guard let bytes = StaticFiles.read(descriptor, offset: 0, count: Int(info.st_size)) else { return nil }
            page = LiveReloadHub.inject(script, into: bytes)
        }
        let size = page?.count ?? Int(info.st_size)
        let plan = ConditionalRange(size: size, etag: etag, ifNoneMatch: request.headers[.ifNoneMatch],
                                    range: request.headers[.range], ifRange: request.headers[.ifRange])
        let (offset, count): (Int, Int)
        switch plan {
        case .notModified:
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            headers[.contentLength] = "0"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .whole: (offset, count) = (0, size)
        case .part(let start, let length):
            (offset, count) = (start, length)
            headers[.contentRange] = "bytes \(start)-\(start + length - 1)/\(size)"
        }
        headers[.contentLength] = String(count)
        let status: HTTPStatus = plan == .whole ? .ok : .partialContent
        guard request.method != .head else { return Response(status: status, headers: headers) }
        let bytes = page.map { $0.subdata(in: offset..<offset + count) }
            ?? StaticFiles.read(descriptor, offset: offset, count: count)
        guard let bytes else { return nil }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: NIOCore.ByteBuffer(bytes: bytes)))
    }
}
