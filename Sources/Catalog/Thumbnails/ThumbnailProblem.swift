/// A problem with one source image, found once and reported at every context that uses
/// it, each diagnostic naming the path as that context wrote it.
struct ThumbnailProblem: Error, Hashable, Sendable {
    var rule: RuleID
    var severity: Severity
    /// Follows "thumbnail 'PATH' ": says what is wrong and how to fix it.
    var detail: String

    func diagnostic(path: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(rule, severity, at: location, "thumbnail '\(path)' \(detail)")
    }

    static func missing(isDirectory: Bool) -> ThumbnailProblem {
        let what = isDirectory ? "is a directory, not an image file" : "does not exist"
        return .init(rule: "thumbnail-missing", severity: .error,
                     detail: "\(what); correct the path (relative to the content directory) or add the image")
    }

    static func outside(resolved: String) -> ThumbnailProblem {
        .init(rule: "path-outside-content", severity: .error,
              detail: "resolves to '\(resolved)', outside the content directory; move the image inside content/")
    }

    static func hidden(_ path: String) -> ThumbnailProblem {
        .init(rule: "link-hidden-file", severity: .error,
              detail: "leads to '\(path)', which is hidden (it starts with a dot): hidden files are never published, not even as a thumbnail; move the image out of the hidden folder (into `_media/`, say)")
    }

    static func unreadable(_ reason: String) -> ThumbnailProblem {
        .init(rule: "thumbnail-missing", severity: .error, detail: "cannot be read (\(reason)); check its permissions")
    }

    static func notRegular(_ kind: String) -> ThumbnailProblem {
        .init(rule: "file-not-regular", severity: .error,
              detail: "is \(kind), not a regular file, and is not read; replace it with an image file")
    }

    static func fileTooLarge(bytes: Int, limit: Int) -> ThumbnailProblem {
        .init(rule: "thumbnail-too-large", severity: .error,
              detail: "is \(bytes >> 20) MB, over the \(limit >> 20) MB limit; scale the image down before adding it")
    }

    static func tooSmall(width: Int, height: Int, minimum: Int) -> ThumbnailProblem {
        .init(rule: "thumbnail-too-small", severity: .error,
              detail: "is \(width)×\(height) pixels; Apple ignores thumbnails under \(minimum)×\(minimum): use a larger image, ideally 330×330 or more")
    }

    static func small(width: Int, height: Int, kept side: Int, target: Int) -> ThumbnailProblem {
        .init(rule: "thumbnail-small", severity: .warning,
              detail: "is \(width)×\(height) pixels, so the thumbnail is \(side)×\(side) instead of \(target)×\(target) (images are not enlarged); use an image of at least \(target)×\(target)")
    }

    /// Maps a codec failure to its rule, in plain words with the library's own message.
    static func codec(_ error: ImageCodecError) -> ThumbnailProblem {
        switch error {
        case .unsupported(let why):
            return .init(rule: "thumbnail-format", severity: .error, detail: "is not a PNG or JPEG image: \(why); export it again as PNG or JPEG")
        case .corrupt(let format, let why):
            let name = format.map { $0 == .jpeg ? "JPEG" : "PNG" } ?? "image"
            return .init(rule: "thumbnail-format", severity: .error,
                         detail: "is a damaged or truncated \(name) file (\(why)); export it again as PNG or JPEG")
        case .tooLarge(let width, let height):
            return .init(rule: "thumbnail-too-large", severity: .error,
                         detail: "is \(width)×\(height) pixels, over the limit of \(ImageCodec.maxPixels / 1_000_000) megapixels and \(ImageCodec.maxSide) pixels on a side; scale the image down before adding it")
        case .overMemory(let width, let height, let needed, let fileBytes, let limit):
            return overMemory(width: width, height: height, needed: needed, fileBytes: fileBytes, limit: limit)
        case .tooManyScans(let limit):
            return .init(rule: "thumbnail-scans", severity: .error,
                         detail: "is a JPEG with more than \(limit) scans (a progressive JPEG usually has about 10), which would take minutes to decode; save it again as a baseline JPEG, or as a progressive JPEG with the encoder's default scans")
        case .encodeFailed(let why):
            return .init(rule: "thumbnail-format", severity: .error, detail: "could not be re-encoded (\(why))")
        }
    }

    /// Names what the decode needs and the largest size that would fit, in megapixels
    /// (whole ones, rounded down) at the image's own bytes per pixel.
    private static func overMemory(width: Int, height: Int, needed: Int, fileBytes: Int, limit: Int) -> ThumbnailProblem {
        let megabytes = { (bytes: Int) in (bytes + (1 << 20) - 1) >> 20 }
        let file = fileBytes >= 1 << 20 ? " and \(megabytes(fileBytes)) MB for its file" : ""
        let fitting = Double(limit - fileBytes) / (Double(needed) / Double(max(1, width * height))) / 1_000_000
        let scale = fitting >= 1 ? ", or scale it down below \(Int(fitting)) megapixels" : ""
        return .init(rule: "thumbnail-memory", severity: .error,
                     detail: "is a progressive JPEG of \(width)×\(height) pixels whose decoding needs \(megabytes(needed)) MB for its coefficients\(file), over the \(limit >> 20) MB an image may use; save it again as a baseline (non-progressive) JPEG\(scale)")
    }
}
