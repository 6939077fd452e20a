import Foundation

/// A heading's own id, written after its text as Hugo, Zola, mdBook, Pandoc and kramdown
/// read it: `## Setting up {#setup}` is the heading "Setting up" with the id `setup`, so
/// that a link to `#setup` (or `page.md#setup`) keeps landing when the heading's text
/// changes. Of a list with more (`{#setup .wide}`, `{.wide}`) only the id is kept: the
/// rest is cut from the text too, as goldmark (Hugo) cuts it, and reported as left out
/// (`foreign-syntax`: a class would change the page's style).
///
/// The attribute is the end of the heading's last run of text (its trailing text nodes,
/// which cmark splits at `_`, `\` and entities), glued to the text or not: the converter
/// (`MarkdownParser`) cuts it from the heading, the scanner (`MarkdownScanner`) reports
/// the heading's id from it, and `ForeignSyntax` reports what it leaves out, each from the
/// same run.
struct HeadingAttribute: Equatable {
    /// The id, as written after `#` (the last one, when the list gives several); nil when
    /// the list gives none (`{.wide}`): the heading then has its text's.
    var id: String?
    /// What else the list gives, as written (`.wide`, `data-level=2`): not kept, since the
    /// site's stylesheet styles every page (`ForeignSyntax` reports them).
    var others: [String] = []
    /// Where its `{` is in the run.
    var opening: Int
    /// How many bytes at the end of the run it takes, with the spaces before it.
    var length: Int

    /// The attribute list that ends `run`, the text a heading ends with, if it is one, as
    /// Hugo's goldmark reads it: `{`, then `#id`, `.class` and `name=value` (quoted or not)
    /// separated by spaces, `}`, then only spaces; glued to the text or not (`TLS{#tls}`);
    /// the white space and an ATX heading's closing `#`s before it are the list's too.
    static func ending(_ run: UnsafeBufferPointer<UInt8>) -> HeadingAttribute? {
        var end = run.count
        while end > 0, run[end - 1] == 0x20 || run[end - 1] == 0x09 { end -= 1 }
        guard end >= 3, run[end - 1] == UInt8(ascii: "}"),
              let open = run[..<(end - 1)].lastIndex(of: UInt8(ascii: "{")),
              let tokens = attributes(UnsafeBufferPointer(rebasing: run[(open + 1)..<(end - 1)])) else { return nil }
        var attribute = HeadingAttribute(id: nil, opening: open, length: run.count - start(before: open, in: run))
        for token in tokens {
            if token.first == "#" { attribute.id = String(token.dropFirst()) } else { attribute.others.append(token) }
        }
        return attribute
    }

    /// javascript.info's own anchor that ends a heading (`## DocumentFragment
    /// [#document-fragment]`), which `ForeignSyntax` reports: its id.
    static func anchor(_ run: UnsafeBufferPointer<UInt8>) -> (id: String, opening: Int)? {
        var end = run.count
        while end > 0, run[end - 1] == 0x20 || run[end - 1] == 0x09 { end -= 1 }
        guard end >= 4, run[end - 1] == UInt8(ascii: "]") else { return nil }
        var hash = end - 2
        while hash >= 0, isIDByte(run[hash]) { hash -= 1 }
        guard hash >= 1, hash < end - 2, run[hash] == UInt8(ascii: "#"), run[hash - 1] == UInt8(ascii: "[") else { return nil }
        return (String(decoding: UnsafeBufferPointer(rebasing: run[(hash + 1)..<(end - 1)]), as: UTF8.self), hash - 1)
    }

    /// Where what the list takes starts: its `{`, less the white space before it, and an ATX
    /// heading's closing `#`s (`## Setup ## {#setup}`), after a space, as they close a
    /// heading without one.
    private static func start(before open: Int, in run: UnsafeBufferPointer<UInt8>) -> Int {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var start = open
        while start > 0, isSpace(run[start - 1]) { start -= 1 }
        var hashes = start
        while hashes > 0, run[hashes - 1] == UInt8(ascii: "#") { hashes -= 1 }
        if hashes < start, hashes > 0, isSpace(run[hashes - 1]) {
            start = hashes
            while start > 0, isSpace(run[start - 1]) { start -= 1 }
        }
        return start
    }

    /// The attributes between the braces, each as written, or nil when they are not a list:
    /// `#id` (`isIDByte`), `.class` (letters, digits, `-`, `_`), `name=value` with the value
    /// quoted (`"…"`, `'…'`) or one word, separated by white space; at least one.
    static func attributes(_ list: UnsafeBufferPointer<UInt8>) -> [String]? {
        var tokens: [String] = [], index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func isName(_ byte: UInt8) -> Bool { byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") }
        while true {
            while index < list.count, isSpace(list[index]) { index += 1 }
            guard index < list.count else { break }
            let first = index
            switch list[index] {
            case UInt8(ascii: "#"):
                index += 1
                while index < list.count, isIDByte(list[index]) { index += 1 }
            case UInt8(ascii: "."):
                index += 1
                while index < list.count, isName(list[index]) { index += 1 }
            case let byte where byte.isASCIILetter:
                while index < list.count, isName(list[index]) || list[index] == UInt8(ascii: ":") || list[index] == UInt8(ascii: ".") { index += 1 }
                guard index < list.count, list[index] == UInt8(ascii: "=") else { return nil }
                index += 1
                // No `<` in a value: the list is then text nodes alone, never raw HTML, whose
                // bytes the heading's plain text does not hold (`MarkdownScanner` cuts it by length).
                if index < list.count, list[index] == UInt8(ascii: "\"") || list[index] == UInt8(ascii: "'") {
                    let quote = list[index]
                    guard let close = list[(index + 1)...].firstIndex(of: quote),
                          !list[(index + 1)..<close].contains(UInt8(ascii: "<")) else { return nil }
                    index = close + 1
                } else {
                    let value = index
                    while index < list.count, !isSpace(list[index]), list[index] != UInt8(ascii: "\""), list[index] != UInt8(ascii: "'") {
                        guard list[index] != UInt8(ascii: "<") else { return nil }
                        index += 1
                    }
                    guard index > value else { return nil }
                }
            default:
                return nil
            }
            // A token is more than its mark, and white space or the end follows it.
            guard index > first + 1, index == list.count || isSpace(list[index]) else { return nil }
            tokens.append(String(decoding: UnsafeBufferPointer(rebasing: list[first..<index]), as: UTF8.self))
        }
        return tokens.isEmpty ? nil : tokens
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

    /// Whether `text` may hold a list with an id (`{` then `#` on its line): only then are a
    /// body's headings looked at for what the id asks (`heading-id-unusable`).
    static func mayHold(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            bytes.containsByte(UInt8(ascii: "{")) { open in
                // react.dev's id in a comment (`{/*setup*/}`, `MarkdownParser.commentedIDCut`).
                if open + 2 < bytes.count, bytes[open + 1] == UInt8(ascii: "/"), bytes[open + 2] == UInt8(ascii: "*") { return true }
                // A `#` before the list's `}` on its line (`{#setup}`, `{.wide #setup}`).
                var index = open + 1
                while index < bytes.count, index < open + 256 {
                    switch bytes[index] {
                    case UInt8(ascii: "#"): return true
                    // A `{` further on is looked at from there: each byte once.
                    case UInt8(ascii: "}"), UInt8(ascii: "{"), 0x0A, 0x0D: return false
                    default: index += 1
                    }
                }
                return false
            }
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
