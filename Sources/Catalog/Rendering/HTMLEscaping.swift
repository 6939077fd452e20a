/// Escaping of text for HTML. Every piece of content goes through one of these two
/// functions; they scan UTF-8 and copy unchanged runs in one step, because they run
/// for every string of every page.
public enum HTMLEscaping {
    /// Escapes `&`, `<`, `>`, `"` and `'`: safe in element content and in quoted attributes.
    public static func escape(_ text: String, into out: inout String) {
        var scanned = text
        // Scanning the contiguous bytes is several times faster than the UTF-8 view.
        guard scanned.withUTF8({ $0.contains(where: needsEscape) }) else { out += text; return }
        var rest = Substring(text)
        while let index = rest.utf8.firstIndex(where: needsEscape) {
            out += rest[rest.startIndex..<index]
            switch rest.utf8[index] {
            case UInt8(ascii: "&"): out += "&amp;"
            case UInt8(ascii: "<"): out += "&lt;"
            case UInt8(ascii: ">"): out += "&gt;"
            case UInt8(ascii: "\""): out += "&quot;"
            default: out += "&#39;"
            }
            rest = rest[rest.utf8.index(after: index)...]
        }
        out += rest
    }

    public static func escape(_ text: String) -> String {
        var out = ""
        escape(text, into: &out)
        return out
    }

    /// Every such byte is below `@` (0x40), where letters start: one compare for most bytes.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x40 && (byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"))
    }
}
