/// Finding the ASCII punctuation that splits a URL (`:`, `?`, `#`) as `LinkPolicy` defines
/// it, by Characters, but through the UTF-8 bytes where that gives the same answer:
/// searching Characters segments graphemes, and it ran for every link of every body.
enum URLCharacters {
    private enum ByteSearch {
        case found(Int), notFound, needsCharacters
    }

    /// The index of the first Character that is a single ASCII byte matching `isTarget`.
    /// Bytes answer when everything up to the match, and the byte after it, is ASCII: then
    /// the match is a Character of its own (in ASCII only CR LF join, and neither is
    /// searched for). A non-ASCII scalar before a match could join it (a prepended mark),
    /// or one after it (a combining accent), so such text is searched by Characters.
    static func firstIndex(in text: String, where isTarget: (UInt8) -> Bool) -> String.Index? {
        let search = text.withUTF8Bytes { bytes -> ByteSearch in
            for (offset, byte) in bytes.enumerated() {
                if byte >= 0x80 { return .needsCharacters }
                guard isTarget(byte) else { continue }
                return offset + 1 == bytes.count || bytes[offset + 1] < 0x80 ? .found(offset) : .needsCharacters
            }
            // A Character equal to an ASCII character is that byte: no byte, no Character.
            return .notFound
        }
        switch search {
        case .found(let offset): return text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        case .notFound: return nil
        case .needsCharacters: return text.firstIndex { $0.utf8.count == 1 && isTarget($0.utf8.first!) }
        }
    }

    /// Whether any byte of `text` satisfies `matches` (a loop over the bytes, not the view).
    static func containsByte(_ text: String, where matches: (UInt8) -> Bool) -> Bool {
        text.withUTF8Bytes { $0.contains(where: matches) }
    }
}

extension HTMLBuilder {
    /// An `href` or `src` value, escaped as cmark-gfm escapes it (`HrefEscaping`).
    func url(_ url: String) {
        raw(string: HrefEscaping.escape(url))
    }
}
