/// What `HTMLSanitizer` writes of a body's whole fragment, without gumbo when the fragment
/// is simple (`SimpleHTMLStack`) and already written as the sanitizer writes (`canonical`):
/// the fragment as it is, less its comments and the newline the parser drops after
/// `<pre>`, with each writer's start tag whose attributes the sanitizer changes written
/// again as it writes them (attributes the allowlist does not keep left out, a link's or
/// an image's URL resolved and escaped as Markdown's, an image that cannot be shown as its
/// alt text), a link closed where another starts inside it, as the parser closes it, and
/// an empty iframe as a link to its page.
/// A writer's element that the sanitizer removes or renames (a heading, which also takes
/// an id from its text) leaves the fragment to gumbo.
extension SimpleHTML {
    /// A part of the fragment not copied as written.
    private struct Edit {
        enum Change {
            /// A comment, or the newline after `<pre>`.
            case remove
            /// A writer's text with `"`, `'` or `>` as they are.
            case escape
            /// A writer's start tag, written as the sanitizer writes it.
            case tag(SimpleHTMLScanner.Token)
            /// `</a>`, where the parser closes a link because another starts inside it
            /// (`SimpleHTMLStack.closeLinkBeforeLink`); its range is empty.
            case closeLink
            /// A writer's `<iframe …></iframe>`: its page as a link, as the sanitizer writes
            /// it (`HTMLSanitizer.writeFramedPageLink`), or nothing.
            case framedPage(SimpleHTMLScanner.Token)
        }

        var range: Range<Int>
        var change: Change
    }

    /// A kept attribute's value: as written (canonical, so already escaped) or a resolved URL.
    private enum Value {
        case written(Range<Int>)
        case resolved(String)
    }

    /// True with the fragment written; false, with nothing written and no URL resolved, when
    /// the fragment needs gumbo.
    static func writeSanitized(_ fragment: UnsafeBufferPointer<UInt8>, writerRanges: [Range<Int>],
                               resolve: HTMLRenderer.Resolver, into out: HTMLBuilder) -> Bool {
        // Every token is read before the first URL is resolved: resolving records the link.
        guard let edits = edits(of: fragment, writerRanges: writerRanges) else { return false }
        var written = 0
        for edit in edits {
            out.append(UnsafeBufferPointer(rebasing: fragment[written..<edit.range.lowerBound]))
            switch edit.change {
            case .remove: break
            case .escape: writeEscaped(UnsafeBufferPointer(rebasing: fragment[edit.range]), into: out)
            case .tag(let tag): writeTag(tag, of: fragment, resolve: resolve, into: out)
            case .closeLink: out.raw("</a>")
            case .framedPage(let tag): writeFramedPage(tag, of: fragment, resolve: resolve, into: out)
            }
            written = edit.range.upperBound
        }
        out.append(UnsafeBufferPointer(rebasing: fragment[written...]))
        return true
    }

