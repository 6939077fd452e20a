/// A strict reader of XML 1.0 as drawing programs write SVG: elements, attributes, text,
/// CDATA, comments and processing instructions, with the document type's internal
/// entities when they are plain text (Adobe Illustrator declares its namespaces so).
///
/// It is written to be safe on hostile files, not to be complete: nothing is fetched (an
/// external entity or DTD is refused, not loaded), an entity's value may not refer to
/// another entity (no "billion laughs"), what entities expand to is bounded, nesting is
/// bounded, and the reader keeps its own stack (no recursion). What it refuses, a
/// browser would mostly refuse too: a file that is not well-formed shows as a broken image.
///
/// Offsets are byte offsets in the file as given (a leading byte-order mark included).
struct XMLReader {
    struct Attribute: Equatable {
        /// The qualified name as written (`xlink:href`).
        var name: String
        /// The value with references replaced and whitespace normalized, as XML reads it.
        var value: String
        var offset: Int
    }

    enum Event: Equatable {
        case start(name: String, attributes: [Attribute], offset: Int)
        /// An element's end, its own or an empty element's (`<g/>` gives a start and an end).
        case end(name: String, offset: Int)
        /// Character data (CDATA sections included), with references replaced and line ends
        /// normalized to LF.
        case text(String, offset: Int)
        /// A processing instruction other than the XML declaration (`<?xml-stylesheet …?>`).
        case instruction(target: String, offset: Int)
    }

    struct Failure: Error, Equatable {
        var offset: Int
        var reason: String
    }

    /// Elements may nest this deep (the files of drawing programs stay under 50).
    static let maximumDepth = 1_024
    /// What entity references may expand to, in bytes, over a whole file.
    static let maximumExpansion = 16 << 20
    /// Entities a document type may declare, and the length of each one's value.
    static let maximumEntities = 1_000
    static let maximumEntityLength = 65_536

