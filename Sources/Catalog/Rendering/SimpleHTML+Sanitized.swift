/// What `HTMLSanitizer` writes of a body's whole fragment, without gumbo when the fragment
/// is simple (`SimpleHTMLStack`) and already written as the sanitizer writes (`canonical`):
/// the fragment as it is, less its comments and the newline the parser drops after
/// `<pre>`, with each writer's start tag whose attributes the sanitizer changes written
/// again as it writes them (attributes the allowlist does not keep left out, a link's or
/// an image's URL resolved and escaped as Markdown's, an image that cannot be shown as its
/// alt text), a link closed where another starts inside it, as the parser closes it, and
/// an empty iframe as a link to its page.
/// A writer's `id` is kept as the sanitizer keeps it, claimed in the page's `HeadingIDs` in
/// the same order (the tags' order). A writer's element that the sanitizer removes or
/// renames (a heading, which also takes an id from its text) leaves the fragment to gumbo.
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

    /// A kept attribute's value: as written (canonical, so already escaped), or a resolved
    /// URL or a decoded id, escaped when written.
    private enum Value {
        case written(Range<Int>)
        case resolved(String)
    }

    /// True with the fragment written; false, with nothing written and no URL resolved, when
    /// the fragment needs gumbo.
    static func writeSanitized(_ fragment: UnsafeBufferPointer<UInt8>, writerRanges: [Range<Int>],
                               resolve: HTMLRenderer.Resolver, headingIDs: HeadingIDs, into out: HTMLBuilder) -> Bool {
        // Every token is read before the first URL is resolved: resolving records the link.
        guard let edits = edits(of: fragment, writerRanges: writerRanges) else { return false }
        var written = 0
        for edit in edits {
            out.append(UnsafeBufferPointer(rebasing: fragment[written..<edit.range.lowerBound]))
            switch edit.change {
            case .remove: break
            case .escape: writeEscaped(UnsafeBufferPointer(rebasing: fragment[edit.range]), into: out)
            case .tag(let tag): writeTag(tag, of: fragment, resolve: resolve, headingIDs: headingIDs, into: out)
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
            while true {
                // Only a writer's tag is written again: the renderer's tags are checked, their
                // attributes not gathered.
                while let first = writers.first, first.upperBound <= scanner.index { writers.removeFirst() }
                // Where the next token starts: a writer's tag there is read as its own.
                let isWriters = writers.first?.contains(scanner.index) == true
                scanner.gathersAttributes = isWriters
                guard let token = try scanner.next() else { break }
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
                    guard !token.hasRepeatedAttribute else { throw Unsupported() }
                    // The renderer writes canonical tags only.
                    guard isWriters || token.isCanonical else { throw Unsupported() }
                    if token.name == "iframe" {
                        guard isWriters, stack.takesRawElement() else { throw Unsupported() }
                        frame = token
                        continue
                    }
                    if token.id == SimpleHTML.a, stack.closeLinkBeforeLink() {
                        edits.append(Edit(range: token.range.lowerBound..<token.range.lowerBound, change: .closeLink))
                    }
                    if isWriters, try isRewritten(token) { edits.append(Edit(range: token.range, change: .tag(token))) }
                    _ = try stack.start(token.id)
                case .end where token.id == SimpleHTML.a && stack.ignoresLinkEnd():
                    edits.append(Edit(range: token.range, change: .remove))
                case .end: _ = try stack.end(token.id)
                }
            }
            guard frame == nil else { throw Unsupported() }
            _ = try stack.finish()
        } catch {
            return nil
        }
        return edits
    }

    /// Whether the sanitizer writes a writer's start tag otherwise than as written; throws
    /// for an element it removes, unwraps or renames.
    private static func isRewritten(_ token: SimpleHTMLScanner.Token) throws(Unsupported) -> Bool {
        let element = flags[Int(token.id)]
        guard token.id != 0, element.contains(.kept), !element.contains(.heading) else { throw .init() }
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

    /// A writer's start tag as `HTMLSanitizer.writeWriters` writes it, resolving its URLs in
    /// order and claiming its id, first, when the page can keep it.
    private static func writeTag(_ tag: SimpleHTMLScanner.Token, of fragment: UnsafeBufferPointer<UInt8>,
                                 resolve: HTMLRenderer.Resolver, headingIDs: HeadingIDs, into out: HTMLBuilder) {
        let anchor = tag.attributes.firstIndex(where: HTMLAllowlist.isAnchor)
            .map { decoded(UnsafeBufferPointer(rebasing: fragment[tag.values[$0]])) }
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
        if let anchor, headingIDs.claimWritersID(anchor) {
            kept.insert(("id", .resolved(anchor)), at: 0)
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
}
