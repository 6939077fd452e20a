extension StringProtocol {
    /// The text without leading and trailing spaces and tabs: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes (U+0009 and the Unicode space
    /// separators, `Zs`), scalar by scalar as it does, but without bridging through
    /// NSString: it runs for every range value of every file and for every heading and
    /// image of every page, where the bridging showed in profiles.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return "" }
        if !first.isHorizontalWhitespace, !last.isHorizontalWhitespace { return String(self) }
        guard let start = scalars.firstIndex(where: { !$0.isHorizontalWhitespace }),
              let end = scalars.lastIndex(where: { !$0.isHorizontalWhitespace }) else { return "" }
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}

extension Unicode.Scalar {
    /// A tab or a space separator (`Zs`): Foundation's `CharacterSet.whitespaces`.
    var isHorizontalWhitespace: Bool {
        if value < 0x80 { return value == 0x20 || value == 0x09 }
        return properties.generalCategory == .spaceSeparator
    }
}
