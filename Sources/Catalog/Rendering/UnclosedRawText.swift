/// Elements whose content a browser reads as text up to their end tag: `<script>`,
/// `<style>`, `<textarea>`, `<title>`, `<xmp>`, `<iframe>`, `<noembed>`, `<noframes>`, and
/// `<plaintext>`, which nothing ends. One opened in a body's raw HTML and never closed
/// takes the rest of the page into it: the tag written as text in an HTML block
/// (react.dev's note that mentions `` `<script>` `` on the line after `<Note>`, where
/// Markdown's backticks are not read) hid thirty lines of the page after it, reported
/// only as a script removed. Such a start tag, with no end tag of its name after it in the
/// body's raw HTML, is written as text instead (`&lt;script>`), as the writer meant it,
/// and reported (`raw-html-unclosed`).
enum UnclosedRawText {
    /// A start tag of such an element with no end tag after it.
    struct Start: Equatable, Sendable {
        /// The byte offset of its `<` in its raw node's literal.
        var offset: Int
        /// Its name, lower case.
        var name: String
        /// On a body's last reported one: how many more the body holds, not reported.
        var following = 0
        /// False past the body's first `reportedPerBody`: shown as text, not reported.
        var reported = true
    }

    /// A body's unclosed tags are reported this many times at most (`ForeignSyntax`'s bound).
    static let reportedPerBody = ForeignSyntax.reportedPerBody

    static let names: Set<String> = ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"]

    /// For each of `literals` (the raw HTML nodes of one body, in the order the page holds
    /// them), its unclosed start tags; nil when there are none at all (most bodies).
    static func find(in literals: [String]) -> [[Start]]? {
        var tags: [(piece: Int, offset: Int, name: String, isEnd: Bool)] = []
        for (piece, literal) in literals.enumerated() where mayHold(literal) {
            var literal = literal
            literal.withUTF8 { bytes in
                for tag in Self.tags(in: bytes) { tags.append((piece, tag.offset, tag.name, tag.isEnd)) }
            }
        }
        var closedLater = Set<String>(), found: [[Start]] = Array(repeating: [], count: literals.count), any = false
        // From the end: a start tag is closed when an end tag of its name comes after it.
        for tag in tags.reversed() {
            if tag.isEnd {
                closedLater.insert(tag.name)
            } else if tag.name == "plaintext" || !closedLater.contains(tag.name) {
                found[tag.piece].append(Start(offset: tag.offset, name: tag.name))
                any = true
            }
        }
        // Found from the end: each piece's in the page's order.
        return any ? found.map { $0.reversed() } : nil
    }

    /// `literal` with the `<` of each of `starts` made a space: its length, and so every
    /// other offset in it, unchanged (what the checks parse, `RawHTMLChecker`).
    static func blanked(_ literal: String, _ starts: [Start]) -> String {
        var bytes = Array(literal.utf8)
        for start in starts { bytes[start.offset] = UInt8(ascii: " ") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `literal` with each of `starts` written as text: its `<` as `&lt;`.
    static func escaped(_ literal: String, _ starts: [Start]) -> String {
        var bytes = Array(literal.utf8)
        for start in starts.reversed() { bytes.replaceSubrange(start.offset..<start.offset + 1, with: "&lt;".utf8) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The document with the unclosed start tags of its raw HTML written as text.
    static func escaped(_ document: MarkdownDocument) -> MarkdownDocument {
        let raw = document.nodes.indices.filter { document.nodes[$0].isRawHTML }
        guard !raw.isEmpty, let found = find(in: raw.map { document.nodes[$0].literal }) else { return document }
        var document = document
        for (index, starts) in zip(raw, found) where !starts.isEmpty {
            document.setLiteral(escaped(document.nodes[index].literal, starts), at: index)
        }
        return document
    }

    /// The reportable nodes with the unclosed start tags of their raw HTML noted (`RawHTMLChecker` reports them).
    static func noted(_ reportables: [ReportableNode]) -> [ReportableNode] {
        // Each raw node once: not another engine's markup found in one (`foreign`).
        let raw = reportables.indices.filter { reportables[$0].node.isRawHTML && reportables[$0].foreign == nil }
        guard !raw.isEmpty, let found = find(in: raw.map { reportables[$0].node.literal }) else { return reportables }
        var reportables = reportables, left = reportedPerBody
        let total = found.reduce(0) { $0 + $1.count }
        for (index, starts) in zip(raw, found) where !starts.isEmpty {
            var noted = starts
            for at in noted.indices {
                noted[at].reported = left > 0
                if left == 1, total > reportedPerBody { noted[at].following = total - reportedPerBody }
                left -= 1
            }
            reportables[index].unclosedRawText = noted
        }
        return reportables
    }

    /// Whether `literal` may hold a tag of one of `names`: a `<` and one of their first letters after it.
    private static func mayHold(_ literal: String) -> Bool {
        var literal = literal
        return literal.withUTF8 { bytes in
            var index = bytes.startIndex
            while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
                var next = open + 1
                if next < bytes.endIndex, bytes[next] == UInt8(ascii: "/") { next += 1 }
                if next < bytes.endIndex, firstLetters.contains(bytes[next] | 0x20) { return true }
                index = open + 1
            }
            return false
        }
    }

    private static let firstLetters = Set("stxinp".utf8)

    /// The start and end tags of `names` in `bytes`, as an HTML tokenizer finds them: `<`
    /// (or `</`), the name in any case, then white space, `/` or `>`.
    private static func tags(in bytes: UnsafeBufferPointer<UInt8>) -> [(offset: Int, name: String, isEnd: Bool)] {
        var found: [(offset: Int, name: String, isEnd: Bool)] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let isEnd = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
            let start = index + (isEnd ? 2 : 1)
            var close = start
            while close < bytes.count, bytes[close].isASCIILetter, close - start < 10 { close += 1 }
            // Then white space, `/` or `>`, as a tokenizer ends a tag's name.
            if close > start, close < bytes.count,
               bytes[close].isHTMLWhitespace || bytes[close] == UInt8(ascii: "/") || bytes[close] == UInt8(ascii: ">") {
                let name = String(decoding: bytes[start..<close], as: UTF8.self).lowercased()
                if names.contains(name) { found.append((index, name, isEnd)) }
            }
            index = max(close, index + 1)
        }
        return found
    }
}