    let bytes: [UInt8]
    var position = 0
    var entities: [String: String] = [:]
    var open: [(name: String, offset: Int)] = []
    var sawRoot = false
    var expanded = 0
    /// The end of the empty element just started, given as the next event.
    var pendingEnd: (name: String, offset: Int)?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// Checks that the whole file is UTF-8 with no character XML forbids: the first
    /// offending byte's offset and why, or nil.
    static func encodingProblem(_ bytes: [UInt8]) -> Failure? {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return Failure(offset: 0, reason: "it is saved as UTF-16; save it as UTF-8")
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                    return Failure(offset: index, reason: "it holds the control character U+\(hex(UInt32(byte))), which XML does not allow; remove it")
                }
                index += 1
                continue
            }
            guard let (scalar, length) = decodeUTF8(bytes, at: index) else {
                return Failure(offset: index, reason: "it is not UTF-8 here; save it as UTF-8")
            }
            if !isXMLCharacter(scalar) {
                return Failure(offset: index, reason: "it holds U+\(hex(scalar)), which XML does not allow; remove it")
            }
            index += length
        }
        return nil
    }

    /// The next event, or nil at the end of a well-formed document.
    mutating func next() throws(Failure) -> Event? {
        if let end = pendingEnd {
            pendingEnd = nil
            closeElement()
            return .end(name: end.name, offset: end.offset)
        }
        while position < bytes.count {
            if bytes[position] != UInt8(ascii: "<") {
                let start = position
                let text = try readText()
                if open.isEmpty {
                    guard text.allSatisfy({ $0 == " " || $0 == "\n" || $0 == "\t" }) else {
                        throw Failure(offset: start + leadingSpace(from: start),
                                      reason: "it has text outside its root element")
                    }
                    continue
                }
                return .text(text, offset: start)
            }
            let start = position
            if matches("<!--") {
                try skipComment()
            } else if matches("<![CDATA[") {
                guard !open.isEmpty else { throw Failure(offset: start, reason: "it has a CDATA section outside its root element") }
                return .text(try readCDATA(), offset: start)
            } else if matches("<!DOCTYPE") {
                guard !sawRoot else { throw Failure(offset: start, reason: "it has a document type declaration after its root element") }
                try readDocumentType()
            } else if matches("<?") {
                if let target = try readInstruction() { return .instruction(target: target, offset: start) }
            } else if matches("</") {
                return try readEndTag()
            } else if matches("<!") {
                throw Failure(offset: start, reason: "`<!` starts neither a comment, a CDATA section nor a document type")
            } else {
                return try readStartTag()
            }
        }
        if let unclosed = open.last {
            throw Failure(offset: unclosed.offset, reason: "`<\(unclosed.name)>` is never closed")
        }
        guard sawRoot else { throw Failure(offset: bytes.count, reason: "it has no root element") }
        return nil
    }

    // MARK: Elements

    private mutating func readStartTag() throws(Failure) -> Event {
        let start = position
        position += 1
        guard !sawRoot || !open.isEmpty else {
            throw Failure(offset: start, reason: "it has a second root element after the first one ends")
        }
        let name = try readName(what: "an element name")
        var attributes: [Attribute] = []
        // A set, not a search of the list: a hostile element may have 100,000 attributes.
        var names = Set<String>()
        while true {
            let spaced = skipSpace()
            guard position < bytes.count else { throw Failure(offset: start, reason: "`<\(name)` is never closed with `>`") }
            if matches("/>") {
                position += 2
                try openElement(name, at: start)
                pendingEnd = (name, position - 2)
                return .start(name: name, attributes: attributes, offset: start)
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                try openElement(name, at: start)
                return .start(name: name, attributes: attributes, offset: start)
            }
            guard spaced else { throw Failure(offset: position, reason: "`<\(name)>` needs a space before each attribute") }
            let attribute = try readAttribute(of: name)
            if !names.insert(attribute.name).inserted {
                throw Failure(offset: attribute.offset, reason: "`<\(name)>` has the attribute `\(attribute.name)` twice")
            }
            attributes.append(attribute)
        }
    }

    private mutating func openElement(_ name: String, at offset: Int) throws(Failure) {
        guard open.count < Self.maximumDepth else {
            throw Failure(offset: offset, reason: "its elements nest more than \(Self.maximumDepth) levels deep")
        }
        open.append((name, offset))
        sawRoot = true
    }

    private mutating func closeElement() { open.removeLast() }

    private mutating func readEndTag() throws(Failure) -> Event {
        let start = position
        position += 2
        let name = try readName(what: "an element name")
        _ = skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw Failure(offset: position, reason: "`</\(name)` is not closed with `>`")
        }
        position += 1
        guard let last = open.last else { throw Failure(offset: start, reason: "`</\(name)>` closes no element") }
        guard last.name == name else {
            throw Failure(offset: start, reason: "`</\(name)>` does not close `<\(last.name)>`, opened at \(lineDescription(last.offset))")
        }
        closeElement()
        return .end(name: name, offset: start)
    }

    private mutating func readAttribute(of element: String) throws(Failure) -> Attribute {
        let start = position
        let name = try readName(what: "an attribute name")
        _ = skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
            throw Failure(offset: position, reason: "the attribute `\(name)` of `<\(element)>` has no `=` and value")
        }
        position += 1
        _ = skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw Failure(offset: position, reason: "the value of `\(name)` is not in quotes")
        }
        let quote = bytes[position]
        position += 1
        var value: [UInt8] = []
        while true {
            guard position < bytes.count else { throw Failure(offset: start, reason: "the value of `\(name)` is never closed") }
            let byte = bytes[position]
            if byte == quote { position += 1; break }
            switch byte {
            case UInt8(ascii: "<"):
                throw Failure(offset: position, reason: "the value of `\(name)` holds `<`; write `&lt;`")
            case UInt8(ascii: "&"):
                try readReference(into: &value)
            case 0x0D:
                value.append(0x20)
                position += position + 1 < bytes.count && bytes[position + 1] == 0x0A ? 2 : 1
            case 0x09, 0x0A:
                value.append(0x20)
                position += 1
            default:
                value.append(byte)
                position += 1
            }
        }
        return Attribute(name: name, value: String(decoding: value, as: UTF8.self), offset: start)
    }

    // MARK: Text

    private mutating func readText() throws(Failure) -> String {
        var text: [UInt8] = []
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") {
                try readReference(into: &text)
            } else if byte == 0x0D {
                text.append(0x0A)
                position += position + 1 < bytes.count && bytes[position + 1] == 0x0A ? 2 : 1
            } else if byte == UInt8(ascii: "]"), matches("]]>") {
                throw Failure(offset: position, reason: "its text holds `]]>`, which XML does not allow outside a CDATA section; write `]]&gt;`")
            } else {
                text.append(byte)
                position += 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func readCDATA() throws(Failure) -> String {
        let start = position
        position += 9
        guard let end = find("]]>") else { throw Failure(offset: start, reason: "a CDATA section is never closed with `]]>`") }
        let text = Self.normalizingLineEnds(bytes[position..<end])
        position = end + 3
        return text
    }

    /// A reference at `position` (`&amp;`, `&#60;`, `&#x3C;` or a declared entity),
    /// appended as UTF-8.
    private mutating func readReference(into output: inout [UInt8]) throws(Failure) {
        let start = position
        guard let semicolon = bytes[position...].prefix(64).firstIndex(of: UInt8(ascii: ";")) else {
            throw Failure(offset: start, reason: "`&` starts no reference; write `&amp;` for the character itself")
        }
        let name = String(decoding: bytes[(position + 1)..<semicolon], as: UTF8.self)
        position = semicolon + 1
        if name.hasPrefix("#") {
            guard let character = Self.characterReference(String(name.dropFirst())) else {
                throw Failure(offset: start, reason: "`&\(name);` is not a character XML allows")
            }
            output += character
            return
        }
        let replacement: String
        switch name {
        case "lt": replacement = "<"
        case "gt": replacement = ">"
        case "amp": replacement = "&"
        case "quot": replacement = "\""
        case "apos": replacement = "'"
        default:
            guard let declared = entities[name] else {
                throw Failure(offset: start, reason: "`&\(name);` is not defined: XML knows only &lt; &gt; &amp; &quot; and &apos;; write the character itself, or its number (`&#160;`)")
            }
            replacement = declared
        }
        expanded += replacement.utf8.count
        guard expanded <= Self.maximumExpansion else {
            throw Failure(offset: start, reason: "its entities expand to more than \(Self.maximumExpansion >> 20) MiB")
        }
        output.append(contentsOf: replacement.utf8)
    }

    // MARK: Markup that is not content

    private mutating func skipComment() throws(Failure) {
        let start = position
        position += 4
        guard let end = find("-->") else { throw Failure(offset: start, reason: "a comment is never closed with `-->`") }
        position = end + 3
    }

    /// The instruction's target, or nil for the XML declaration, which is checked here.
    private mutating func readInstruction() throws(Failure) -> String? {
        let start = position
        position += 2
        let target = try readName(what: "a processing instruction's target")
        guard let end = find("?>") else { throw Failure(offset: start, reason: "`<?\(target)` is never closed with `?>`") }
        let body = String(decoding: bytes[position..<end], as: UTF8.self)
        position = end + 2
        guard target.lowercased() == "xml" else { return target }
        guard start == (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0) else {
            throw Failure(offset: start, reason: "its XML declaration `<?xml …?>` is not at the very start of the file")
        }
        if let encoding = Self.pseudoAttribute("encoding", in: body),
           !["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding.lowercased()) {
            throw Failure(offset: start, reason: "it declares the encoding \(encoding); save it as UTF-8 (and say encoding=\"UTF-8\")")
        }
        return nil
    }

    private func lineDescription(_ offset: Int) -> String {
        let line = bytes[..<min(offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return "line \(line)"
    }
}
