/// Text from outside (a server's answer, a manifest's names and identifiers) made safe to
/// print: every control character (C0 with tab, CR and newline, DEL, C1) and the bidi and
/// line-separator characters that reorder or break a line become a visible `\u{…}`, so
/// nothing printed can move the cursor, retitle the window or hide what follows. The
/// result holds no character that it would escape again, so escaping twice is harmless.
public enum TerminalText {
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Each line escaped on its own, for text that is meant to span lines (the plan).
    public static func escapeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) }.joined(separator: "\n")
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // LRM, RLM, ALM; line and paragraph separators; embeddings and overrides; isolates.
        case 0x200E, 0x200F, 0x061C, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
