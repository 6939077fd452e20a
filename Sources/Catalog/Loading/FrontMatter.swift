import Foundation

/// A Markdown file split into its YAML front matter and its body.
struct FrontMatter: Equatable {
    /// The YAML text between the `---` lines, or nil when the file has none.
    var yaml: String?
    /// The file line of the first YAML line (2 when there is front matter).
    var yamlFirstLine: Int
    var body: String
    /// The file line of the first body line.
    var bodyFirstLine: Int
    /// True when the file opens front matter and never closes it.
    var isUnclosed: Bool

    /// Splits `text`: front matter starts with a first line `---` and ends at the next
    /// line that is `---` (trailing spaces and a CR allowed).
    static func split(_ text: String) -> FrontMatter {
        split(text, copyingBody: true).parts
    }

    /// The split, and the body's length in UTF-8 bytes (the body is the text's tail). Without
    /// `copyingBody` the parts' body is left empty: a build that streams bodies
    /// (`MarkdownBody(streamed:)`) only needs where it is.
    static func split(_ text: String, copyingBody: Bool) -> (parts: FrontMatter, bodyBytes: Int) {
        // Scans LF bytes: in Swift "\r\n" is one Character and would not match "\n". The
        // lines are found with `memchr` in the UTF-8 bytes (going through `String.UTF8View`
        // byte by byte showed in profiles at 10k files); only the parts become strings.
        var text = text
        let fences = text.withUTF8 { FenceScan.find(in: $0) }
        func part(_ start: Int, _ end: Int? = nil) -> String {
            let utf8 = text.utf8
            let from = utf8.index(utf8.startIndex, offsetBy: start)
            return String(text[from..<(end.map { utf8.index(utf8.startIndex, offsetBy: $0) } ?? text.endIndex)])
        }
        let count = text.utf8.count
        switch fences {
        case .none:
            return (FrontMatter(yaml: nil, yamlFirstLine: 1, body: copyingBody ? text : "", bodyFirstLine: 1, isUnclosed: false),
                    count)
        case .unclosed(let yamlStart):
            return (FrontMatter(yaml: yamlStart.map { part($0) } ?? "", yamlFirstLine: 2, body: "", bodyFirstLine: 1,
                                isUnclosed: true), 0)
        case .closed(let yamlStart, let yamlEnd, let bodyStart, let bodyFirstLine):
            return (FrontMatter(yaml: part(yamlStart, yamlEnd), yamlFirstLine: 2, body: copyingBody ? part(bodyStart) : "",
                                bodyFirstLine: bodyFirstLine, isUnclosed: false), count - bodyStart)
        }
    }
}

/// Where the front matter's fences are, as byte offsets into a file's UTF-8 text.
private enum FenceScan {
    case none
    /// The first line is a fence and no other line is; nil when there is no second line.
    case unclosed(yamlStart: Int?)
    /// The YAML is `yamlStart..<yamlEnd` (without the LF before the closing fence), the
    /// body starts at `bodyStart`, on the file's line `bodyFirstLine`.
    case closed(yamlStart: Int, yamlEnd: Int, bodyStart: Int, bodyFirstLine: Int)

    static func find(in bytes: UnsafeBufferPointer<UInt8>) -> FenceScan {
        let firstEnd = lineEnd(bytes, from: 0)
        guard isFence(bytes, 0, firstEnd) else { return .none }
        guard firstEnd < bytes.count else { return .unclosed(yamlStart: nil) }
        let yamlStart = firstEnd + 1
        var lineStart = yamlStart, lineNumber = 1  // the 0-based number of the line at lineStart
        while true {
            let end = lineEnd(bytes, from: lineStart)
            if isFence(bytes, lineStart, end) {
                return .closed(yamlStart: yamlStart, yamlEnd: lineStart == yamlStart ? yamlStart : lineStart - 1,
                               bodyStart: end == bytes.count ? end : end + 1, bodyFirstLine: lineNumber + 2)
            }
            guard end < bytes.count else { return .unclosed(yamlStart: yamlStart) }
            lineStart = end + 1
            lineNumber += 1
        }
    }

    /// The offset of the first LF at or after `start`, or the end of the bytes.
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count,
              let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) else { return bytes.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// `---` with trailing spaces, tabs and CRs, by bytes: none of the three combines with
    /// what follows, so trimming them as bytes or as Characters comes to the same.
    private static func isFence(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var end = end
        while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t")
                || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return end - start == 3 && bytes[start] == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: "-")
            && bytes[start + 2] == UInt8(ascii: "-")
    }
}
