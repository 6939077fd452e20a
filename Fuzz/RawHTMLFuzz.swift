import Foundation

/// libFuzzer entry point (built by scripts/fuzz together with the library's rendering
/// code): the input as a Markdown body, as one raw HTML block, and as a page's fragment,
/// each read with the raw-HTML fast path (`SimpleHTML`) and without it (gumbo). The fast
/// path is an optimization only, so everything it gives must be what gumbo's path gives:
/// the page's HTML, the URLs resolved in the same order (resolving records a link and
/// publishes an image), the text a search reads, and the body's diagnostics. A fragment
/// it leaves to gumbo must have written and resolved nothing. It stops on any difference.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    // Only valid UTF-8: a body reaches the renderer as a `String` read from a checked file.
    guard size > 0, text.utf8.elementsEqual(bytes) else { return 0 }
    RawHTMLFuzz.checkBody(text)
    RawHTMLFuzz.checkBlockText(text)
    RawHTMLFuzz.checkFragment(text, writerRanges: [0..<size])
    RawHTMLFuzz.checkFragment(text, writerRanges: [0..<size / 2])
    return 0
}

enum RawHTMLFuzz {
    /// Resolves every URL but those starting with `m` (so that some links and images cannot
    /// be shown), and lists the calls.
    final class Resolutions {
        var calls: [String] = []

        func resolve(_ url: String, _ isImage: Bool) -> String? {
            calls.append((isImage ? "img " : "a ") + url)
            return url.hasPrefix("m") ? nil : "R:" + url
        }
    }

    /// No file is read: link checks find nothing there.
    static let root = URL(fileURLWithPath: "/nonexistent-fuzz-content")
    static let file = SourceFile(relativePath: "book/page.md", displayPath: "content/book/page.md")

    /// The page's body, the URLs it resolved and its diagnostics, with and without the fast path.
    static func checkBody(_ text: String) {
        func read(simple: Bool) -> (html: String, calls: [String], diagnostics: [String]) {
            SimpleHTML.$isEnabled.withValue(simple) {
                let resolutions = Resolutions()
                let html = HTMLRenderer(resolve: resolutions.resolve).render(MarkdownParser.parse(text))
                let body = MarkdownBody(text: text, source: file, firstLine: 1)
                let diagnostics = BodyChecker.check(body, contentRoot: root).map {
                    "\($0.location.line):\($0.location.column) \($0.rule.rawValue) \($0.message)"
                }
                return (html, resolutions.calls, diagnostics)
            }
        }
        let (fast, gumbo) = (read(simple: true), read(simple: false))
        guard fast.html == gumbo.html else { fail("page", text, fast.html, gumbo.html) }
        guard fast.calls == gumbo.calls else { fail("resolved URLs", text, fast.calls, gumbo.calls) }
        guard fast.diagnostics == gumbo.diagnostics else { fail("diagnostics", text, fast.diagnostics, gumbo.diagnostics) }
    }

    /// The text a search reads of the input as one HTML block.
    static func checkBlockText(_ text: String) {
        func read(simple: Bool) -> [UInt8] {
            SimpleHTML.$isEnabled.withValue(simple) {
                var out: [UInt8] = []
                RawHTMLText.append(text, to: &out)
                return out
            }
        }
        let (fast, gumbo) = (read(simple: true), read(simple: false))
        guard fast == gumbo else { fail("search text", text, fast, gumbo) }
    }

    /// The input as a page's whole fragment, with `writerRanges` written by writers.
    static func checkFragment(_ text: String, writerRanges: [Range<Int>]) {
        let gumbo = Resolutions(), gumboOut = HTMLBuilder()
        HTMLSanitizer(writerRanges: writerRanges, resolve: gumbo.resolve, headingIDs: HeadingIDs(reserved: HeadingIDs.pageShell))
            .write(HTMLFragmentParser.parse(text), into: gumboOut)
        let fast = Resolutions(), fastOut = HTMLBuilder()
        var text = text
        let taken = text.withUTF8 {
            SimpleHTML.writeSanitized($0, writerRanges: writerRanges, resolve: fast.resolve,
                                      headingIDs: HeadingIDs(reserved: HeadingIDs.pageShell), into: fastOut)
        }
        guard taken else {
            guard fast.calls.isEmpty, fastOut.count == 0 else { fail("a fragment left to gumbo wrote or resolved", text, fast.calls, []) }
            return
        }
        guard fastOut.string == gumboOut.string else { fail("fragment \(writerRanges)", text, fastOut.string, gumboOut.string) }
        guard fast.calls == gumbo.calls else { fail("fragment's resolved URLs \(writerRanges)", text, fast.calls, gumbo.calls) }
    }

    static func fail(_ what: String, _ input: String, _ fast: Any, _ gumbo: Any) -> Never {
        fatalError("the fast path and gumbo differ in the \(what) of \(input.debugDescription):\nfast:  \(fast)\ngumbo: \(gumbo)")
    }
}
