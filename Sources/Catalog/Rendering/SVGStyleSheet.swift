/// A `<style>` element's CSS without the statements that fetch from elsewhere only to
/// style text: `@import` of a style sheet (web fonts, most often) and `@font-face` rules
/// with a `url(…)`. An SVG shown as an image, as the site shows it, never loads them, so
/// leaving them out changes nothing a reader sees, and they are left out silently (the
/// drawings of javascript.info import Google Fonts so, 203 of 204). What is kept is then
/// judged whole by `SVGAllowlist.cssProblem`, however this split it.
enum SVGStyleSheet {
    static func withoutLoads(_ css: String) -> String {
        let bytes = Array(css.utf8)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if XMLReader.isSpace(bytes[index]) {
                kept.append(bytes[index])
                index += 1
            } else if starts(bytes, at: index, with: "/*") {
                index = commentEnd(bytes, from: index)
            } else {
                let end = statementEnd(bytes, from: index)
                if !loadsFromElsewhere(bytes[index..<end]) { kept += bytes[index..<end] }
                index = end
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    private static func loadsFromElsewhere(_ statement: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: statement.prefix(4_096), as: UTF8.self).lowercased()
        if text.hasPrefix("@import") { return true }
        return text.hasPrefix("@font-face") && String(decoding: statement, as: UTF8.self).lowercased().contains("url(")
    }

    /// The index just past the statement starting at `start`: past its `;` at the top level,
    /// or past the `}` that closes its block; strings and comments are stepped over.
    private static func statementEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index = stringEnd(bytes, from: index)
                continue
            case UInt8(ascii: "/") where starts(bytes, at: index, with: "/*"):
                index = commentEnd(bytes, from: index)
                continue
            case UInt8(ascii: ";") where depth == 0:
                return index + 1
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth <= 0 { return index + 1 }
            default:
                break
            }
            index += 1
        }
        return bytes.count
    }

    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == quote || bytes[index] == 0x0A { return index + 1 }
            index += 1
        }
        return bytes.count
    }

    private static func commentEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 2
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") { return index + 2 }
            index += 1
        }
        return bytes.count
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[index + $0] == literal.utf8Start[$0] }
    }
}
