/// The copy of an SVG file that the site publishes: its drawing, written again from what
/// `XMLReader` read, with only what `SVGAllowlist` keeps. Script, HTML, event handlers,
/// animations of links, and references to anything outside the file are removed and
/// reported; editors' own data (Inkscape's, Illustrator's, RDF metadata), comments and the
/// document type are left out silently. A file that is not well-formed XML, or whose root
/// is not an SVG `<svg>`, is refused and not published at all.
///
/// The copy is made from parsed values and escaped again, so what a browser reads is what
/// was judged: no entity, comment or CDATA section of the original reaches it.
enum SVGSanitizer {
    /// A file may have this many bytes (drawings with pictures embedded are large).
    static let maximumBytes = 32 << 20
    /// Removals reported by position; past them, how many more.
    static let reportedRemovals = 20

    struct Removal: Equatable {
        var offset: Int
        var message: String
    }

    enum Outcome: Equatable {
        case published(bytes: [UInt8], removals: [Removal], more: Int)
        case refused(XMLReader.Failure)
    }

    /// Why a file of `size` bytes is refused.
    static func tooLarge(_ size: Int) -> XMLReader.Failure {
        XMLReader.Failure(offset: 0, reason: "it has \(size) bytes, more than the \(maximumBytes >> 20) MiB a published SVG may have; simplify it, or save its pictures as PNG or JPEG files of their own")
    }

    static func sanitize(_ bytes: [UInt8]) -> Outcome {
        guard bytes.count <= maximumBytes else {
            return .refused(tooLarge(bytes.count))
        }
        if let problem = XMLReader.encodingProblem(bytes) { return .refused(problem) }
        var writer = SVGWriter(capacity: bytes.count)
        var reader = XMLReader(bytes)
        do {
            while let event = try reader.next() {
                try writer.take(event, empty: reader.pendingEnd != nil)
            }
        } catch {
            return .refused(error)
        }
        // Ended with a line end, as a text file is (what followed the root element was not kept).
        return .published(bytes: writer.output + [0x0A], removals: writer.removals, more: writer.removedMore)
    }
}

/// `SVGSanitizer`'s state while it reads one file: the namespaces in scope, the elements
/// open and how each was written, and the subtree being left out, if any.
struct SVGWriter {
    private(set) var output: [UInt8] = []
    private(set) var removals: [SVGSanitizer.Removal] = []
    private(set) var removedMore = 0

    private struct Open {
        /// The name written, or nil for an element whose tag was written whole (`<g/>`).
        var written: String?
        /// The prefixes the element declared (`""` for `xmlns`), undone at its end.
        var declared: [String]
    }
    private var open: [Open] = []
    /// Each prefix's namespaces, innermost last: a dictionary, since a hostile file may
    /// declare a million prefixes, which a list would search for every element.
    private var bindings: [String: [String]] = [:]
    /// While an element is left out with its content: the depth of `open` it started at.
    private var skipping: (depth: Int, nested: Int)?
    /// A `<style>` being read: its start tag, its text, where it started.
    private var style: (tag: [UInt8], text: String, offset: Int)?
    private var sawRoot = false

    init(capacity: Int) { output.reserveCapacity(capacity) }

    mutating func take(_ event: XMLReader.Event, empty: Bool) throws(XMLReader.Failure) {
        if var skip = skipping {
            switch event {
            case .start: skip.nested += 1
            case .end: skip.nested -= 1
            default: break
            }
            skipping = skip.nested < 0 ? nil : skip
            return
        }
        switch event {
        case .start(let name, let attributes, let offset):
            try start(name, attributes, at: offset, empty: empty)
        case .end:
            end()
        case .text(let text, _):
            if style != nil {
                style!.text += text
            } else {
                output.append(contentsOf: SVGEscaping.text(text))
            }
        case .instruction(let target, let offset):
            if target.lowercased() == "xml-stylesheet" {
                remove(at: offset, "`<?xml-stylesheet …?>` is removed: it styles the drawing with a file from elsewhere, which is not published with it; put the CSS in a `<style>` element of the SVG")
            }
        }
    }

    // MARK: Elements

