import CCatalogSystem
import Foundation

/// Invisible control characters (`isInvisibleControl`) found and removed in UTF-8 bytes:
/// a body's text, and the HTML rendered from it. A body rarely holds one (a stray
/// backspace pasted from a terminal), so the bytes are scanned sixteen at a time
/// (`cb_control_candidate`) and only the rare candidate is looked at.
extension ControlCharacters {
    /// One invisible control character of UTF-8 text: where it starts, and its scalar.
    struct Found: Equatable {
        let offset: Int
        let scalar: Unicode.Scalar
        /// One byte for C0 controls and DEL, two for C1 controls.
        var length: Int { scalar.value < 0x80 ? 1 : 2 }
    }

    /// `U+0008`: how a diagnostic names a character no reader sees.
    static func code(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    }

    /// How to correct a body's control character, from where such characters come from:
    /// a C1 control is almost always a Windows-1252 character read as Latin-1 (`—` becomes
    /// U+0097), and `\f`, `\b`, `\v`, `\a` or `\e` an escape that a tool decoded out of
    /// text that meant a backslash (LaTeX's `\frac` becomes U+000C and `rac`).
    static func correction(_ scalar: Unicode.Scalar) -> String {
        if let meant = windows1252[scalar.value] {
            return "it is what `\(meant)` becomes when Windows-1252 text is read as Latin-1: write `\(meant)`"
        }
        if scalar.value >= 0x80 { return "delete it (text decoded with the wrong encoding leaves these)" }
        let caret = scalar.value == 0x7F ? "^?" : "^" + String(Character(Unicode.Scalar(UInt8(scalar.value) ^ 0x40)))
        guard let (letter, command) = escapes[scalar.value] else { return "delete it (an editor may show it as `\(caret)`)" }
        return "if it was `\\\(letter)` (as in LaTeX's `\\\(command)`), a tool read the backslash as an escape: write `\\\(letter)` again; otherwise delete it (an editor may show it as `\(caret)`)"
    }

    /// The escapes that JSON and YAML decode into C0 controls (not `\t`, `\n` or `\r`,
    /// which stay in text), with a LaTeX command that loses its backslash to each.
    private static let escapes: [UInt32: (letter: String, command: String)] = [
        0x07: ("a", "alpha"), 0x08: ("b", "beta"), 0x0B: ("v", "vec"), 0x0C: ("f", "frac"), 0x1B: ("e", "epsilon"),
    ]

    /// Windows-1252's characters at 0x80–0x9F, where Latin-1 has C1 controls.
    private static let windows1252: [UInt32: String] = [
        0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰",
        0x8A: "Š", 0x8B: "‹", 0x8C: "Œ", 0x8E: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•",
        0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9A: "š", 0x9B: "›", 0x9C: "œ", 0x9E: "ž", 0x9F: "Ÿ",
    ]

    /// The invisible control characters of `bytes`, in order, at most `limit` of them.
    static func invisibleControls(in bytes: UnsafeBufferPointer<UInt8>, limit: Int = .max) -> [Found] {
        var found: [Found] = []
        var offset = 0
        while found.count < limit, let next = nextInvisibleControl(in: bytes, from: offset) {
            found.append(next)
            offset = next.offset + next.length
        }
        return found
    }

    /// Whether `text` holds an invisible control character.
    static func holdsInvisibleControl(_ text: String) -> Bool {
        text.withUTF8Bytes { nextInvisibleControl(in: $0, from: 0) != nil }
    }

    /// Whether Markdown made of `text` may write an invisible control character: the text
    /// holds one, or a numeric character reference (`&#8;`), which Markdown and HTML decode.
    static func mayWriteInvisibleControl(_ text: String) -> Bool {
        if holdsInvisibleControl(text) { return true }
        return text.withUTF8Bytes { bytes in
            bytes.containsByte(UInt8(ascii: "&")) { at in at + 1 < bytes.count && bytes[at + 1] == UInt8(ascii: "#") }
        }
    }

    /// How many invisible control characters `bytes` holds, without a list of them.
    static func countInvisibleControls(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0, offset = 0
        while let next = nextInvisibleControl(in: bytes, from: offset) {
            count += 1
            offset = next.offset + next.length
        }
        return count
    }

    /// The first invisible control character at or after `offset`.
    static func nextInvisibleControl(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Found? {
        guard let base = bytes.baseAddress else { return nil }
        var index = offset
        while index < bytes.count {
            index += cb_control_candidate(base + index, bytes.count - index)
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte != 0xC2 { return Found(offset: index, scalar: Unicode.Scalar(byte)) }
            // 0xC2 leads U+0080–U+00BF; only U+0080–U+009F are controls.
            if index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                return Found(offset: index, scalar: Unicode.Scalar(bytes[index + 1]))
            }
            index += 1
        }
        return nil
    }
}

extension ByteBuffer {
    /// Removes every invisible control character from the bytes written since `start`:
    /// the HTML of a body that may hold one, so that the page holds none (HTML makes them
    /// parse errors, and a browser shows them as nothing or as a box). With `recording`,
    /// returns what it removed, at offsets from `start` before the removal; without, keeps
    /// no list (a 16 MB body of backspaces would make one of 16 million).
    @discardableResult
    func removeInvisibleControls(from start: Int, recording: Bool = false) -> [ControlCharacters.Found] {
        var removed: [ControlCharacters.Found] = []
        withMutableBytes(from: start) { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            var write = 0, read = 0
            while let control = ControlCharacters.nextInvisibleControl(in: UnsafeBufferPointer(bytes), from: read) {
                if write != read { (base + write).update(from: base + read, count: control.offset - read) }
                write += control.offset - read
                read = control.offset + control.length
                if recording { removed.append(control) }
            }
            guard read > 0 else { return 0 }
            if write != read { (base + write).update(from: base + read, count: bytes.count - read) }
            return read - write
        }
        return removed
    }
}

extension ControlCharacters {
    /// `ranges` of bytes (ascending, apart) where they are once `removed` is taken out. A
    /// range's ends are character boundaries, so no removed character straddles one.
    static func shift(_ ranges: [Range<Int>], past removed: [Found]) -> [Range<Int>] {
        guard !removed.isEmpty else { return ranges }
        var next = 0, before = 0
        func moved(_ offset: Int) -> Int {
            while next < removed.count, removed[next].offset < offset {
                before += removed[next].length
                next += 1
            }
            return offset - before
        }
        return ranges.map { range in
            let lower = moved(range.lowerBound)
            return lower..<moved(range.upperBound)
        }
    }
}
