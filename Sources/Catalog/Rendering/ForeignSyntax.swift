import Foundation

/// Markup of other site engines that Markdown reads as text (`foreign-syntax`): content
/// moved here from Hugo, Jekyll, GitBook, mdBook, MkDocs, Docusaurus or the Carpentries
/// Workbench keeps its shortcodes, Liquid tags, fenced divs and attribute lists, and the
/// page shows them as written (`{{< note >}}`, `{% include links.md %}`, `::: challenge`).
///
/// Only text the page shows is looked at, never code spans, code blocks or HTML: the
/// scanner (`MarkdownScanner`) hands over each run of a block's adjacent text nodes, joined
/// (cmark splits text at `:`, `<` and `!`), with where the run stands. Every body is first
/// looked at for a byte pattern that could start one (`mayHold`); nearly none has one, and
/// only those are walked.
enum ForeignSyntax {
    enum Kind: Equatable, Sendable {
        /// `{{< name >}}`, `{{% name %}}`
        case shortcode
        /// `{% tag %}`
        case liquidTag
        /// `{{#include file}}`
        case bookDirective
        /// `{{ page.root }}`, MDN's `{{Glossary("HTML")}}`
        case templateExpression
        /// `::: challenge` (a line of three or more colons)
        case fencedDiv
        /// `!!! note`, `??? tip`
        case admonition
        /// `{: .language-python}` on a line of its own
        case attributeList
        /// `{alt='…'}` right after an image (`image: true`) or a link
        case elementAttributes(image: Bool)
        /// `## Setup {#setup .wide}`: read for its id, the rest left out (`read`); or a list
        /// it cannot read (`{: .wide}`, kramdown's), shown as written
        case headingAttributes(read: Bool)
        /// `## DocumentFragment [#document-fragment]`, javascript.info's heading anchor
        case headingAnchor
        /// `[absolute path]{#absolute-path}`, Pandoc's bracketed span
        case bracketedSpan
        /// `r[items.fn.intro]` on a line of its own: a rule of mdbook-spec (the Rust Reference)
        case specRule
        /// `import { Tabs } from '@theme/Tabs'` or `export const x = 1` on a line of its own:
        /// an MDX module statement (Docusaurus, Nextra, Astro)
        case moduleStatement
    }

    /// One construct: its kind, where it starts in the run of text (a byte offset), and its
    /// text (at most `excerptLimit` bytes).
    struct Match: Equatable, Sendable {
        var kind: Kind
        var offset: Int
        var excerpt: String
        /// Its opening and the name after it (`{{< /code`, `{alt`, `{: .language`), as the run
        /// holds them: what to find it by in the source, where an escape may be written
        /// further on (`{alt='weight\_kg'}`).
        var anchor: [UInt8]
        /// On a body's last reported construct: how many more it holds, not listed.
        var following = 0
    }

    /// A body's constructs are reported this many times at most: a real page has up to
    /// about a hundred (a lesson's fenced divs), and each report looks through its line.
    static let reportedPerBody = 200

    /// Where a run of text stands in its block.
    struct Place: Equatable {
        /// First in its block, or right after a line break.
        var startsLine = false
        /// Right after an image (true) or a link (false).
        var followsImage: Bool?
        /// Last in a heading.
        var endsHeading = false
    }

    static let excerptLimit = 60

    // MARK: - Which bodies to look at

    /// Whether `text` holds a byte pattern that one of the constructs starts with. Every
    /// body comes here: `{`, `[`, `:`, `!` and `?` are looked for with `memchr`, and each hit
    /// at its neighbours only.
    static func mayHold(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            bytes.containsByte(UInt8(ascii: "{")) { opensConstruct(bytes, at: $0) }
                || bytes.containsByte(UInt8(ascii: "[")) { endsLineAsAnchor(bytes, at: $0) || startsLineAsRule(bytes, at: $0) }
                || [UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?")].contains { holdsThree($0, in: bytes) }
                || startsLineAsModuleStatement(bytes)
        }
    }