    private mutating func start(_ name: String, _ attributes: [XMLReader.Attribute], at offset: Int,
                                empty: Bool) throws(XMLReader.Failure) {
        // A `<style>` holds only CSS: an element inside it is left out.
        if style != nil {
            skipping = (open.count, 0)
            return
        }
        var declared: [String] = []
        for attribute in attributes {
            let prefix: String
            if attribute.name == "xmlns" {
                prefix = ""
            } else if attribute.name.hasPrefix("xmlns:") {
                prefix = String(attribute.name.dropFirst(6))
            } else {
                continue
            }
            bindings[prefix, default: []].append(attribute.value)
            declared.append(prefix)
        }
        let (prefix, local) = Self.split(name)
        guard let namespace = namespace(of: prefix) else {
            throw XMLReader.Failure(offset: offset, reason: "the prefix `\(prefix)` of `<\(name)>` is not declared (xmlns:\(prefix)=\"…\")")
        }
        if !sawRoot {
            sawRoot = true
            guard namespace == SVGAllowlist.svgNamespace, local == "svg" else {
                throw XMLReader.Failure(offset: offset, reason: local == "svg"
                    ? "its `<svg>` does not say xmlns=\"\(SVGAllowlist.svgNamespace)\", so browsers show it as XML, not as a drawing; add that attribute"
                    : "its root element is `<\(name)>`, not an SVG `<svg>`")
            }
        }
        let verdict = Self.verdict(local, namespace: namespace, attributes: attributes)
        guard case .kept = verdict else {
            if case .removed(let reason) = verdict { remove(at: offset, reason) }
            undeclare(declared)
            skipping = (open.count, 0)
            return
        }
        var tag: [UInt8] = Array("<\(local)".utf8)
        if open.isEmpty {
            tag += Array(" xmlns=\"\(SVGAllowlist.svgNamespace)\" xmlns:xlink=\"\(SVGAllowlist.xlinkNamespace)\"".utf8)
        }
        writeAttributes(attributes, of: local, into: &tag)
        tag += empty ? Array("/>".utf8) : [UInt8(ascii: ">")]
        open.append(Open(written: empty ? nil : local, declared: declared))
        if local == "style" && namespace == SVGAllowlist.svgNamespace && !empty {
            style = (tag, "", offset)
        } else {
            output += tag
        }
    }

    private mutating func end() {
        let element = open.removeLast()
        undeclare(element.declared)
        if let pending = style {
            style = nil
            let css = SVGStyleSheet.withoutLoads(pending.text)
            if let problem = SVGAllowlist.cssProblem(css) {
                remove(at: pending.offset, "`<style>` is removed: \(problem); write colors and shapes without it")
                return
            }
            // Nothing left but space: the element goes too.
            guard css.utf8.contains(where: { !XMLReader.isSpace($0) }) else { return }
            output += pending.tag
            output.append(contentsOf: SVGEscaping.text(css))
        }
        guard let name = element.written else { return }
        output += Array("</\(name)>".utf8)
    }

    /// What becomes of an element and what it holds.
    private enum Verdict {
        case kept
        /// Left out without a word: an editor's data, an element no browser draws.
        case leftOutSilently
        /// Left out and reported, with why.
        case removed(String)
    }

    private static func verdict(_ local: String, namespace: String?, attributes: [XMLReader.Attribute]) -> Verdict {
        switch namespace {
        case SVGAllowlist.svgNamespace?:
            // A `requiredExtensions` no browser has: never drawn (Illustrator's editing data).
            // Blink takes the HTML and MathML namespaces as extensions it has.
            if local == "foreignObject", let required = attributes.first(where: { $0.name == "requiredExtensions" })?.value,
               !required.trimmingSpaces.isEmpty,
               !required.contains(SVGAllowlist.xhtmlNamespace), !required.contains("http://www.w3.org/1998/Math/MathML") {
                return .leftOutSilently
            }
            if SVGAllowlist.reportedElements.contains(local) {
                return .removed(local == "foreignObject"
                    ? "`<foreignObject>` is removed with what it holds: the HTML inside a published drawing could run script when the file is opened (a `<switch>` shows its other choice instead); export the drawing with its text as SVG text (draw.io: turn off Formatted Text; Mermaid: htmlLabels: false)"
                    : "`<\(local)>` is removed with what it holds: script in a published SVG would run on the site when the file is opened")
            }
            if local == "animate" || local == "set" {
                // Without `attributeName` it animates nothing.
                guard let target = attributes.first(where: { $0.name == "attributeName" })?.value.trimmingSpaces else {
                    return .leftOutSilently
                }
                let targetName = split(target).local.lowercased()
                if targetName == "href" || targetName.hasPrefix("on") {
                    return .removed("`<\(local)>` that changes `\(target)` is removed: it can turn a link into script")
                }
            }
            return SVGAllowlist.elements.contains(local) ? .kept : .leftOutSilently
        case SVGAllowlist.xhtmlNamespace?:
            return .removed("the HTML element `<\(local)>` is removed with what it holds: HTML inside a published drawing could run script when the file is opened")
        default:
            return .leftOutSilently
        }
    }

