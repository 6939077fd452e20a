/// The places where a style sheet names another file, found as a browser's CSS tokenizer
/// finds them (CSS Syntax Level 3, §4): `url(…)` written bare or with a string,
/// `@import "…"`, and the strings of `image-set(…)`. Comments, strings elsewhere and
/// names that only end in `url` (`myurl(…)`) are stepped over; a bad URL or a string cut by
/// a line break, which a browser drops, names nothing; so does `@namespace url(…)`, which
/// names a namespace, not a file. The style sheet is read as bytes, so a file in any
/// encoding that keeps ASCII as ASCII is read alike.
enum CSSReferences {
    struct Reference: Equatable {
        enum Form: Equatable {
            /// `url(path)`: `range` covers the whole token, from `url(` to its `)`.
            case urlToken
            /// A string (in `url("…")`, `@import "…"` or `image-set("…" 1x)`): `range`
            /// covers the string with its quotes.
            case string
        }

        /// The reference with CSS escapes decoded.
        var value: String
        /// The bytes to replace to change the reference.
        var range: Range<Int>
        var form: Form
        /// True for the style sheet an `@import` loads.
        var isImport: Bool
    }

    static func scan(_ bytes: [UInt8]) -> [Reference] {
        var scanner = Scanner(bytes: bytes)
        scanner.run()
        return scanner.references
    }

    /// The CSS for `value` written where `reference` was, in its form.
    static func replacement(_ value: String, for reference: Reference) -> String {
        reference.form == .urlToken ? "url(" + quoted(value) + ")" : quoted(value)
    }

    /// `value` as a double-quoted CSS string: `"`, `\` and line breaks escaped.
    static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\22 "
            case "\\": text += "\\5c "
            case "\n": text += "\\a "
            case "\r": text += "\\d "
            case "\u{0C}": text += "\\c "
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}

