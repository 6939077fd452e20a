/// Escaping of text for HTML. Every piece of content goes through one of these
/// functions; they scan contiguous UTF-8 and copy unchanged runs in one step, because
/// they run for every string of every page.
public enum HTMLEscaping {
    /// Escapes `&`, `<`, `>`, `"` and `'`: safe in element content and in quoted attributes.
    public static func escape(_ text: String, into out: inout String) {
        let builder = HTMLBuilder(capacity: text.utf8.count + 16)
        escape(text, into: builder)
        out += builder.string
    }

    public static func escape(_ text: String) -> String {
        var out = ""
        escape(text, into: &out)
        return out
    }

    /// The same, appending to a page's bytes.
    static func escape(_ text: String, into out: HTMLBuilder) {
        if text.utf8.withContiguousStorageIfAvailable({ escape($0, into: out) }) == nil {
            Array(text.utf8).withUnsafeBufferPointer { escape($0, into: out) }
        }
    }

    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into out: HTMLBuilder) {
        var run = 0
        for index in bytes.indices where needsEscape(bytes[index]) {
            out.append(UnsafeBufferPointer(rebasing: bytes[run..<index]))
            switch bytes[index] {
            case UInt8(ascii: "&"): out.raw("&amp;")
            case UInt8(ascii: "<"): out.raw("&lt;")
            case UInt8(ascii: ">"): out.raw("&gt;")
            case UInt8(ascii: "\""): out.raw("&quot;")
            default: out.raw("&#39;")
            }
            run = index + 1
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[run...]))
    }

    /// Every such byte is below `@` (0x40), where letters start: one compare for most bytes,
    /// and a bit of `escapedBelow64` for the rest (spaces, digits, punctuation).
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x40 && escapedBelow64 >> UInt64(byte) & 1 != 0
    }

    /// Bit n is set for the bytes n that are escaped: `"` (0x22), `&` (0x26), `'` (0x27),
    /// `<` (0x3C) and `>` (0x3E).
    private static let escapedBelow64: UInt64 = 0x5000_00C4_0000_0000
}