    // MARK: Attributes

    private mutating func writeAttributes(_ attributes: [XMLReader.Attribute], of element: String, into tag: inout [UInt8]) {
        var written = Set<String>()
        for attribute in attributes {
            guard let name = keptName(attribute, of: element), written.insert(name).inserted else { continue }
            tag += Array(" \(name)=\"".utf8)
            tag += SVGEscaping.attribute(attribute.value)
            tag.append(UInt8(ascii: "\""))
        }
    }

    /// The name the attribute is written with, or nil when it is left out (and reported,
    /// when that changes what the drawing does).
    private mutating func keptName(_ attribute: XMLReader.Attribute, of element: String) -> String? {
        let name = attribute.name
        if name == "xmlns" || name.hasPrefix("xmlns:") { return nil }
        let (prefix, local) = Self.split(name)
        let attributeNamespace: String?
        if prefix.isEmpty {
            attributeNamespace = nil
        } else {
            // An undeclared prefix, or one bound to no namespace: nothing a browser draws.
            guard let resolved = namespace(of: prefix), let uri = resolved else { return nil }
            attributeNamespace = uri
        }
        let written: String
        switch attributeNamespace {
        case nil:
            let lowered = local.lowercased()
            guard SVGAllowlist.keeps(local) else {
                if lowered.hasPrefix("on") {
                    remove(at: attribute.offset, "the event handler `\(name)` of `<\(element)>` is removed: it would run script on the site")
                }
                return nil
            }
            if lowered == "href" { return hrefKept(attribute, of: element) ? name : nil }
            written = local
        case SVGAllowlist.xlinkNamespace?:
            guard local == "href" || local == "title" else { return nil }
            if local == "href" { return hrefKept(attribute, of: element) ? "xlink:href" : nil }
            written = "xlink:title"
        case SVGAllowlist.xmlNamespace?:
            guard local == "space" || local == "lang" else { return nil }
            written = "xml:" + local
        default:
            return nil
        }
        if local.lowercased() == "style" || attribute.value.lowercased().contains("url(") {
            if let problem = SVGAllowlist.cssProblem(attribute.value) {
                remove(at: attribute.offset, "`\(name)` of `<\(element)>` is removed: \(problem)")
                return nil
            }
        }
        return written
    }

    private mutating func hrefKept(_ attribute: XMLReader.Attribute, of element: String) -> Bool {
        switch SVGAllowlist.hrefVerdict(attribute.value, on: element) {
        case .kept: return true
        case .removed(let why):
            remove(at: attribute.offset, "`\(attribute.name)` of `<\(element)>` is removed: \(why)")
            return false
        }
    }

    // MARK: Names

    private func namespace(of prefix: String) -> String?? {
        if prefix == "xml" { return .some(SVGAllowlist.xmlNamespace) }
        if let uri = bindings[prefix]?.last {
            return .some(uri.isEmpty ? nil : uri)
        }
        return prefix.isEmpty ? .some(nil) : nil
    }

    private mutating func undeclare(_ prefixes: [String]) {
        for prefix in prefixes {
            bindings[prefix]?.removeLast()
            if bindings[prefix]?.isEmpty == true { bindings[prefix] = nil }
        }
    }

    private static func split(_ name: String) -> (prefix: String, local: String) {
        guard let colon = name.firstIndex(of: ":") else { return ("", name) }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
    }

    private mutating func remove(at offset: Int, _ message: String) {
        if removals.count < SVGSanitizer.reportedRemovals {
            removals.append(SVGSanitizer.Removal(offset: offset, message: message))
        } else {
            removedMore += 1
        }
    }
}

/// XML escaping for the copy: text and attribute values as a browser's XML parser will
/// read them back (in a value, quotes and the whitespace that XML would normalize too).
enum SVGEscaping {
    static func text(_ text: String) -> [UInt8] { escaped(text, inAttribute: false) }

    static func attribute(_ value: String) -> [UInt8] { escaped(value, inAttribute: true) }

    private static func escaped(_ text: String, inAttribute: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output += Array("&amp;".utf8)
            case UInt8(ascii: "<"): output += Array("&lt;".utf8)
            case UInt8(ascii: ">"): output += Array("&gt;".utf8)
            case 0x0D: output += Array("&#13;".utf8)
            case UInt8(ascii: "\"") where inAttribute: output += Array("&quot;".utf8)
            case 0x09 where inAttribute, 0x0A where inAttribute: output += Array("&#\(byte);".utf8)
            default: output.append(byte)
            }
        }
        return output
    }
}