    /// The comments and the writers' start tags to write again, in order; nil when the
    /// fragment is not simple.
    private static func edits(of fragment: UnsafeBufferPointer<UInt8>, writerRanges: [Range<Int>]) -> [Edit]? {
        var edits: [Edit] = []
        do {
            var scanner = SimpleHTMLScanner(fragment, spelling: .canonical)
            var stack = SimpleHTMLStack(.body)
            var writers = writerRanges[...]
            // A writer's `<iframe …>`, until its end tag: the parser reads what is between as
            // raw text, so only an iframe closed at once is simple.
            var frame: SimpleHTMLScanner.Token?
            while let token = try scanner.next() {
                if let open = frame {
                    guard token.kind == .end, token.name == "iframe", token.range.lowerBound == open.range.upperBound else {
                        throw Unsupported()
                    }
                    edits.append(Edit(range: open.range.lowerBound..<token.range.upperBound, change: .framedPage(open)))
                    frame = nil
                    continue
                }
                switch token.kind {
                case .text:
                    let text = UnsafeBufferPointer(rebasing: fragment[token.range])
                    // The parser drops a newline after `<pre>`; the sanitizer writes one back
                    // when the text starts with another (`HTMLSanitizer.writeElement`).
                    var start = token.range.lowerBound
                    if try stack.text(text), text.count == 1 || text[1] != UInt8(ascii: "\n") {
                        edits.append(Edit(range: start..<start + 1, change: .remove))
                        start += 1
                    }
                    if !token.isCanonical { edits.append(Edit(range: start..<token.range.upperBound, change: .escape)) }
                case .comment:
                    try stack.comment()
                    edits.append(Edit(range: token.range, change: .remove))
                case .start:
                    guard !hasRepeatedAttribute(token) else { throw Unsupported() }
                    while let first = writers.first, first.upperBound <= token.range.lowerBound { writers.removeFirst() }
                    // The renderer writes canonical tags only; a writer's tag is read as its own.
                    let isWriters = writers.first?.contains(token.range.lowerBound) == true
                    guard isWriters || token.isCanonical else { throw Unsupported() }
                    if token.name == "iframe" {
                        guard isWriters, stack.takesRawElement() else { throw Unsupported() }
                        frame = token
                        continue
                    }
                    if token.name == "a", stack.closeLinkBeforeLink() {
                        edits.append(Edit(range: token.range.lowerBound..<token.range.lowerBound, change: .closeLink))
                    }
                    if isWriters, try isRewritten(token) { edits.append(Edit(range: token.range, change: .tag(token))) }
                    _ = try stack.start(token.name)
                case .end where token.name == "a" && stack.ignoresLinkEnd():
                    edits.append(Edit(range: token.range, change: .remove))
                case .end: _ = try stack.end(token.name)
                }
            }
            guard frame == nil else { throw Unsupported() }
            _ = try stack.finish()
        } catch {
            return nil
        }
        return edits
    }

    /// A tag has a few attributes: comparing each pair beats hashing them into a set.
    static func hasRepeatedAttribute(_ token: SimpleHTMLScanner.Token) -> Bool {
        let names = token.attributes
        guard names.count > 1 else { return false }
        for index in 1..<names.count where names[..<index].contains(names[index]) { return true }
        return false
    }

    /// Whether the sanitizer writes a writer's start tag otherwise than as written; throws
    /// for an element it removes, unwraps or renames.
    private static func isRewritten(_ token: SimpleHTMLScanner.Token) throws(Unsupported) -> Bool {
        guard let element = elements[token.name], element.contains(.kept), !element.contains(.heading) else { throw .init() }
        if !token.isCanonical || (token.name == "img" && !token.attributes.contains("src")) { return true }
        return token.attributes.contains { !HTMLAllowlist.allows($0, on: token.name) || HTMLAllowlist.isURL($0, on: token.name) }
    }

    /// A writer's iframe as `HTMLSanitizer` writes it: a link to its page, or nothing.
    private static func writeFramedPage(_ tag: SimpleHTMLScanner.Token, of fragment: UnsafeBufferPointer<UInt8>,
                                        resolve: HTMLRenderer.Resolver, into out: HTMLBuilder) {
        let attributes = zip(tag.attributes, tag.values).map { name, range in
            HTMLAttribute(name: name, value: decoded(UnsafeBufferPointer(rebasing: fragment[range])), offset: range.lowerBound)
        }
        HTMLSanitizer.writeFramedPageLink(HTMLNode(tag: "iframe", attributes: attributes), resolve: resolve, into: out)
    }

