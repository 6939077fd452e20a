import Foundation

/// A strict reader of the plainest HTML: text (where a `<` that starts no tag, as in
/// `a < b`, is text), comments written as `<!-- … -->`, and tags of letters and digits with
/// quoted attributes. It reads nothing the HTML5 tokenizer would read another way: any
/// other `<` (`<!DOCTYPE`, `<?`, `</ x>`),
/// a comment the tokenizer would end elsewhere (`<!-->`, `<!--->`, `--!>`, `--` inside),
/// a NUL or a carriage return (which the parser replaces), an unquoted value, and
/// anything else it is not sure of, throws `SimpleHTML.Unsupported`, and the caller hands
/// the input to gumbo as before (`SimpleHTML`).
struct SimpleHTMLScanner {
    struct Token {
        enum Kind { case text, comment, start, end }
        var kind: Kind
        /// The token's bytes in the input.
        var range: Range<Int>
        /// The tag's name, lowercased; "" for a text or a comment.
        var name = ""
        /// The element the name is, when `SimpleHTMLStack` takes it (`SimpleHTML.ElementID`); else 0.
        var id: SimpleHTML.ElementID = 0
        /// The attributes' names, as written (lowercase: an uppercase name is unsupported).
        var attributes: [String] = []
        /// Each attribute's value in the input, between its quotes (as written, escaped).
        var values: [Range<Int>] = []
        /// True when an attribute's name comes twice: the parser keeps the first, which no
        /// fast path models, so every reader leaves such a tag to gumbo.
        var hasRepeatedAttribute = false
        /// False, when `canonical`, for a text that holds `"`, `'` or `>` as they are, or a tag
        /// with a single-quoted value or one that holds `'`, `<` or `>`: what a writer writes
        /// and the sanitizer writes escaped (the tokenizer reads these as `lenient` does).
        /// False, when `lenient(decodedText: true)`, for a text with references to decode.
        var isCanonical = true
    }

    enum Spelling {
        /// Exactly as `HTMLSanitizer` writes HTML: lowercase names, ` name="value"`
        /// attributes, texts and values escaped as `HTMLEscaping` escapes them.
        case canonical
        /// As writers write it: names in any case, white space between attributes, `/>`.
        /// `decodedText` takes `&` in texts only in references `SimpleHTML.decoded` reads (the
        /// five entities `HTMLEscaping` writes, plain numeric ones), so that a text decoded is
        /// the text a reader sees.
        case lenient(decodedText: Bool)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let spelling: Spelling
    /// Where the next token starts.
    private(set) var index = 0
    /// False while a caller reads tags whose attributes it does not need (the renderer's
    /// own, which need no rewriting): they are checked as before, but not gathered.
    var gathersAttributes = true

    init(_ bytes: UnsafeBufferPointer<UInt8>, spelling: Spelling) {
        self.bytes = bytes
        self.spelling = spelling
    }

    /// The next token, nil at the end of the input.
    mutating func next() throws(SimpleHTML.Unsupported) -> Token? {
        guard index < bytes.count else { return nil }
        let start = index
        guard bytes[index] == UInt8(ascii: "<"), !isTextLessThan else {
            let isCanonical = try skipText()
            return Token(kind: .text, range: start..<index, isCanonical: isCanonical)
        }
        if starts(with: "<!--") { return try comment() }
        if starts(with: "</") { return try endTag() }
        return try startTag()
    }

    /// A `<` at `index` that the tokenizer reads as text: one not followed by a letter, `!`,
    /// `/` or `?` (`a < b`, `1 <2`, a `<` that ends the input), which starts no tag.
    private var isTextLessThan: Bool {
        guard index + 1 < bytes.count else { return true }
        let next = bytes[index + 1]
        return !next.isASCIILetter && next != UInt8(ascii: "!") && next != UInt8(ascii: "/") && next != UInt8(ascii: "?")
    }

    private var isCanonical: Bool {
        if case .canonical = spelling { return true }
        return false
    }

    private func starts(with prefix: StaticString, at offset: Int? = nil) -> Bool {
        let at = offset ?? index
        let count = prefix.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        for position in 0..<count where bytes[at + position] != prefix.utf8Start[position] { return false }
        return true
    }

    /// False when a canonical text holds a character the sanitizer escapes (`Token.isCanonical`).
    private mutating func skipText() throws(SimpleHTML.Unsupported) -> Bool {
        var textIsCanonical = true
        while index < bytes.count {
            while index < bytes.count, Self.isPlain(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: "<") || isTextLessThan else { break }
            let byte = bytes[index]
            // `a < b`: the sanitizer writes the `<` escaped.
            if byte == UInt8(ascii: "<"), isCanonical { textIsCanonical = false }
            try checkCharacter()
            switch spelling {
            case .canonical:
                if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { textIsCanonical = false }
                if byte == UInt8(ascii: "&") {
                    if try !skipEntity() { textIsCanonical = false }
                    continue
                }
            case .lenient(let decodedText):
                if decodedText, byte == UInt8(ascii: "&") {
                    // A reference to decode (`SimpleHTML.decoded`): the text is not as a reader sees it.
                    _ = try skipEntity()
                    textIsCanonical = false
                    continue
                }
            }
            index += 1
        }
        return textIsCanonical
    }

