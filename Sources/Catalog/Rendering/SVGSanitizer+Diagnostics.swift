import Foundation

/// What `validate` and `build` say of a linked SVG file (`svg-invalid`, `svg-content-removed`),
/// at positions in the SVG itself, and the bytes the site publishes for it.
extension SVGSanitizer {
    /// Whether a content path is an SVG the site publishes through the sanitizer.
    /// Bytes compared, not a lowercased copy: every relative link of every body asks.
    static func isSVG(_ path: String) -> Bool {
        let tail = path.utf8.suffix(4)
        return path.utf8.count > 4 && tail.elementsEqual(".svg".utf8) { $1 == UInt8(ascii: ".") ? $0 == $1 : $0 | 0x20 == $1 }
    }

    /// The file's bytes, or why they cannot be read (too large, not a regular file).
    static func read(_ absolutePath: String) -> Result<[UInt8], XMLReader.Failure> {
        switch ContentFile.read(absolutePath, limit: maximumBytes) {
        case .success(let data): return .success([UInt8](data))
        case .failure(.tooLarge(let size)):
            return .failure(tooLarge(size))
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
/// file that is not a Markdown body; the line starts are found once. `SourceColumns` finds
/// a body's lines with the same two functions.
struct ByteLines {
    private let bytes: [UInt8]
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        starts = bytes.withUnsafeBufferPointer { Self.lineStarts($0) }
    }

    /// The offset at which each line starts (lines end at LF).
    static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts
    }

    /// The index in `starts` (ascending, from 0) of the last line that starts at or before `offset`.
    static func line(containing offset: Int, starts: [Int]) -> Int {
        var low = 0, high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }

    func location(_ offset: Int, file: String) -> SourceLocation {
        let clamped = min(max(offset, 0), bytes.count)
        let line = Self.line(containing: clamped, starts: starts)
        var index = starts[line]
        // A byte-order mark at the very start is not a character anyone sees.
        if index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = min(3, clamped) }
        let column = 1 + bytes[index..<clamped].count { $0 & 0xC0 != 0x80 }
        return SourceLocation(file: file, line: line + 1, column: column)
    }
}
