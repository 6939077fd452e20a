import Foundation

/// A heading's own id, written after its text as Hugo, Zola, mdBook, Pandoc and kramdown
/// read it: `## Setting up {#setup}` is the heading "Setting up" with the id `setup`, so
/// that a link to `#setup` (or `page.md#setup`) keeps landing when the heading's text
/// changes. Only an id is read: `{.class}` and `{#id .class}` stay text, reported as
/// `foreign-syntax` (a class would change the page's style).
///
/// The attribute is the end of the heading's last run of text (its trailing text nodes,
/// which cmark splits at `_`, `\` and entities), glued to the text or not: the converter
/// (`MarkdownParser`) cuts it from the heading, the scanner (`MarkdownScanner`) reports
/// the heading's id from it, and `ForeignSyntax` leaves it alone, each from the same run.
struct HeadingAttribute: Equatable {
    /// The id, as written between `{#` and `}`.
    var id: String
    /// How many bytes at the end of the run it takes, with the spaces before it.
    var length: Int

    /// The attribute that ends `run`, the text a heading ends with, if it is one: `{#`, one
    /// or more id characters (`isIDByte`), `}`, then only spaces; the white space and an ATX
    /// heading's closing `#`s before it are the attribute's too.
    /// With `[` and `]`, javascript.info's anchor (`## DocumentFragment [#document-fragment]`),
    /// which `ForeignSyntax` reports.
    static func ending(_ run: UnsafeBufferPointer<UInt8>, opener: UInt8 = UInt8(ascii: "{"),
                       closer: UInt8 = UInt8(ascii: "}")) -> HeadingAttribute? {
        var end = run.count
        while end > 0, run[end - 1] == 0x20 || run[end - 1] == 0x09 { end -= 1 }
        guard end >= 4, run[end - 1] == closer else { return nil }
        var hash = end - 2
        while hash >= 0, isIDByte(run[hash]) { hash -= 1 }
        guard hash >= 1, hash < end - 2, run[hash] == UInt8(ascii: "#"), run[hash - 1] == opener else { return nil }
        // After white space or glued to the text (`TLS{#tls}`), as Hugo's goldmark reads it.
        var start = hash - 1
        while start > 0, run[start - 1] == 0x20 || run[start - 1] == 0x09 { start -= 1 }
        // An ATX heading's closing `#`s before it (`## Setup ## {#setup}`), after a space, as
        // they close a heading without one.
        var hashes = start
        while hashes > 0, run[hashes - 1] == UInt8(ascii: "#") { hashes -= 1 }
        if hashes < start, hashes > 0, run[hashes - 1] == 0x20 || run[hashes - 1] == 0x09 {
            start = hashes
            while start > 0, run[start - 1] == 0x20 || run[start - 1] == 0x09 { start -= 1 }
        }
        let id = String(decoding: UnsafeBufferPointer(rebasing: run[(hash + 1)..<(end - 1)]), as: UTF8.self)
        return HeadingAttribute(id: id, length: run.count - start)
    }

    static func ending(_ run: [UInt8]) -> HeadingAttribute? {
        run.withUnsafeBufferPointer { ending($0) }
    }

    /// What an id may be made of, as Pandoc's identifiers: ASCII letters and digits, `-`,
    /// `_`, `.` and `:`, and characters beyond ASCII (`{#café}`, `{#開始}`), which must be
    /// letters, digits or marks (`problem`).
    static func isIDByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    /// Whether `text` may hold one (`{#`): only then are a body's headings looked at for it.
    static func mayHold(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            bytes.containsByte(UInt8(ascii: "{")) { $0 + 1 < bytes.count && bytes[$0 + 1] == UInt8(ascii: "#") }
        }
    }

    /// Why a heading cannot have the id it asks for; it then gets the id of its text.
    enum Problem: Equatable {
        /// One of the page's own ids (`HeadingIDs.pageShell`).
        case usedByPage
        /// `fn-…` or `fnref-…`, the footnotes' ids.
        case footnotes
        /// A character beyond ASCII that is no letter or digit (a no-break space, a
        /// zero-width space, a direction mark): no one could type the link to it.
        case notAWord
    }

    static func problem(_ id: String) -> Problem? {
        if id.unicodeScalars.contains(where: { !$0.isASCII && !$0.properties.isAlphabetic && $0.properties.numericType == nil
                                                && $0.properties.generalCategory != .nonspacingMark && $0.properties.generalCategory != .spacingMark }) {
            return .notAWord
        }
        if HeadingIDs.pageShell.contains(id) { return .usedByPage }
        if id.hasPrefix("fn-") || id.hasPrefix("fnref-") { return .footnotes }
        return nil
    }
}
