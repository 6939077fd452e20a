import CGumbo
import Foundation

/// An element or a text of an HTML fragment, as the HTML5 parser built it (comments are
/// left out). Elements below `HTMLFragmentParser.maximumDepth` are not kept: their text is
/// (see `HTMLFragmentParser`).
struct HTMLNode: Sendable {
    enum Namespace: Sendable { case html, svg, mathML }

    /// The lowercased tag name of an element; "" for a text.
    var tag: String
    var namespace: Namespace = .html
    /// The decoded text of a text node (entities replaced).
    var text = ""
    var attributes: [HTMLAttribute] = []
    var children: [HTMLNode] = []
    /// The byte offset in the parsed input of the start tag's `<`, or of a text's first
    /// byte; nil for an element the parser made itself (a `tbody` it implied, say).
    var offset: Int?
    /// False for a tag HTML does not define (`<T>` in `Box<T>`).
    var isKnown = true
    /// True when the input has the element's end tag (`</b>`), not one the parser implied.
    var isClosed = false

    /// Tag of the nodes that stand for comments, kept only when the parse asks for them.
    static let commentTag = "!--"

    var isText: Bool { tag.isEmpty }

    static func text(_ text: String, at offset: Int?) -> HTMLNode {
        HTMLNode(tag: "", text: text, offset: offset)
    }
}

struct HTMLAttribute: Sendable, Equatable {
    /// Lowercased, as the parser gives it.
    var name: String
    /// Decoded (entities replaced, NUL as U+FFFD).
    var value: String
    /// The byte offset of the name in the parsed input.
    var offset: Int
}

/// Parses HTML as a browser parses the inside of an element (the HTML5 fragment parsing
/// algorithm, through gumbo): unclosed and misnested tags end up as a browser closes them.
/// The only file that sees gumbo's C types.
///
/// Bounds: the caller keeps each input under `RawHTMLBudget` (gumbo's time grows with the
/// square of the nesting); gumbo's own tree is never freed node by node (its recursive
/// free could overflow a thread's stack on deep input), its memory comes from an arena
/// dropped at once; and the converted tree keeps at most `maximumDepth` levels of
/// elements: deeper elements are replaced by their text, gathered without recursion.
enum HTMLFragmentParser {
    /// Whether HTML (or its SVG and MathML) defines an element of this (lowercased) name:
    /// `<event>` in "document.on<event>" is a writer's placeholder, not an element.
    static func definesElement(_ name: String) -> Bool {
        gumbo_tag_enum(name) != GUMBO_TAG_UNKNOWN
    }

    static let maximumDepth = 100

    /// The element the fragment is parsed inside: a `div` for a page's body, a `template`
    /// (which accepts table rows and cells alone) for one piece of raw HTML.
    enum Context { case div, template }

    /// - Parameter comments: keep each comment written as `<!-- -->` as a node tagged
    ///   `HTMLNode.commentTag` (with its text); otherwise comments are left out.
    static func parse(_ html: String, context: Context = .div, comments: Bool = false) -> [HTMLNode] {
        var html = html
        return html.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { Conversion(keepsComments: comments).parse($0, context: context) }
        }
    }
}

/// gumbo's tree into `HTMLNode`s.
private struct Conversion {
    let keepsComments: Bool

    func parse(_ bytes: UnsafeBufferPointer<CChar>, context: HTMLFragmentParser.Context) -> [HTMLNode] {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
        let arena = Arena()
        return withExtendedLifetime(arena) {
            var options = kGumboDefaultOptions
            options.allocator = { userdata, size in
                Unmanaged<Arena>.fromOpaque(userdata!).takeUnretainedValue().allocate(size)
            }
            options.deallocator = { _, _ in }
            options.userdata = Unmanaged.passUnretained(arena).toOpaque()
            options.max_errors = 0
            options.fragment_context = context == .div ? GUMBO_TAG_DIV : GUMBO_TAG_TEMPLATE
            guard let output = gumbo_parse_with_options(&options, base, bytes.count), let root = output.pointee.root
            else { return [] }
            return children(of: root, depth: 1)
        }
    }

    private func children(of node: UnsafeMutablePointer<GumboNode>, depth: Int) -> [HTMLNode] {
        let vector = node.pointee.v.element.children
        var nodes: [HTMLNode] = []
        nodes.reserveCapacity(Int(vector.length))
        for index in 0..<Int(vector.length) {
            guard let child = vector.data[index]?.assumingMemoryBound(to: GumboNode.self) else { continue }
            if let converted = convert(child, depth: depth) { nodes.append(converted) }
        }
        return nodes
    }

