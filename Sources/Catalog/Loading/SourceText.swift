import Foundation

/// Reads a content file as UTF-8 text (a byte-order mark is dropped, CRLF kept).
enum SourceText {
    static let maximumBytes = 16 * 1024 * 1024

    enum Failure: Error {
        case unreadable(String)
        case tooLarge(Int)
        case notRegular(String)
        case notUTF8(line: Int, column: Int)

        init(_ failure: ContentFile.Failure) {
            switch failure {
            case .unreadable(let reason): self = .unreadable(reason)
            case .tooLarge(let size): self = .tooLarge(size)
            case .notRegular(let kind): self = .notRegular(kind)
            }
        }
    }

    static func read(_ url: URL) -> Result<String, Failure> {
        read(path: url.path)
    }

    /// - Parameter noFollow: refuse a final symbolic link (the path was already resolved).
    static func read(path: String, noFollow: Bool = false) -> Result<String, Failure> {
        readIdentified(path: path, noFollow: noFollow).map(\.text)
    }

    /// `read`, with the identity of the file read (a streamed body is read again only
    /// from the same file).
    static func readIdentified(path: String, noFollow: Bool = false)
        -> Result<(text: String, identity: ContentFile.Identity), Failure> {
        switch ContentFile.readIdentified(path, limit: maximumBytes, noFollow: noFollow) {
        case .success(let read): decode(read.data).map { ($0, read.identity) }
        case .failure(let failure): .failure(Failure(failure))
        }
    }

    /// Through `ContentFile.read`: one open, one fstat and one read, and only from a
    /// regular file (a FIFO or device is refused at once instead of blocking the build).
    /// - Parameter limit: the largest file read; content files are limited to
    ///   `maximumBytes`, the tool's own state files (which grow with the catalog) are not.
    static func readBytes(_ path: String, limit: Int = maximumBytes, noFollow: Bool = false) -> Result<Data, Failure> {
        ContentFile.read(path, limit: limit, noFollow: noFollow).mapError(Failure.init)
    }

    static func decode(_ data: Data) -> Result<String, Failure> {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = validatedUTF8(bytes) else {
            return .failure(firstInvalidPosition(bytes))
        }
        return .success(containsCarriageReturn(bytes) ? normalizingLoneCarriageReturns(text) : text)
    }

    /// `memchr` over the raw bytes: `String.UTF8View.contains` goes byte by byte through
    /// the view's iterator, which showed in profiles at 10k files.
    private static func containsCarriageReturn(_ bytes: Data.SubSequence) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "\r")), buffer.count) != nil
        }
    }

    /// A CR that is not part of CRLF ends a line for libyaml, cmark and editors alike, but
    /// not for line-by-line readers such as the front-matter split: make it a LF, so that
    /// every reader counts the same lines (found by the fuzz target in Fuzz/).
    private static func normalizingLoneCarriageReturns(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            let isLone = byte == UInt8(ascii: "\r") && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))
            out.append(isLone ? UInt8(ascii: "\n") : byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The line and column of the first byte that is not valid UTF-8, for the diagnostic.
    private static func firstInvalidPosition(_ bytes: Data.SubSequence) -> Failure {
        var line = 1, column = 1
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput: break loop
            case .error: break loop
            }
        }
        return .notUTF8(line: line, column: column)
    }
}
