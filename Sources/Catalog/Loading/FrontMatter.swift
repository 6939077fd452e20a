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
        // Scans LF bytes: in Swift "\r\n" is one Character and would not match "\n". The
        // parts are slices of `text` (no per-line strings), as the file may be large.
        let bytes = text.utf8
        let firstEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        guard isFence(text[..<firstEnd]) else {
            return FrontMatter(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1, isUnclosed: false)
        }
        guard firstEnd < bytes.endIndex else {
            return FrontMatter(yaml: "", yamlFirstLine: 2, body: "", bodyFirstLine: 1, isUnclosed: true)
        }
        let yamlStart = bytes.index(after: firstEnd)
        var lineStart = yamlStart, lineNumber = 1  // the 0-based number of the line at lineStart
        while true {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            if isFence(text[lineStart..<lineEnd]) {
                let yamlEnd = lineStart == yamlStart ? yamlStart : bytes.index(before: lineStart)
                let bodyStart = lineEnd == bytes.endIndex ? lineEnd : bytes.index(after: lineEnd)
                return FrontMatter(yaml: String(text[yamlStart..<yamlEnd]), yamlFirstLine: 2,
                                   body: String(text[bodyStart...]), bodyFirstLine: lineNumber + 2, isUnclosed: false)
            }
            guard lineEnd < bytes.endIndex else { break }
            lineStart = bytes.index(after: lineEnd)
            lineNumber += 1
        }
        return FrontMatter(yaml: String(text[yamlStart...]), yamlFirstLine: 2, body: "", bodyFirstLine: 1, isUnclosed: true)
    }

    /// `---` with trailing spaces, tabs and CRs, by bytes: none of the three combines with
    /// what follows, so trimming them as bytes or as Characters comes to the same.
    private static func isFence(_ line: Substring) -> Bool {
        var bytes = line.utf8[...]
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") {
            bytes = bytes.dropLast()
        }
        return bytes.elementsEqual("---".utf8)
    }
}
