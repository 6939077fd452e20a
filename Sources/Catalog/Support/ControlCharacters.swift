/// Characters that must never reach a terminal or a path raw: C0 controls (NUL, ESC, CR,
/// LF, …), DEL, C1 controls, the Unicode line and paragraph separators, and the bidi
/// controls that can make text display in another order than it is read (“Trojan Source”).
public enum ControlCharacters {
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi controls
        default: false
        }
    }

    /// A character no reader sees in a title or summary: C0 controls but tab, line feed and
    /// carriage return, DEL, and C1 controls. (Bidi marks are not: right-to-left titles use them.)
    public static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// `text` without its invisible controls and the first of them, or nil when it has none.
    public static func removingInvisibleControls(_ text: String) -> (text: String, first: Unicode.Scalar)? {
        if text.allUTF8({ $0 >= 0x20 && $0 < 0x7F || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return nil }
        guard let first = text.unicodeScalars.first(where: isInvisibleControl) else { return nil }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter { !isInvisibleControl($0) })
        return (String(kept), first)
    }

    /// Whether `text` holds an unsafe character; one pass over the bytes when it is ASCII.
    public static func contains(in text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return false }
        return text.unicodeScalars.contains(where: isUnsafe)
    }

    /// `text` with every unsafe character written as a Swift escape, `\u{1B}`, so that what
    /// is printed is one line and no escape sequence reaches the terminal. `keepTabs` keeps
    /// tabs (source excerpts align their caret with them).
    public static func escaped(_ text: String, keepTabs: Bool = false) -> String {
        guard contains(in: text) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) && !(keepTabs && scalar == "\t") {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