    private func convert(_ node: UnsafeMutablePointer<GumboNode>, depth: Int) -> HTMLNode? {
        switch node.pointee.type {
        case GUMBO_NODE_TEXT, GUMBO_NODE_CDATA, GUMBO_NODE_WHITESPACE:
            let text = node.pointee.v.text
            return .text(String(cString: text.text), at: Int(text.start_pos.offset))
        case GUMBO_NODE_COMMENT where keepsComments && Self.opensComment(node.pointee.v.text.original_text):
            let text = node.pointee.v.text
            return HTMLNode(tag: HTMLNode.commentTag, text: String(cString: text.text), offset: Int(text.start_pos.offset))
        case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
            guard depth < HTMLFragmentParser.maximumDepth else { return .text(Self.deepText(node), at: nil) }
            let element = node.pointee.v.element
            return HTMLNode(tag: Self.tagName(element), namespace: Self.namespace(element.tag_namespace),
                            attributes: Self.attributes(element), children: children(of: node, depth: depth + 1),
                            offset: element.original_tag.length > 0 ? Int(element.start_pos.offset) : nil,
                            isKnown: element.tag != GUMBO_TAG_UNKNOWN, isClosed: element.original_end_tag.length > 0)
        default:
            return nil
        }
    }

    /// True for a comment written as one (`<!--`), not one the parser made of a bogus tag
    /// such as `</3` in "I </3 Mondays".
    private static func opensComment(_ piece: GumboStringPiece) -> Bool {
        guard let data = piece.data, piece.length >= 4 else { return false }
        return UnsafeRawBufferPointer(start: data, count: 4).elementsEqual("<!--".utf8)
    }

    private static func tagName(_ element: GumboElement) -> String {
        if element.tag != GUMBO_TAG_UNKNOWN, let name = gumbo_normalized_tagname(element.tag) {
            return String(cString: name)
        }
        var piece = element.original_tag
        gumbo_tag_from_original_text(&piece)
        guard let data = piece.data, piece.length > 0 else { return "unknown" }
        return UnsafeRawBufferPointer(start: data, count: piece.length).withMemoryRebound(to: UInt8.self) {
            String(decoding: $0, as: UTF8.self).lowercased()
        }
    }

    private static func namespace(_ value: GumboNamespaceEnum) -> HTMLNode.Namespace {
        switch value {
        case GUMBO_NAMESPACE_SVG: .svg
        case GUMBO_NAMESPACE_MATHML: .mathML
        default: .html
        }
    }

    private static func attributes(_ element: GumboElement) -> [HTMLAttribute] {
        let vector = element.attributes
        return (0..<Int(vector.length)).compactMap { index in
            guard let attribute = vector.data[index]?.assumingMemoryBound(to: GumboAttribute.self).pointee else { return nil }
            return HTMLAttribute(name: String(cString: attribute.name), value: String(cString: attribute.value),
                                 offset: Int(attribute.name_start.offset))
        }
    }

    /// The text of a subtree too deep to keep, walked with a stack of its own.
    private static func deepText(_ node: UnsafeMutablePointer<GumboNode>) -> String {
        var bytes: [UInt8] = [], stack = [node]
        while let current = stack.popLast() {
            switch current.pointee.type {
            case GUMBO_NODE_TEXT, GUMBO_NODE_CDATA, GUMBO_NODE_WHITESPACE:
                let text = current.pointee.v.text.text!
                bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: strlen(text)).map { UInt8(bitPattern: $0) })
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                let vector = current.pointee.v.element.children
                for index in (0..<Int(vector.length)).reversed() {
                    if let child = vector.data[index]?.assumingMemoryBound(to: GumboNode.self) { stack.append(child) }
                }
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Gumbo's memory for one parse, bump-allocated and given back at once.
private final class Arena {
    private var chunks: [UnsafeMutableRawPointer] = []
    private var next: UnsafeMutableRawPointer?
    private var remaining = 0

    func allocate(_ size: Int) -> UnsafeMutableRawPointer {
        let size = (max(size, 1) + 15) & ~15
        if size > remaining {
            let chunkSize = max(size, 16384 << min(chunks.count, 6))
            let chunk = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
            chunks.append(chunk)
            next = chunk
            remaining = chunkSize
        }
        let pointer = next!
        next = pointer + size
        remaining -= size
        return pointer
    }

    deinit { for chunk in chunks { chunk.deallocate() } }
}
