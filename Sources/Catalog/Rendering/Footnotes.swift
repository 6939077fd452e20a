/// GFM footnotes (cmark-gfm's `CMARK_OPT_FOOTNOTES`), after parsing and while rendering.
///
/// cmark-gfm numbers footnotes in the order of their first reference, moves the referenced
/// definitions to the end of the document in that order and drops the others; a
/// reference's literal is its footnote's number. The ids it writes are made of the
/// definition's label as written (`fn-LABEL`, `fnref-LABEL`, `fnref-LABEL-2` for the
/// second reference…), which 0.29's API does not expose: `labeled` reads each label from
/// the source before the definition's position.
enum Footnotes {
    /// `document` with each footnote definition's label filled in. A document without
    /// footnotes (whose last child is no definition) is returned as it is.
    static func labeled(_ document: MarkdownDocument, source: String) -> MarkdownDocument {
        let definitions = document.withRoot { root in Self.definitions(in: root).map { $0 - root } }
        guard !definitions.isEmpty else { return document }
        var document = document
        let starts = lineStarts(source)
        for index in definitions {
            let node = document.nodes[index]
            document.setKind(.footnoteDefinition(label: label(in: source, lineStarts: starts, line: node.line, byteColumn: node.byteColumn)),
                             at: index)
        }
        return document
    }

    /// The footnote definitions that end the document (`root` as `MarkdownDocument.withRoot`
    /// gives it): cmark moves there the ones that are referenced. None in most documents,
    /// which then cost no array.
    static func definitions(in root: UnsafePointer<MarkdownNode>) -> [UnsafePointer<MarkdownNode>] {
        var definitions: [UnsafePointer<MarkdownNode>] = []
        MarkdownNode.forEachChild(of: root) { node in
            guard case .footnoteDefinition = node.pointee.kind else { return definitions.removeAll() }
            definitions.append(node)
        }
        return definitions
    }

    /// The label of the `[^label]:` that ends just before a definition's start: cmark
    /// places a definition where its content starts, after `]:` and any spaces and tabs.
    /// A label is the bytes between `[^` and `]` other than `]`, space, tab, CR, LF and NUL;
    /// before `[^` come only the line's start, spaces (indentation, list markers) or
    /// quote markers (`>`), which can touch it.
    private static func label(in source: String, lineStarts: [Int], line: Int, byteColumn: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let bytes = Array(source.utf8[source.utf8.index(source.utf8.startIndex, offsetBy: lineStarts[line - 1])...]
            .prefix(max(0, byteColumn - 1)))
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        guard end >= 2, bytes[end - 1] == UInt8(ascii: ":"), bytes[end - 2] == UInt8(ascii: "]") else { return "" }
        end -= 2
        var start = end
        while start > 0, !isOutsideLabel(bytes[start - 1]) { start -= 1 }
        while start < end, bytes[start] == UInt8(ascii: ">") { start += 1 }
        guard end - start >= 3, bytes[start] == UInt8(ascii: "["), bytes[start + 1] == UInt8(ascii: "^") else { return "" }
        return String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
    }

    private static func isOutsideLabel(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "]") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\n") || byte == 0
    }

    private static func lineStarts(_ source: String) -> [Int] {
        var starts = [0]
        for (offset, byte) in source.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts
    }
}

/// The ids of a document's footnotes, given out by a renderer before it renders the body:
/// headings then take other ids, so every id on the page stays unique (a heading `fn-1`
/// becomes `fn-1-1` and the footnote keeps cmark's `fn-1`). Ids are cmark's: the label
/// escaped as an `href` is (`HrefEscaping`), so they are written as they are.
final class FootnoteIDs {
    /// Per footnote number (from 1), the definition's id and each reference's id in order.
    private(set) var definitions: [String] = []
    private(set) var references: [[String]] = []
    /// Per footnote number, how many of its references have been rendered.
    private var rendered: [Int] = []

    /// Claims in `ids` the ids of `document`'s footnotes (none for most documents).
    func prepare(_ document: UnsafePointer<MarkdownNode>, ids: HeadingIDs) {
        let labels = Footnotes.definitions(in: document).map { node -> String in
            if case .footnoteDefinition(let label) = node.pointee.kind { return HrefEscaping.escape(label) }
            return ""
        }
        guard !labels.isEmpty else { return }
        var counts = [Int](repeating: 0, count: labels.count)
        Self.countReferences(document, into: &counts)
        definitions = labels.map { ids.claim("fn-" + $0) }
        references = labels.indices.map { number in
            (0..<counts[number]).map { ids.claim($0 == 0 ? "fnref-\(labels[number])" : "fnref-\(labels[number])-\($0 + 1)") }
        }
        rendered = [Int](repeating: 0, count: labels.count)
    }

    /// The next reference to footnote `number`: the definition's id and the reference's.
    func nextReference(to number: Int) -> (definition: String, reference: String)? {
        guard number >= 1, number <= definitions.count, rendered[number - 1] < references[number - 1].count else { return nil }
        defer { rendered[number - 1] += 1 }
        return (definitions[number - 1], references[number - 1][rendered[number - 1]])
    }

    /// Footnote `number`'s definition id and its references' ids (none when nothing refers
    /// to it, which cmark does not let happen).
    func ids(of number: Int) -> (definition: String, references: [String]) {
        guard number >= 1, number <= definitions.count else { return ("fn-\(number)", []) }
        return (definitions[number - 1], references[number - 1])
    }

    private static func countReferences(_ node: UnsafePointer<MarkdownNode>, into counts: inout [Int]) {
        if case .footnoteReference(let number) = node.pointee.kind, number >= 1, number <= counts.count {
            counts[number - 1] += 1
        }
        MarkdownNode.forEachChild(of: node) { countReferences($0, into: &counts) }
    }
}