    /// Whether a line of `bytes` starts as a module statement does (`opensModuleStatement`).
    private static func startsLineAsModuleStatement(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        opensModuleStatement(bytes, at: 0) || bytes.containsByte(0x0A) { opensModuleStatement(bytes, at: $0 + 1) }
    }

    /// Whether `import` or `export` and a space, `{` or `*` start at `start`.
    private static func opensModuleStatement(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start + 7 <= bytes.count else { return false }
        let word = UnsafeBufferPointer(rebasing: bytes[start..<(start + 6)])
        guard word.elementsEqual("import".utf8) || word.elementsEqual("export".utf8) else { return false }
        let next = bytes[start + 6]
        return next == UInt8(ascii: " ") || next == UInt8(ascii: "{") || next == UInt8(ascii: "*")
    }

    /// Whether the `[` at `at` opens `[#name]` at the end of its line (`headingAnchor`).
    private static func endsLineAsAnchor(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> Bool {
        guard at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "#") else { return false }
        var end = at + 2
        while end < bytes.count, HeadingAttribute.isIDByte(bytes[end]) { end += 1 }
        guard end > at + 2, end < bytes.count, bytes[end] == UInt8(ascii: "]") else { return false }
        end += 1
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return end == bytes.count || bytes[end] == 0x0A || bytes[end] == 0x0D
    }

    /// Whether the `[` at `at` follows an `r` that starts its line (`r[items.fn.intro]`).
    private static func startsLineAsRule(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> Bool {
        guard at >= 1, bytes[at - 1] == UInt8(ascii: "r") else { return false }
        var before = at - 2
        while before >= 0, bytes[before] == 0x20 { before -= 1 }
        return before < 0 || bytes[before] == 0x0A || bytes[before] == 0x0D
    }

    /// Whether `bytes` holds `byte` three times in a row (`:::`, `!!!`, `???`).
    private static func holdsThree(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.containsByte(byte) { at in at + 2 < bytes.count && bytes[at + 1] == byte && bytes[at + 2] == byte }
    }

    /// Whether the `{` at `at` may open a construct: `{{`, `{%`, `{:`, `{#x`, `{.x`, or
    /// `){` or `]{` followed by an attribute.
    private static func opensConstruct(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> Bool {
        guard at + 1 < bytes.count else { return false }
        switch bytes[at + 1] {
        case UInt8(ascii: "{"), UInt8(ascii: "%"), UInt8(ascii: ":"): return true
        case UInt8(ascii: "#"), UInt8(ascii: "."):
            return at + 2 < bytes.count && isNameByte(bytes[at + 2])
        default:
            return at > 0 && (bytes[at - 1] == UInt8(ascii: ")") || bytes[at - 1] == UInt8(ascii: "]"))
                && isAttributes(bytes[(at + 1)...])
        }
    }

    // MARK: - What a run of text holds

    /// The constructs of a run of shown text (the joined bytes of adjacent text nodes), in
    /// order.
    static func matches(in run: [UInt8], at place: Place) -> [Match] {
        run.withUnsafeBufferPointer { bytes in
            var found: [Match] = [], resume = 0
            if place.startsLine, let kind = lineKind(bytes) {
                // The line is the construct (`::: challenge`, `{: .output}`); an admonition's
                // title may hold more.
                found.append(match(kind, bytes, 0..<trimmedEnd(bytes)))
                guard kind == .admonition else { return found }
            } else if let image = place.followsImage, bytes.first == UInt8(ascii: "{"),
                      let close = bytes.firstIndex(of: UInt8(ascii: "}")), isAttributes(bytes[1..<close]) {
                found.append(match(.elementAttributes(image: image), bytes, 0..<close + 1))
                resume = close + 1
            }
            found += templates(in: bytes, from: resume)
            found += bracketedSpans(in: bytes, from: resume)
            // A heading's own id (`{#setup}`) is read (`HeadingAttribute`); other attributes are not.
            // A heading's attribute list is read (`HeadingAttribute`), its id kept and the rest
            // reported as left out; one it cannot read is text the heading shows.
            if place.endsHeading, let list = HeadingAttribute.ending(bytes) {
                if !list.others.isEmpty { found.append(match(.headingAttributes(read: true), bytes, list.opening..<trimmedEnd(bytes))) }
            } else if place.endsHeading, let trailing = headingAttributes(bytes), !found.contains(where: { $0.offset == trailing }) {
                found.append(match(.headingAttributes(read: false), bytes, trailing..<trimmedEnd(bytes)))
            } else if place.endsHeading, let anchor = HeadingAttribute.anchor(bytes) {
                found.append(match(.headingAnchor, bytes, anchor.opening..<trimmedEnd(bytes)))
            }
            // Each kind is looked for on its own: the node each starts in is found in order.
            found.sort { $0.offset < $1.offset }
            return found
        }
    }

    /// Pandoc's bracketed spans, `[absolute path]{#absolute-path}`: an attribute list right
    /// after a `]` that is no link's (a link's is `elementAttributes`), from its `[`. One pass:
    /// the last `[` and the next `}` are remembered, not looked for again at each `]{` (a
    /// line of 100,000 `]{#a` took 17 s).
    private static func bracketedSpans(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [Match] {
        var found: [Match] = [], index = start, lastOpen: Int?, nextClose = -1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "["):
                lastOpen = index
            case UInt8(ascii: "{") where index > start && bytes[index - 1] == UInt8(ascii: "]"):
                if nextClose < index { nextClose = bytes[index...].firstIndex(of: UInt8(ascii: "}")) ?? bytes.count }
                // No `}` after it: no span after it either.
                guard nextClose < bytes.count else { return found }
                if isAttributes(bytes[(index + 1)..<nextClose]) {
                    found.append(match(.bracketedSpan, bytes, (lastOpen ?? index - 1)..<nextClose + 1))
                    index = nextClose + 1
                    lastOpen = nil
                    continue
                }
            default:
                break
            }
            index += 1
        }
        return found
    }

