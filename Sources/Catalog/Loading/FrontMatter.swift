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
        // Split on LF bytes: in Swift "\r\n" is one Character and would not match "\n".
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { Substring($0) }[...]
        guard let first = lines.first, isFence(first) else {
            return FrontMatter(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1, isUnclosed: false)
        }
        lines = lines.dropFirst()
        guard let close = lines.firstIndex(where: isFence) else {
            return FrontMatter(yaml: lines.joined(separator: "\n"), yamlFirstLine: 2, body: "",
                               bodyFirstLine: 1, isUnclosed: true)
        }
        let yaml = lines[..<close].joined(separator: "\n")
        let body = lines[(close + 1)...].joined(separator: "\n")
        return FrontMatter(yaml: yaml, yamlFirstLine: 2, body: body, bodyFirstLine: close + 2, isUnclosed: false)
    }

    private static func isFence(_ line: Substring) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" || last == "\r" { trimmed = trimmed.dropLast() }
        return trimmed == "---"
    }
}
