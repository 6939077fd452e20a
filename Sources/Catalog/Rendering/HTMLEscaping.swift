import CCatalogSystem
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
        text.withUTF8Bytes { escape($0, into: out) }
    }

    /// Sixteen bytes at a time while none of them needs escaping (most of a long text,
    /// `cb_html_plain_blocks`), then eight, then byte by byte through the eight that hold one.
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into out: HTMLBuilder) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var run = 0, index = 0
        while index < count {
            if count - index >= 16 {
                let plain = cb_html_plain_blocks(base + index, count - index)
                index += plain
                if plain > 0 { continue }
            }
            if index + 8 <= count, !mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let end = min(index + 8, count)
            while index < end {
                if needsEscape(base[index]) {
                    out.append(UnsafeBufferPointer(start: base + run, count: index - run))
                    entity(base[index], into: out)
                    run = index + 1
                }
                index += 1
            }
        }
        out.append(UnsafeBufferPointer(start: base + run, count: count - run))
    }

    private static func entity(_ byte: UInt8, into out: HTMLBuilder) {
        switch byte {
        case UInt8(ascii: "&"): out.raw("&amp;")
        case UInt8(ascii: "<"): out.raw("&lt;")
        case UInt8(ascii: ">"): out.raw("&gt;")
        case UInt8(ascii: "\""): out.raw("&quot;")
        default: out.raw("&#39;")
        }
    }

    /// Whether one of eight bytes is `&`, `<`, `>`, `"` or `'`: a byte equal to one of them
    /// becomes zero when XORed with it, and `(v - 0x01…) & ~v & 0x80…` is non-zero exactly
    /// when a byte of `v` is zero.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let found = zeroBytes(word ^ (ones &* 0x26)) | zeroBytes(word ^ (ones &* 0x3C)) | zeroBytes(word ^ (ones &* 0x3E))
            | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x27))
        return found & (ones &* 0x80) != 0
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
