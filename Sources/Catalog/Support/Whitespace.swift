extension StringProtocol {
    /// The text without leading and trailing spaces and tabs: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes (U+0009 and the Unicode space
    /// separators, `Zs`), scalar by scalar as it does, but without bridging through
    /// NSString: it runs for every range value of every file and for every heading and
    /// image of every page, where the bridging showed in profiles.
    var trimmingSpaces: String {
        let text = String(self)
        if let trimmed = text.trimmingASCIISpaces() { return trimmed }
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return "" }
        if !first.isHorizontalWhitespace, !last.isHorizontalWhitespace { return text }
        guard let start = scalars.firstIndex(where: { !$0.isHorizontalWhitespace }),
              let end = scalars.lastIndex(where: { !$0.isHorizontalWhitespace }) else { return "" }
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}

extension String {
    /// `trimmingSpaces` byte by byte when the text is bounded by ASCII at both ends (a
    /// heading's plain text ends with a space); nil when a non-ASCII scalar, which may be
    /// a space separator, is where the trimming would stop.
    fileprivate func trimmingASCIISpaces() -> String? {
        let bytes = utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        guard let end = bytes.lastIndex(where: { !isSpace($0) }), bytes[start] < 0x80, bytes[end] < 0x80 else { return nil }
        return start == bytes.startIndex && end == bytes.index(before: bytes.endIndex) ? self : String(self[start...end])
    }
}

extension Unicode.Scalar {
    /// A tab or a space separator (`Zs`): Foundation's `CharacterSet.whitespaces`.
    var isHorizontalWhitespace: Bool {
        if value < 0x80 { return value == 0x20 || value == 0x09 }
        return properties.generalCategory == .spaceSeparator
    }
}
