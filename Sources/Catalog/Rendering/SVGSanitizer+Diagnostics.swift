import Foundation

/// What `validate` and `build` say of a linked SVG file (`svg-invalid`, `svg-content-removed`),
/// at positions in the SVG itself, and the bytes the site publishes for it.
extension SVGSanitizer {
    /// Whether a content path is an SVG the site publishes through the sanitizer.
    static func isSVG(_ path: String) -> Bool {
        guard path.utf8.count > 4 else { return false }
        return path.suffix(4).lowercased() == ".svg"
    }

    /// The file's bytes, or why they cannot be read (too large, not a regular file).
    static func read(_ absolutePath: String) -> Result<[UInt8], XMLReader.Failure> {
        switch ContentFile.read(absolutePath, limit: maximumBytes) {
        case .success(let data): return .success([UInt8](data))
        case .failure(.tooLarge(let size)):
            return .failure(XMLReader.Failure(offset: 0, reason: "it has \(size) bytes, more than the \(maximumBytes >> 20) MiB a published SVG may have; simplify it, or save its pictures as PNG or JPEG files of their own"))
        case .failure(.unreadable(let reason)):
            return .failure(XMLReader.Failure(offset: 0, reason: "it cannot be read (\(reason))"))
        case .failure(.notRegular(let kind)):
            return .failure(XMLReader.Failure(offset: 0, reason: "it is \(kind), not a regular file"))
        }
    }

    /// The diagnostics of the SVG at `absolutePath`, shown as `file`.
    static func diagnostics(ofFileAt absolutePath: String, shownAs file: String) -> [Diagnostic] {
        let outcome: Outcome
        let bytes: [UInt8]
        switch read(absolutePath) {
        case .success(let read):
            bytes = read
            outcome = sanitize(read)
        case .failure(let failure):
            bytes = []
            outcome = .refused(failure)
        }
        return diagnostics(outcome, bytes: bytes, file: file)
    }

    static func diagnostics(_ outcome: Outcome, bytes: [UInt8], file: String) -> [Diagnostic] {
        let lines = ByteLines(bytes)
        switch outcome {
        case .refused(let failure):
            return [.error("svg-invalid", at: lines.location(failure.offset, file: file),
                           "this SVG cannot be published: \(failure.reason)")]
        case .published(_, let removals, let more):
            var found = removals.map { Diagnostic.warning("svg-content-removed", at: lines.location($0.offset, file: file), $0.message) }
            if more > 0, let last = found.last {
                found[found.count - 1].message = "\(last.message); \(more) more removals follow in this file"
            }
            return found
        }
    }

    /// The bytes the site publishes for the SVG at `absolutePath`; throws when it is refused
    /// (which the body checks have reported before the site is written).
    static func publishedBytes(_ absolutePath: String) throws -> Data {
        let outcome = read(absolutePath).map(sanitize)
        switch outcome {
        case .success(.published(let bytes, _, _)): return Data(bytes)
        case .success(.refused(let failure)), .failure(let failure):
            throw Refused(path: absolutePath, reason: failure.reason)
        }
    }

    struct Refused: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path) cannot be published: \(reason)" }
    }
}

/// Line and column (in characters, as every diagnostic counts them) of byte offsets in a
/// file that is not a Markdown body; the line starts are found once.
struct ByteLines {
    private let bytes: [UInt8]
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        self.starts = starts
    }

    func location(_ offset: Int, file: String) -> SourceLocation {
        let clamped = min(max(offset, 0), bytes.count)
        // The last line start at or before the offset.
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        let lineStart = starts[low]
        var column = 1
        var index = lineStart
        // A byte-order mark at the very start is not a character anyone sees.
        if lineStart == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = min(3, clamped) }
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(file: file, line: low + 1, column: column)
    }
}