extension CSSReferences {
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var references: [Reference] = []
        /// The at-rule whose prelude is being read (`import`, `namespace`…), until its `;` or `{`.
        var atRule: String?
        /// The names of the functions the tokenizer is inside, innermost last (`""` for a
        /// bare parenthesis).
        var functions: [String] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run() {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                    skipComment()
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    string()
                case UInt8(ascii: "@") where startsIdentifier(at: index + 1):
                    index += 1
                    atRule = name().lowercased()
                case UInt8(ascii: "#") where isNameByte(at: index + 1):
                    index += 1
                    _ = name()
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    number()
                case UInt8(ascii: "("):
                    functions.append("")
                    index += 1
                case UInt8(ascii: ")"):
                    _ = functions.popLast()
                    index += 1
                case UInt8(ascii: ";") where functions.isEmpty, UInt8(ascii: "{"), UInt8(ascii: "}"):
                    atRule = nil
                    functions.removeAll()
                    index += 1
                default:
                    if startsIdentifier(at: index) { identifier() } else { index += 1 }
                }
            }
        }

        private func peek(_ distance: Int) -> UInt8? {
            index + distance < bytes.count ? bytes[index + distance] : nil
        }

        private var namesAFile: Bool { atRule != "namespace" }

        private var stringIsReference: Bool {
            guard namesAFile else { return false }
            if let function = functions.last {
                return function == "url" || function == "image-set" || function == "-webkit-image-set"
            }
            return atRule == "import"
        }

        private mutating func skipComment() {
            index += 2
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                    index += 2
                    return
                }
                index += 1
            }
        }

        /// A string token; a reference when it stands where a URL is read.
        private mutating func string() {
            let start = index
            let quote = bytes[index]
            index += 1
            var value: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == quote {
                    index += 1
                    if stringIsReference { references.append(stringReference(value, start..<index)) }
                    return
                }
                if Self.isNewline(byte) {
                    // A bad string names nothing, and makes a browser drop the at-rule it is in.
                    if atRule != nil { atRule = "" }
                    return
                }
                if byte == UInt8(ascii: "\\") {
                    if index + 1 >= bytes.count {
                        index += 1
                    } else if Self.isNewline(bytes[index + 1]) {
                        index += bytes[index + 1] == UInt8(ascii: "\r") && peek(2) == UInt8(ascii: "\n") ? 3 : 2
                    } else {
                        index += 1
                        value += escaped()
                    }
                    continue
                }
                value.append(byte)
                index += 1
            }
            // A string left open at the end of the file is closed there (CSS Syntax §4.3.5).
            if stringIsReference { references.append(stringReference(value, start..<index)) }
        }

        /// A string's reference: an import when it is the at-rule's own (`@import "a.css"`,
        /// `@import url("a.css")`), not one inside another function of its prelude.
        private func stringReference(_ value: [UInt8], _ range: Range<Int>) -> Reference {
            let isImport = atRule == "import" && (functions.isEmpty || functions == ["url"])
            return Reference(value: String(decoding: value, as: UTF8.self), range: range, form: .string, isImport: isImport)
        }

        /// A name, a function's name or `url(…)`.
        private mutating func identifier() {
            let start = index
            let text = name()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "(") else { return }
            index += 1
            let lowered = text.lowercased()
            guard lowered == "url" else {
                functions.append(lowered)
                return
            }
            var ahead = index
            while ahead < bytes.count, Self.isWhitespace(bytes[ahead]) { ahead += 1 }
            if ahead < bytes.count, bytes[ahead] == UInt8(ascii: "\"") || bytes[ahead] == UInt8(ascii: "'") {
                functions.append("url")
                return
            }
            index = ahead
            urlToken(from: start)
        }

        /// The rest of `url(` written without quotes (§4.3.6), up to its `)`.
        private mutating func urlToken(from start: Int) {
            var value: [UInt8] = []
            var bad = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ")") {
                    index += 1
                    break
                }
                if Self.isWhitespace(byte) {
                    while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
                    if index < bytes.count, bytes[index] != UInt8(ascii: ")") { bad = true }
                    continue
                }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "(") || Self.isNonPrintable(byte) {
                    bad = true
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "\\") {
                    if isValidEscape(at: index) {
                        index += 1
                        if !bad { value += escaped() }
                    } else {
                        bad = true
                        index += 1
                    }
                    continue
                }
                if !bad { value.append(byte) }
                index += 1
            }
            // A bad URL is dropped by browsers; a good one cut by the end of the file is read.
            guard !bad, namesAFile else { return }
            references.append(Reference(value: String(decoding: value, as: UTF8.self), range: start..<index,
                                        form: .urlToken, isImport: atRule == "import" && functions.isEmpty))
        }

        /// A number and its unit (`1x`, `12px`): never a function's name.
        private mutating func number() {
            while index < bytes.count, (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9"))
                || bytes[index] == UInt8(ascii: ".") {
                index += 1
            }
            if isNameByte(at: index) { _ = name() }
        }

        /// The name starting at `index` with its escapes decoded (§4.3.11).
        private mutating func name() -> String {
            var value: [UInt8] = []
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\\") {
                    guard isValidEscape(at: index) else { break }
                    index += 1
                    value += escaped()
                } else if Self.isNameCharacter(bytes[index]) {
                    value.append(bytes[index])
                    index += 1
                } else {
                    break
                }
            }
            return String(decoding: value, as: UTF8.self)
        }

        /// The code point of the escape after a backslash (already read), as UTF-8 (§4.3.7).
        private mutating func escaped() -> [UInt8] {
            guard index < bytes.count else { return Array("\u{FFFD}".utf8) }
            var hex = 0
            var digits = 0
            while digits < 6, index < bytes.count, let digit = Self.hexValue(bytes[index]) {
                hex = hex * 16 + digit
                digits += 1
                index += 1
            }
            guard digits > 0 else {
                // Any other character stands for itself, whole (a multi-byte one too).
                let start = index
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                return Array(bytes[start..<index])
            }
            if index < bytes.count, Self.isWhitespace(bytes[index]) {
                index += bytes[index] == UInt8(ascii: "\r") && peek(1) == UInt8(ascii: "\n") ? 2 : 1
            }
            let scalar = hex == 0 ? nil : Unicode.Scalar(UInt32(hex))
            return Array(String(Character(scalar ?? "\u{FFFD}")).utf8)
        }

        private func isValidEscape(at position: Int) -> Bool {
            position + 1 < bytes.count && bytes[position] == UInt8(ascii: "\\") && !Self.isNewline(bytes[position + 1])
        }

        private func isNameByte(at position: Int) -> Bool {
            position < bytes.count && (Self.isNameCharacter(bytes[position]) || isValidEscape(at: position))
        }

        /// Whether an identifier starts at `position` (§4.3.9).
        private func startsIdentifier(at position: Int) -> Bool {
            guard position < bytes.count else { return false }
            let first = bytes[position]
            if first == UInt8(ascii: "-") {
                guard position + 1 < bytes.count else { return false }
                let second = bytes[position + 1]
                return Self.isNameStart(second) || second == UInt8(ascii: "-") || isValidEscape(at: position + 1)
            }
            return Self.isNameStart(first) || isValidEscape(at: position)
        }

        private static func isNameStart(_ byte: UInt8) -> Bool {
            (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        private static func isNameCharacter(_ byte: UInt8) -> Bool {
            isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
        }

        private static func isNewline(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == 0x0C
        }

        private static func isWhitespace(_ byte: UInt8) -> Bool {
            isNewline(byte) || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        }

        private static func isNonPrintable(_ byte: UInt8) -> Bool {
            byte <= 0x08 || byte == 0x0B || (byte >= 0x0E && byte <= 0x1F) || byte == 0x7F
        }

        private static func hexValue(_ byte: UInt8) -> Int? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
            default: nil
            }
        }
    }
}
