/// Builds a page's HTML as UTF-8 bytes (a `ByteBuffer`). Text and attribute values
/// always go through `HTMLEscaping`; only markup that this module writes itself is
/// appended raw, most of it `StaticString` literals.
typealias HTMLBuilder = ByteBuffer

extension HTMLBuilder {
    func text(_ text: String) { HTMLEscaping.escape(text, into: self) }

    /// A node's text, escaped, read where it is: passed on as a `String`, it was retained
    /// and released twice for each of a page's text nodes.
    func literal(of node: UnsafePointer<MarkdownNode>) {
        node.pointee.literal.withUTF8Bytes { HTMLEscaping.escape($0, into: self) }
    }

    /// `<tag>`.
    func open(_ tag: StaticString) {
        byte(UInt8(ascii: "<"))
        raw(tag)
        byte(UInt8(ascii: ">"))
    }

    /// `<tag`: the attributes follow, then `end()`.
    func start(_ tag: StaticString) {
        byte(UInt8(ascii: "<"))
        raw(tag)
    }

    /// ` name="value"`; nothing when the value is nil, a bare name when it is "".
    func attribute(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        byte(UInt8(ascii: " "))
        raw(name)
        if value.isEmpty { return }
        raw("=\"")
        HTMLEscaping.escape(value, into: self)
        byte(UInt8(ascii: "\""))
    }

    /// The `>` that ends a start tag.
    func end() { byte(UInt8(ascii: ">")) }

    func close(_ tag: StaticString) {
        raw("</")
        raw(tag)
        byte(UInt8(ascii: ">"))
    }

    /// An element without attributes holding escaped text.
    func element(_ tag: StaticString, text: String) {
        open(tag)
        self.text(text)
        close(tag)
    }

    func newline() { byte(UInt8(ascii: "\n")) }
}