    /// A writer's start tag as `HTMLSanitizer.writeWriters` writes it, resolving its URLs in order.
    private static func writeTag(_ tag: SimpleHTMLScanner.Token, of fragment: UnsafeBufferPointer<UInt8>,
                                 resolve: HTMLRenderer.Resolver, into out: HTMLBuilder) {
        var kept: [(name: String, value: Value)] = []
        for (name, range) in zip(tag.attributes, tag.values) where HTMLAllowlist.allows(name, on: tag.name) {
            guard HTMLAllowlist.isURL(name, on: tag.name) else {
                kept.append((name, .written(range)))
                continue
            }
            let url = decoded(UnsafeBufferPointer(rebasing: fragment[range]))
            if HTMLAllowlist.urlVerdict(url) == .allowed, let resolved = resolve(url, tag.name == "img") {
                kept.append((name, .resolved(HrefEscaping.percentEncoded(resolved))))
            }
        }
        if tag.name == "img", !kept.contains(where: { $0.name == "src" }) {
            if case .written(let alt)? = kept.first(where: { $0.name == "alt" })?.value {
                writeEscaped(UnsafeBufferPointer(rebasing: fragment[alt]), into: out)
            }
            return
        }
        out.byte(UInt8(ascii: "<"))
        out.raw(string: tag.name)
        for (name, value) in kept {
            out.byte(UInt8(ascii: " "))
            out.raw(string: name)
            out.raw("=\"")
            switch value {
            case .written(let range): writeEscaped(UnsafeBufferPointer(rebasing: fragment[range]), into: out)
            case .resolved(let url): out.text(url)
            }
            out.byte(UInt8(ascii: "\""))
        }
        out.byte(UInt8(ascii: ">"))
    }

    /// A writer's text or value as the sanitizer writes it: what the parser read of it
    /// (`decoded`), escaped again. The same bytes for a canonical one.
    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into out: HTMLBuilder) {
        out.text(decoded(bytes))
    }

    /// A text or value as the parser reads it: the five entities `HTMLEscaping` writes and
    /// plain numeric references (the only ones `canonical` takes) read back as their characters.
    static func decoded(_ value: UnsafeBufferPointer<UInt8>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            guard value[index] == UInt8(ascii: "&") else {
                bytes.append(value[index])
                index += 1
                continue
            }
            if let entity = escapedEntity(in: value, at: index) {
                bytes.append(entity.character)
                index += entity.length
            } else if let reference = numericReference(in: value, at: index) {
                UTF8.encode(reference.scalar) { bytes.append($0) }
                index += reference.length
            } else {
                bytes.append(UInt8(ascii: "&"))
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `&#` and 1–8 decimal digits, or `&#x` (or `X`) and 1–8 hexadecimal ones, then `;`, at
    /// `index`: a numeric character reference, when it names a character the parser keeps
    /// as it is. Nil for anything the parser would change or might read otherwise (no `;`,
    /// NUL, controls and the C1 range it maps through windows-1252, surrogates, noncharacters,
    /// beyond U+10FFFF), and for a tab or a newline (one after `<pre>` would be dropped).
    static func numericReference(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (length: Int, scalar: Unicode.Scalar)? {
        guard index + 3 < bytes.count, bytes[index] == UInt8(ascii: "&"), bytes[index + 1] == UInt8(ascii: "#") else { return nil }
        let isHex = bytes[index + 2] | 0x20 == UInt8(ascii: "x")
        var position = index + (isHex ? 3 : 2)
        let digitsStart = position
        var value: UInt32 = 0
        while position < bytes.count, position - digitsStart < 8, let digit = Self.digit(bytes[position], hex: isHex) {
            value = value * (isHex ? 16 : 10) + digit
            position += 1
        }
        guard position > digitsStart, position < bytes.count, bytes[position] == UInt8(ascii: ";"),
              isPlainCharacter(value), let scalar = Unicode.Scalar(value) else { return nil }
        return (position + 1 - index, scalar)
    }

    private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func isPlainCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFDCF, 0xFDF0...0xFFFD: true
        case 0x10000...0x10FFFF: value & 0xFFFE != 0xFFFE
        default: false
        }
    }

    /// The five entities `HTMLEscaping` writes, the only named ones the fast paths read,
    /// and their characters.
    private static let escapedEntities: [(entity: StaticString, character: UInt8)] = [
        ("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
        ("&quot;", UInt8(ascii: "\"")), ("&#39;", UInt8(ascii: "'")),
    ]

    /// One of the five entities `HTMLEscaping` writes at `index`: its length and character.
    static func escapedEntity(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (length: Int, character: UInt8)? {
        for (entity, character) in escapedEntities {
            let count = entity.utf8CodeUnitCount
            guard index + count <= bytes.count, (0..<count).allSatisfy({ bytes[index + $0] == entity.utf8Start[$0] }) else { continue }
            return (count, character)
        }
        return nil
    }
}