    /// A construct that is a line of its own: a fenced div, an admonition or a kramdown
    /// attribute list.
    private static func lineKind(_ bytes: UnsafeBufferPointer<UInt8>) -> Kind? {
        if bytes.starts(with: ":::".utf8) { return .fencedDiv }
        for marker in ["!!!", "???+", "???"] where bytes.starts(with: marker.utf8) {
            let rest = bytes.dropFirst(marker.utf8.count)
            let name = rest.drop { $0 == UInt8(ascii: " ") }
            guard name.count < rest.count, let first = name.first, isNameByte(first) else { return nil }
            return .admonition
        }
        if bytes.starts(with: "{:".utf8), bytes[trimmedEnd(bytes) - 1] == UInt8(ascii: "}") { return .attributeList }
        if isModuleStatement(bytes) { return .moduleStatement }
        if bytes.starts(with: "r[".utf8), case let end = trimmedEnd(bytes), end > 3, bytes[end - 1] == UInt8(ascii: "]"),
           bytes[2].isASCIILetter,
           bytes[2..<(end - 1)].allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) {
            return .specRule
        }
        return nil
    }

    /// An MDX import (`import X from 'y'`, `import { a, b } from "y";`, `import 'y'`) or export
    /// (`export const`, `let`, `var`, `function`, `async function`, `class`, `default`, `{`):
    /// what no sentence of prose is, a lower-case keyword and, for an import, the module's
    /// name in quotes ending the line.
    private static func isModuleStatement(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most lines start otherwise: no text is made of them.
        guard opensModuleStatement(bytes, at: 0) else { return false }
        var end = trimmedEnd(bytes)
        if end > 0, bytes[end - 1] == UInt8(ascii: ";") { end -= 1 }
        let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        if line.hasPrefix("export ") || line.hasPrefix("export{") {
            let rest = line.dropFirst(6).drop { $0 == " " }
            return ["const ", "let ", "var ", "function ", "function*", "async function", "class ", "default ", "{", "*"]
                .contains { rest.hasPrefix($0) }
        }
        guard line.hasPrefix("import"), let quote = line.last, quote == "'" || quote == "\"" else { return false }
        let body = line.dropFirst(6).dropLast()
        guard let open = body.lastIndex(of: quote) else { return false }
        let before = body[..<open].trimmingCharacters(in: .whitespaces)
        // `import 'y'`, or `… from 'y'` after a name, `{ … }` or `* as name`.
        guard !before.isEmpty else { return line.dropFirst(6).first == " " }
        guard before.hasSuffix("from") else { return false }
        return isImportClause(before.dropLast(4).trimmingCharacters(in: .whitespaces))
    }

    /// `X`, `{ a, b as c }`, `* as X`, `X, { a }` or `X, * as Y`, each after an optional
    /// `type ` (TypeScript): not prose (`import the data from 'x.csv'`).
    private static func isImportClause(_ clause: String) -> Bool {
        var clause = Substring(clause)
        if clause.hasPrefix("type ") { clause = clause.dropFirst(5).drop { $0 == " " } }
        func isName(_ text: Substring) -> Bool {
            !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        }
        func isNamespace(_ text: Substring) -> Bool {
            let afterStar = text.dropFirst().drop { $0 == " " }
            return text.hasPrefix("*") && afterStar.hasPrefix("as ") && isName(afterStar.dropFirst(3).drop { $0 == " " })
        }
        func isNamed(_ text: Substring) -> Bool { text.hasPrefix("{") && text.hasSuffix("}") }
        if isName(clause) || isNamed(clause) || isNamespace(clause) { return true }
        guard let comma = clause.firstIndex(of: ",") else { return false }
        let rest = clause[clause.index(after: comma)...].drop { $0 == " " }
        return isName(clause[..<comma]) && (isNamed(rest) || isNamespace(rest))
    }

    /// Shortcodes, Liquid tags, mdBook directives and template expressions from `start`.
    private static func templates(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [Match] {
        var found: [Match] = [], index = start, closers = Closers(bytes)
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), let (kind, end) = template(in: bytes, at: index, &closers) else {
                index += 1
                continue
            }
            found.append(match(kind, bytes, index..<end))
            index = end
        }
        return found
    }

    /// The template construct opening at the `{` at `open`, and the offset after it.
    private static func template(in bytes: UnsafeBufferPointer<UInt8>, at open: Int, _ closers: inout Closers) -> (Kind, Int)? {
        func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        switch byte(open + 1) {
        case UInt8(ascii: "%"):
            // `{% tag … %}`, `{%- tag -%}`: a name after the opening.
            let name = bytes[(open + 2)...].drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: " ") }
            guard let first = name.first, first.isASCIILetter, let end = closers.find("%}", from: name.startIndex) else { return nil }
            return (.liquidTag, end)
        case UInt8(ascii: "{"):
            switch byte(open + 2) {
            case UInt8(ascii: "<"):
                return closers.find(">}}", from: open + 3).map { (.shortcode, $0) }
            case UInt8(ascii: "%"):
                return closers.find("%}}", from: open + 3).map { (.shortcode, $0) }
            case UInt8(ascii: "#"):
                guard let first = byte(open + 3), first.isASCIILetter else { return nil }
                return closers.find("}}", from: open + 3).map { (.bookDirective, $0) }
            default:
                // Not after what makes `{{` something else: TeX's `^{{2}}` and
                // `\frac{n}{{\phi(n)}}`, JSX's `={{`.
                if open > 0, "\\^_${}=".utf8.contains(bytes[open - 1]) { return nil }
                let inner = bytes[(open + 2)...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-") }
                guard let first = inner.first, first != UInt8(ascii: "}"), first != UInt8(ascii: "{"),
                      first != UInt8(ascii: "\\"), let end = closers.find("}}", from: inner.startIndex) else { return nil }
                // A template's expression holds no braces; TeX's `{{10}^{18}}` does.
                guard !bytes[inner.startIndex..<end - 2].contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") })
                else { return nil }
                return (.templateExpression, end)
            }
        default:
            return nil
        }
    }

    /// The offset of a heading's trailing `{#id}`, `{.class}` or `{: …}`.
    private static func headingAttributes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let end = trimmedEnd(bytes)
        guard end > 1, bytes[end - 1] == UInt8(ascii: "}"),
              let open = bytes[..<end].lastIndex(of: UInt8(ascii: "{")), open + 2 < end else { return nil }
        switch bytes[open + 1] {
        case UInt8(ascii: "#"), UInt8(ascii: "."): return isNameByte(bytes[open + 2]) ? open : nil
        case UInt8(ascii: ":"): return open
        default: return nil
        }
    }

    /// Whether what follows a `{` reads as an attribute list: `.class`, `#id`, `: …`, or
    /// `name=`.
    private static func isAttributes(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        guard let first = bytes.first else { return false }
        switch first {
        case UInt8(ascii: ":"): return true
        case UInt8(ascii: "."), UInt8(ascii: "#"):
            return bytes.count > 1 && isNameByte(bytes[bytes.startIndex + 1])
        default:
            let name = bytes.prefix { isNameByte($0) || $0 == UInt8(ascii: "-") }
            return !name.isEmpty && first.isASCIILetter && name.endIndex < bytes.endIndex && bytes[name.endIndex] == UInt8(ascii: "=")
        }
    }

    // MARK: - Bytes

    /// Finds the closers of a run's constructs (`}}`, `%}`, `>}}`, `%}}`), remembering where
    /// each was looked for in vain: none lies after that, and looks start further on each
    /// time, so a line of 100,000 `{{` without a `}}` is read once, not once per `{{`.
    private struct Closers {
        let bytes: UnsafeBufferPointer<UInt8>
        private var missingFrom: [String: Int] = [:]

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The offset after the first `pattern` at or after `start`.
        mutating func find(_ pattern: String, from start: Int) -> Int? {
            if let missing = missingFrom[pattern], start >= missing { return nil }
            let needle = Array(pattern.utf8)
            var index = start
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index + needle.count }
                index += 1
            }
            missingFrom[pattern] = start
            return nil
        }
    }

    private static func trimmedEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return end
    }

    private static func match(_ kind: Kind, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Match {
        Match(kind: kind, offset: range.lowerBound, excerpt: excerpt(bytes, range),
              anchor: Array(bytes[anchor(bytes, range)]))
    }

    /// The construct's opening (bytes up to a name's) and the name and spaces after it.
    private static func anchor(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        let limit = min(range.upperBound, range.lowerBound + excerptLimit)
        var end = range.lowerBound
        // Letters and digits only: `_`, like all ASCII punctuation, may be written escaped.
        func isAlphanumeric(_ byte: UInt8) -> Bool { byte.isASCIILetter || byte.isASCIIDigit }
        while end < limit, !isAlphanumeric(bytes[end]) { end += 1 }
        while end < limit, isAlphanumeric(bytes[end]) || bytes[end] == UInt8(ascii: " ") { end += 1 }
        return range.lowerBound..<end
    }

    /// The bytes of `range` as text, cut to `excerptLimit` bytes at a scalar's start.
    private static func excerpt(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var end = range.upperBound
        if range.count > excerptLimit {
            end = range.lowerBound + excerptLimit
            while end > range.lowerBound, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        }
        let text = String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
        return end < range.upperBound ? text + "…" : text
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "_")
    }
}
