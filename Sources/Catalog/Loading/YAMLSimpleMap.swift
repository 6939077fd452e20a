/// Reads the most common shape of front matter without libyaml: a map of one line per
/// key, each `key: value` where the value is a double-quoted string without escapes, a
/// plain word-like scalar (`book`, `9-12`, `180-190 min`) or a flow list of such quoted
/// strings; or `key:` followed by a block list of such maps (`progressReporting`), its
/// `-` indented, each map's keys lined up. Anything else — comments, blank lines, tabs,
/// CRs, other scalar styles, escapes, other nesting, repeated keys, unusual characters —
/// makes it give up (nil), and `YAMLReader` reads the text with libyaml as before.
///
/// Within that shape libyaml's result is fixed: the map at its first key, each key a
/// plain scalar, each value, list and item map at its first character (columns count
/// Unicode scalars). `YAMLReaderEquivalenceTests` compares the two readers on generated
/// documents made to sit on the edges of the shape, and the front-matter fuzz target
/// compares `YAMLReader` (this path included) with Yams. libyaml allocated and zeroed
/// about 64 KB of buffers for every file, which was most of the cost of reading it.
enum YAMLSimpleMap {
    static func read(_ yaml: String, file: SourceFile, lineOffset: Int) -> YAMLNode? {
        var text = yaml
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes, file: file, lineOffset: lineOffset)
            return reader.map()
        }
    }


    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let file: SourceFile
        let lineOffset: Int
        var position = 0
        /// The 1-based line and the Unicode-scalar column of `position`.
        var line = 1
        var column = 1

        init(bytes: UnsafeBufferPointer<UInt8>, file: SourceFile, lineOffset: Int) {
            self.bytes = bytes
            self.file = file
            self.lineOffset = lineOffset
        }

        /// Values read so far (map keys are not values), against `YAMLReader.maximumValues`.
        var values = 0

        mutating func map() -> YAMLNode? {
            guard !bytes.isEmpty else { return nil }
            let start = location()
            var pairs: [YAMLPair] = [], keys = SmallKeySet<String>()
            while position < bytes.count {
                guard let pair = pair(allowsList: true), keys.insert(pair.key) else { return nil }
                pairs.append(pair)
            }
            return node(.mapping(pairs), at: start)
        }

        private mutating func node(_ value: YAMLNode.Value, at location: SourceLocation) -> YAMLNode? {
            values += 1
            guard values <= YAMLReader.maximumValues else { return nil }
            return YAMLNode(value: value, location: location)
        }

        /// The end of a line: a LF, or the end of the text.
        private mutating func endLine() -> Bool {
            guard position < bytes.count else { return true }
            guard bytes[position] == UInt8(ascii: "\n") else { return false }
            position += 1
            line += 1
            column = 1
            return true
        }

        /// True when the line at `position` is `indent` spaces and then `next`.
        private func lineStarts(indent: Int, with next: (UInt8) -> Bool) -> Bool {
            guard position + indent < bytes.count else { return false }
            for offset in 0..<indent where bytes[position + offset] != UInt8(ascii: " ") { return false }
            return next(bytes[position + indent])
        }

        private func location() -> SourceLocation {
            file.location(line: line + lineOffset, column: column)
        }

        private func byte(_ offset: Int = 0) -> UInt8? {
            position + offset < bytes.count ? bytes[position + offset] : nil
        }

        private mutating func advanceASCII(_ count: Int = 1) {
            position += count
            column += count
        }

        /// `key: value` and its line's end, the key a letter then letters, digits or `_`;
        /// with `allowsList`, also `key:` and a block list of maps on the next lines.
        private mutating func pair(allowsList: Bool) -> YAMLPair? {
            guard let first = byte(), Self.isLetter(first) else { return nil }
            let keyLocation = location(), keyStart = position
            while let next = byte(), Self.isLetter(next) || Self.isDigit(next) || next == UInt8(ascii: "_") { advanceASCII() }
            // libyaml looks for a simple key's `:` within 1024 characters only.
            guard position - keyStart <= 128, byte() == UInt8(ascii: ":") else { return nil }
            let key = String(decoding: bytes[keyStart..<position], as: UTF8.self)
            advanceASCII()
            if allowsList, byte() == UInt8(ascii: "\n") {
                guard endLine(), let list = blockList() else { return nil }
                return YAMLPair(key: key, keyLocation: keyLocation, value: list)
            }
            guard byte() == UInt8(ascii: " ") else { return nil }
            advanceASCII()
            guard let value = value(), endLine() else { return nil }
            return YAMLPair(key: key, keyLocation: keyLocation, value: value)
        }

        /// Items `- key: value` indented by one or more spaces, each a map whose further
        /// keys line up with its first (`progressReporting`).
        private mutating func blockList() -> YAMLNode? {
            var indent = 0
            while byte(indent) == UInt8(ascii: " ") { indent += 1 }
            guard indent > 0 else { return nil }
            let isItem: (UInt8) -> Bool = { $0 == UInt8(ascii: "-") }
            var start: SourceLocation?, items: [YAMLNode] = []
            while lineStarts(indent: indent, with: isItem) {
                advanceASCII(indent)
                start = start ?? location()
                guard byte(1) == UInt8(ascii: " ") else { return nil }
                advanceASCII(2)
                guard let item = itemMap(indent: indent + 2) else { return nil }
                items.append(item)
            }
            guard let start else { return nil }
            return node(.sequence(items), at: start)
        }

        private mutating func itemMap(indent: Int) -> YAMLNode? {
            let start = location()
            var pairs: [YAMLPair] = [], keys = SmallKeySet<String>()
            repeat {
                if !pairs.isEmpty { advanceASCII(indent) }
                guard let pair = pair(allowsList: false), keys.insert(pair.key) else { return nil }
                pairs.append(pair)
            } while lineStarts(indent: indent, with: Self.isLetter)
            return node(.mapping(pairs), at: start)
        }

        private mutating func value() -> YAMLNode? {
            switch byte() {
            case UInt8(ascii: "\"")?: return quoted()
            case UInt8(ascii: "[")?: return list()
            case let first? where Self.isLetter(first) || Self.isDigit(first): return plain()
            default: return nil
            }
        }

        /// `[]` or `["a", "b"]`: quoted items, each after `[` or `, `.
        private mutating func list() -> YAMLNode? {
            let start = location()
            advanceASCII()
            var items: [YAMLNode] = []
            if byte() == UInt8(ascii: "]") {
                advanceASCII()
                return node(.sequence(items), at: start)
            }
            while true {
                guard byte() == UInt8(ascii: "\""), let item = quoted() else { return nil }
                items.append(item)
                if byte() == UInt8(ascii: "]") {
                    advanceASCII()
                    return node(.sequence(items), at: start)
                }
                guard byte() == UInt8(ascii: ","), byte(1) == UInt8(ascii: " ") else { return nil }
                advanceASCII(2)
            }
        }

        /// `"text"` on one line, without `\` or `"` inside.
        private mutating func quoted() -> YAMLNode? {
            let start = location()
            advanceASCII()
            let textStart = position
            while let next = byte(), next != UInt8(ascii: "\"") {
                guard next != UInt8(ascii: "\\"), next != UInt8(ascii: "\n"), advanceCharacter() else { return nil }
            }
            guard byte() == UInt8(ascii: "\"") else { return nil }
            let text = String(decoding: bytes[textStart..<position], as: UTF8.self)
            advanceASCII()
            return node(.scalar(text, isPlain: false), at: start)
        }

        /// ASCII letters, digits, single spaces between words, `-`, `.`, `_` and `/`,
        /// starting with a letter or digit and ending the line.
        private mutating func plain() -> YAMLNode? {
            let start = location(), textStart = position
            while let next = byte(), next != UInt8(ascii: "\n") {
                if next == UInt8(ascii: " ") {
                    guard let after = byte(1), after != UInt8(ascii: " "), after != UInt8(ascii: "\n") else { return nil }
                } else {
                    guard Self.isLetter(next) || Self.isDigit(next) || next == UInt8(ascii: "-") || next == UInt8(ascii: ".")
                            || next == UInt8(ascii: "_") || next == UInt8(ascii: "/") else { return nil }
                }
                advanceASCII()
            }
            let text = String(decoding: bytes[textStart..<position], as: UTF8.self)
            return node(.scalar(text, isPlain: true), at: start)
        }

        /// Moves over one character inside quotes: printable ASCII, or a multi-byte UTF-8
        /// sequence for a scalar that libyaml reads as an ordinary character. False for
        /// controls, U+0085, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF and C1 controls.
        private mutating func advanceCharacter() -> Bool {
            let lead = bytes[position]
            if lead < 0x80 {
                guard lead >= 0x20, lead != 0x7F else { return false }
                advanceASCII()
                return true
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard position + length <= bytes.count else { return false }
            var scalar = UInt32(lead) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
            for offset in 1..<length { scalar = scalar << 6 | UInt32(bytes[position + offset] & 0x3F) }
            guard scalar >= 0xA0, scalar != 0x2028, scalar != 0x2029, scalar != 0xFEFF, scalar != 0xFFFE,
                  scalar != 0xFFFF else { return false }
            position += length
            column += 1
            return true
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