    /// One of the five entities `HTMLEscaping` writes (true), or a numeric character
    /// reference that writers write (`&#x3C;`, `&#160;`) to a character the parser keeps as
    /// it is (false: the sanitizer writes the character, escaped as `HTMLEscaping` escapes).
    private mutating func skipEntity() throws(SimpleHTML.Unsupported) -> Bool {
        if let entity = SimpleHTML.escapedEntity(in: bytes, at: index) {
            index += entity.length
            return true
        }
        guard let reference = SimpleHTML.numericReference(in: bytes, at: index) else { throw .init() }
        index += reference.length
        return false
    }

    /// `<!--` text `-->`, where the text neither starts with `>` or `-`, nor ends with
    /// `-`, nor holds `--` (so no `--!>` either): the comment ends where it seems to.
    private mutating func comment() throws(SimpleHTML.Unsupported) -> Token {
        let start = index
        let textStart = index + 4
        var position = textStart
        while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "-") && bytes[position + 1] == UInt8(ascii: "-")) {
            guard bytes[position] != 0 else { throw .init() }
            position += 1
        }
        guard starts(with: "-->", at: position), position > textStart, bytes[textStart] != UInt8(ascii: ">"),
              bytes[textStart] != UInt8(ascii: "-"), bytes[position - 1] != UInt8(ascii: "-") else { throw .init() }
        index = position + 3
        return Token(kind: .comment, range: start..<index)
    }

    private mutating func endTag() throws(SimpleHTML.Unsupported) -> Token {
        let start = index
        index += 2
        let (name, id) = try tagName()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw .init() }
        index += 1
        return Token(kind: .end, range: start..<index, name: name, id: id)
    }

    private mutating func startTag() throws(SimpleHTML.Unsupported) -> Token {
        try withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: Self.attributesUngathered) { names throws(SimpleHTML.Unsupported) in
            try startTag(ungatheredNames: names)
        }
    }

    /// How many attributes a tag whose attributes are not gathered may have: the renderer
    /// writes at most four.
    private static let attributesUngathered = 8

    /// `ungatheredNames`: room for the names of the attributes when they are not gathered,
    /// to find a repeated one (`Token.hasRepeatedAttribute`); a tag with more attributes
    /// than there is room for is unsupported.
    private mutating func startTag(ungatheredNames: UnsafeMutableBufferPointer<Range<Int>>) throws(SimpleHTML.Unsupported) -> Token {
        var ungathered = 0
        let start = index
        index += 1
        let (name, id) = try tagName()
        var token = Token(kind: .start, range: start..<start, name: name, id: id)
        while true {
            let spaced = skipSpaces()
            guard index < bytes.count else { throw .init() }
            switch bytes[index] {
            case UInt8(ascii: ">"):
                guard !(spaced && isCanonical) else { throw .init() }
                index += 1
                token.range = start..<index
                return token
            case UInt8(ascii: "/"):
                guard starts(with: "/>") else { throw .init() }
                // `<br/>`: a void element, or one the parser opens as `<span>` (it ignores the
                // `/`). Never the renderer's: when canonical, a writer's tag to write again.
                if isCanonical { token.isCanonical = false }
                index += 2
                token.range = start..<index
                return token
            default:
                guard spaced else { throw .init() }
                let (name, value, isCanonical) = try attribute()
                if gathersAttributes {
                    // A tag has a few attributes: comparing each pair beats hashing them into a set.
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)
                    if token.attributes.contains(text) { token.hasRepeatedAttribute = true }
                    token.attributes.append(text)
                    token.values.append(value)
                } else {
                    guard ungathered < ungatheredNames.count else { throw .init() }
                    if ungatheredNames[..<ungathered].contains(where: { sameBytes($0, name) }) { token.hasRepeatedAttribute = true }
                    ungatheredNames[ungathered] = name
                    ungathered += 1
                }
                if !isCanonical { token.isCanonical = false }
            }
        }
    }

    private func sameBytes(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        first.count == second.count && memcmp(bytes.baseAddress! + first.lowerBound, bytes.baseAddress! + second.lowerBound, first.count) == 0
    }

    /// White space before an attribute or the tag's end: one space when canonical.
    private mutating func skipSpaces() -> Bool {
        let start = index
        if isCanonical {
            if index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        } else {
            while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t")].contains(bytes[index]) {
                index += 1
            }
        }
        return index > start
    }

    /// Letters and digits, starting with a letter; lowercased (uppercase is not canonical),
    /// with its `SimpleHTML.ElementID`.
    private mutating func tagName() throws(SimpleHTML.Unsupported) -> (String, SimpleHTML.ElementID) {
        let start = index
        var packed: UInt64 = 0
        while index < bytes.count, bytes[index].isASCIILetter || (index > start && bytes[index].isASCIIDigit) {
            guard !isCanonical || bytes[index] >= UInt8(ascii: "a") || bytes[index].isASCIIDigit else { throw .init() }
            // Lowercase: a letter's bit 0x20 set (a digit has it already).
            if index - start < 8 { packed |= UInt64(bytes[index] | 0x20) << (8 * (index - start)) }
            index += 1
        }
        guard index > start else { throw .init() }
        let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        let name = isCanonical ? written : written.lowercased()
        return (name, index - start <= 8 ? SimpleHTML.id(packed: packed) : SimpleHTML.id(of: name))
    }

    /// `name="value"` or `name='value'`: a lowercase name of letters, digits and `-`; the
    /// value holds no NUL or carriage return, and when canonical holds `&` only in the five
    /// entities `HTMLEscaping` writes and in plain numeric references. `isCanonical`:
    /// double-quoted, with no `'`, `<` or `>` as they are and no numeric reference (the
    /// sanitizer would write them otherwise).
    private mutating func attribute() throws(SimpleHTML.Unsupported) -> (name: Range<Int>, value: Range<Int>, isCanonical: Bool) {
        let start = index
        while index < bytes.count,
              (bytes[index] >= UInt8(ascii: "a") && bytes[index] <= UInt8(ascii: "z"))
                || (index > start && (bytes[index].isASCIIDigit || bytes[index] == UInt8(ascii: "-"))) {
            index += 1
        }
        guard index > start, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "="),
              bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "'") else { throw .init() }
        let name = start..<index
        let quote = bytes[index + 1]
        var valueIsCanonical = quote == UInt8(ascii: "\"")
        index += 2
        let valueStart = index
        while index < bytes.count, bytes[index] != quote {
            let byte = bytes[index]
            try checkCharacter()
            if isCanonical {
                if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                    valueIsCanonical = false
                }
                if byte == UInt8(ascii: "&") {
                    if try !skipEntity() { valueIsCanonical = false }
                    continue
                }
            }
            index += 1
        }
        guard index < bytes.count else { throw .init() }
        index += 1
        return (name, valueStart..<index - 1, valueIsCanonical)
    }

    /// A character the parser keeps as it is: not a control other than tab and newline
    /// (NUL, carriage return, form feed, DEL, U+0080–U+009F), nor a noncharacter
    /// (U+FDD0–U+FDEF, and U+xFFFE and U+xFFFF in every plane), which gumbo replaces. Only a
    /// lead byte of `C2`, `EF` or `F0`–`F4` can start one of those, so the scalar is decoded
    /// only there (the input is valid UTF-8: it comes from a `String`).
    private func checkCharacter() throws(SimpleHTML.Unsupported) {
        let byte = bytes[index]
        if byte < 0x20 {
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") else { throw .init() }
        } else if byte == 0x7F {
            throw .init()
        } else if byte == 0xC2 {
            guard index + 1 < bytes.count, bytes[index + 1] >= 0xA0 else { throw .init() }
        } else if byte >= 0xEF {
            let scalar = try decodedScalar(lead: byte)
            guard !(0xFDD0...0xFDEF).contains(scalar), scalar & 0xFFFE != 0xFFFE else { throw .init() }
        }
    }

    /// The scalar of the three- or four-byte sequence that starts at `index`.
    private func decodedScalar(lead: UInt8) throws(SimpleHTML.Unsupported) -> UInt32 {
        let length = lead >= 0xF0 ? 4 : 3
        guard index + length <= bytes.count else { throw .init() }
        var scalar = UInt32(lead & (length == 4 ? 0x07 : 0x0F))
        for offset in 1..<length { scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return scalar
    }

    /// A text's byte that no spelling looks at (most of them), one bit test each: tab,
    /// newline, printable ASCII but `<`, `&`, `>`, `"` and `'`, UTF-8 continuation bytes, and
    /// lead bytes but `C2` and `EF`–`F4` (the only ones that can start a character that
    /// `checkCharacter` refuses).
    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        let words: (UInt64, UInt64, UInt64, UInt64) = (0xAFFF_FF3B_0000_0600, 0x7FFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF, 0x7FFF_FFFF_FFFB)
        let word = switch byte >> 6 { case 0: words.0; case 1: words.1; case 2: words.2; default: words.3 }
        return word >> UInt64(byte & 63) & 1 != 0
    }

}
