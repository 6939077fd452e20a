/// Where pages live in the site and how pages link to each other.
///
/// A context's page is `LOCALE/ID1/ID2/…/index.html`, each identifier percent-encoded
/// like a universal link (content-format.md §7), but for names no file system would keep
/// apart (`PageDirectories`). The directory names on disk therefore
/// may contain `%`, and a link to them escapes that `%` once more (`%25`), so that a
/// server or the file system maps the link back to the name on disk.
enum SitePaths {
    /// Percent-encodes every UTF-8 byte except `A–Z a–z 0–9 - . _ ~` (as universal links do).
    static func encodeIdentifier(_ identifier: String) -> String { PercentEncoding.encode(identifier) }

    /// Turns a path on disk (relative to the site root) into the text of an `href`.
    static func href(_ diskPath: String) -> String {
        if diskPath.allUTF8({ PercentEncoding.isUnreserved($0) || $0 == UInt8(ascii: "/") }) { return diskPath }
        var out = ""
        out.reserveCapacity(diskPath.utf8.count)
        for byte in diskPath.utf8 {
            if PercentEncoding.isUnreserved(byte) || byte == UInt8(ascii: "/") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%"
                out += hexDigits[Int(byte >> 4)]
                out += hexDigits[Int(byte & 0xF)]
            }
        }
        return out
    }

    /// `../` once per directory between a page and the site root.
    static func rootPrefix(depth: Int) -> String {
        depth < prefixes.count ? prefixes[depth] : String(repeating: "../", count: depth)
    }

    private static let prefixes = (0..<10).map { String(repeating: "../", count: $0) }

    private static let hexDigits = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
}

/// One page of the site: a locale's home (`context == nil`) or a context's page.
struct PageRef: Hashable, Sendable {
    var locale: LocaleID
    var context: Int?
}
