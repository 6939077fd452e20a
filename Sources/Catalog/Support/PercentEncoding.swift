/// The percent-encoding of content-format.md §3 (universalLinkURL) and §7 (page paths):
/// keeps only `A–Z a–z 0–9 - . _ ~` and encodes every other UTF-8 byte.
public enum PercentEncoding {
    public static func encode(_ text: String) -> String {
        if text.allUTF8(isUnreserved) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%"
                out += String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

/// URLs in `href` and `src` attributes exactly as cmark-gfm writes them
/// (`houdini_escape_href`): the bytes `-_.+!*(),%#@?=;:/$~` and ASCII letters and digits
/// are kept (so a URL already percent-encoded stays as it is), `&` becomes `&amp;`, `'`
/// becomes `&#x27;`, and every other byte (`\`, `"`, `<`, spaces, controls, each byte of
/// a non-ASCII character…) becomes `%XX`. The result is safe inside a double-quoted
/// attribute: no `"`, `<` or `&` is left raw. (A browser reads a raw `\` in a URL as `/`,
/// so `/url\bar` must be written `/url%5Cbar`.)
enum HrefEscaping {
    static func escape(_ url: String) -> String { encode(url, escapingHTML: true) }

    /// `escape`'s percent-encoding alone, `&` and `'` left as they are: for a value that is
    /// then written through `HTMLBuilder.text`, which escapes them itself (raw HTML's
    /// `href` and `src`; `escape` there wrote `?a=1&amp;amp;b=2`).
    static func percentEncoded(_ url: String) -> String { encode(url, escapingHTML: false) }

    private static func encode(_ url: String, escapingHTML: Bool) -> String {
        func isHTMLSpecial(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "&") || byte == UInt8(ascii: "'") }
        if url.allUTF8({ isKept($0) || !escapingHTML && isHTMLSpecial($0) }) { return url }
        var out: [UInt8] = []
        out.reserveCapacity(url.utf8.count + 16)
        for byte in url.utf8 {
            if !escapingHTML && isHTMLSpecial(byte) { out.append(byte) } else { append(byte, to: &out) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func append(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case _ where isKept(byte): out.append(byte)
        case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "'"): out.append(contentsOf: "&#x27;".utf8)
        default:
            out.append(UInt8(ascii: "%"))
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        }
    }

    /// cmark's `HREF_SAFE` table as two 64-bit masks: bit n of `low` for byte n below 64,
    /// bit n - 64 of `high` for bytes 64 to 127; no byte from 128 up is kept.
    static func isKept(_ byte: UInt8) -> Bool {
        byte < 64 ? keptBelow64 >> UInt64(byte) & 1 != 0
            : byte < 128 && keptFrom64 >> UInt64(byte - 64) & 1 != 0
    }

    private static let keptBelow64: UInt64 = mask("!#$%()*+,-./0123456789:;=?")
    private static let keptFrom64: UInt64 = mask("@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~", offset: 64)

    private static func mask(_ characters: String, offset: UInt8 = 0) -> UInt64 {
        characters.utf8.reduce(0) { $0 | 1 << UInt64($1 - offset) }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
