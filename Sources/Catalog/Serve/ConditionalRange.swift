import Foundation

/// What to send for a file of `size` bytes with `etag`, given the request's
/// `If-None-Match`, `Range` and `If-Range` (RFC 9110): the file whole, a part of it,
/// `304 Not Modified` or `416 Range Not Satisfiable`. One range is served; a request
/// for several gets the whole file, as the RFC allows.
enum ConditionalRange: Equatable {
    case whole
    case part(offset: Int, count: Int)
    case notModified
    case unsatisfiable

    init(size: Int, etag: String, ifNoneMatch: String?, range: String?, ifRange: String?) {
        if let ifNoneMatch, Self.matches(ifNoneMatch, etag) {
            self = .notModified
            return
        }
        guard let range, ifRange == nil || ifRange == etag else {
            self = .whole
            return
        }
        self = Self.range(range, size: size) ?? .whole
    }

    /// `If-None-Match`: `*` or a list of tags, compared weakly (a `W/` prefix ignored).
    static func matches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains { tag in
            let tag = tag.trimmingCharacters(in: .whitespaces)
            return tag == "*" || (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == etag
        }
    }

    /// One `bytes=` range; nil for a header this server ignores (another unit, several
    /// ranges, or a malformed one), which then gets the whole file.
    private static func range(_ header: String, size: Int) -> ConditionalRange? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let bounds = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2 else { return nil }
        let first = bounds[0].isEmpty ? nil : Int(bounds[0])
        let last = bounds[1].isEmpty ? nil : Int(bounds[1])
        if bounds[0].isEmpty {
            // A suffix: the last N bytes.
            guard let suffix = last, suffix >= 0 else { return nil }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            let count = min(suffix, size)
            return .part(offset: size - count, count: count)
        }
        guard let start = first, start >= 0, bounds[1].isEmpty || (last ?? -1) >= start else { return nil }
        guard start < size else { return .unsatisfiable }
        let end = min(last ?? (size - 1), size - 1)
        return .part(offset: start, count: end - start + 1)
    }
}
