import Foundation
import PropertyBased
import Testing
@testable import Catalog

/// `CSSReferences`: the places a style sheet names a file, found as a browser's tokenizer
/// finds them, and nothing else.
@Suite struct CSSReferencesTests {
    /// Each reference as `value|the bytes it replaces|form|import`.
    static func found(_ css: String) -> [String] {
        let bytes = Array(css.utf8)
        return CSSReferences.scan(bytes).map { reference in
            let written = String(decoding: bytes[reference.range], as: UTF8.self)
            let form = reference.form == .urlToken ? "token" : "string"
            return "\(reference.value)|\(written)|\(form)" + (reference.isImport ? "|import" : "")
        }
    }

    @Test func theFormsOfAURL() {
        #expect(Self.found("a { background: url(a.png) }") == ["a.png|url(a.png)|token"])
        #expect(Self.found("a { background: URL(  a.png\t) }") == ["a.png|URL(  a.png\t)|token"])
        #expect(Self.found("a { background: url( \"b c.png\" ) }") == ["b c.png|\"b c.png\"|string"])
        #expect(Self.found("a { background: url('b.png') }") == ["b.png|'b.png'|string"])
        #expect(Self.found("a { mask: url(#clip) }") == ["#clip|url(#clip)|token"])
        #expect(Self.found("a{b:url()}") == ["|url()|token"])
    }

    @Test func importsInEveryForm() {
        #expect(Self.found("@import \"a.css\";") == ["a.css|\"a.css\"|string|import"])
        #expect(Self.found("@IMPORT url(b.css) screen;") == ["b.css|url(b.css)|token|import"])
        #expect(Self.found("@import url('c.css') layer(x) supports(display: grid);") == ["c.css|'c.css'|string|import"])
        // The at-rule ends at its `;`: the next string is not imported.
        #expect(Self.found("@import 'a.css'; a { content: 'x' }") == ["a.css|'a.css'|string|import"])
        // A url() in a rule after an import is not an import.
        #expect(Self.found("@import 'a.css';\nb { background: url(i.png) }")
                == ["a.css|'a.css'|string|import", "i.png|url(i.png)|token"])
    }

    @Test func imageSetStringsAreURLs() {
        #expect(Self.found("a { background-image: image-set(\"a.png\" 1x, url(b.png) 2x) }")
                == ["a.png|\"a.png\"|string", "b.png|url(b.png)|token"])
        #expect(Self.found("a { background-image: -webkit-image-set('a.png' 1x) }") == ["a.png|'a.png'|string"])
    }

    /// What looks like a URL and is not one to a browser.
    @Test func whatNamesNoFile() {
        #expect(Self.found("/* url(a.png) */ a { content: \"url(b.png)\"; font-family: 'c.png' }") == [])
        #expect(Self.found("a { background: myurl(a.png) }") == [])
        #expect(Self.found("a { background: url-like(a.png) }") == [])
        #expect(Self.found("a { width: 1url(a.png) }") == [])
        #expect(Self.found("#url(a.png) {}") == [])
        #expect(Self.found("@namespace svg url(http://www.w3.org/2000/svg);") == [])
        #expect(Self.found("@font-face { src: local(\"Serif\") }") == [])
        // Bad URLs, which browsers drop: a quote, a parenthesis or a space inside.
        #expect(Self.found("a { b: url(a\"b.png) }") == [])
        #expect(Self.found("a { b: url(javascript:alert(1)) }") == [])
        #expect(Self.found("a { b: url(a b.png) }") == [])
        // A string cut by a line break is a bad string.
        #expect(Self.found("@import \"a.css\nb.css\";") == [])
    }

    @Test func escapesAreDecoded() {
        #expect(Self.found("a { b: url(a\\ b.png) }") == ["a b.png|url(a\\ b.png)|token"])
        #expect(Self.found("a { b: url(\\61 .png) }") == ["a.png|url(\\61 .png)|token"])
        #expect(Self.found("a { b: \\75 rl(c.png) }") == ["c.png|\\75 rl(c.png)|token"])
        #expect(Self.found("a { b: url(\"a\\\"b\\\n.png\") }") == ["a\"b.png|\"a\\\"b\\\n.png\"|string"])
        #expect(Self.found("a { b: url(\\0 x\\110000 y\\d800 z.png) }")
                == ["\u{FFFD}x\u{FFFD}y\u{FFFD}z.png|url(\\0 x\\110000 y\\d800 z.png)|token"])
        #expect(Self.found("a { b: url(\\é.png) }") == ["é.png|url(\\é.png)|token"])
    }

    /// Cut off by the end of the file, a URL or a string is read to there, as browsers read it.
    @Test func theEndOfTheFileClosesWhatIsOpen() {
        #expect(Self.found("a { b: url(a.png") == ["a.png|url(a.png|token"])
        #expect(Self.found("@import 'a.css") == ["a.css|'a.css|string|import"])
        #expect(Self.found("a { b: url(\\") == [])
    }

    @Test func replacementsAreQuotedStrings() {
        let token = CSSReferences.Reference(value: "", range: 0..<1, form: .urlToken, isImport: false)
        let string = CSSReferences.Reference(value: "", range: 0..<1, form: .string, isImport: false)
        #expect(CSSReferences.replacement("../media/a.png", for: token) == "url(\"../media/a.png\")")
        #expect(CSSReferences.replacement("../media/a.png", for: string) == "\"../media/a.png\"")
        #expect(CSSReferences.quoted("a\"b\\c\nd") == "\"a\\22 b\\5c c\\a d\"")
    }

    /// Whatever the sheet, its references are in order and apart, and writing each again
    /// (as the site does) leaves every other byte as it was and the same references.
    @Test func rewritingKeepsEveryOtherByte() async {
        let pieces = ["url(", "url(\"", ")", "\"", "'", "\\", "\n", " ", "@import", "@namespace", ";", "{", "}", "(",
                      "image-set(", "/*", "*/", "a.png", "#x", "1", "é", "\\75 rl("]
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix(seed: UInt64(seed))
            let bytes = Array((0..<Int(rng.next() % 40)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined().utf8)
            let references = CSSReferences.scan(bytes)
            var previousEnd = 0
            var rewritten: [UInt8] = []
            for reference in references {
                #expect(reference.range.lowerBound >= previousEnd && reference.range.upperBound <= bytes.count)
                rewritten += bytes[previousEnd..<reference.range.lowerBound]
                rewritten += CSSReferences.replacement("X", for: reference).utf8
                previousEnd = reference.range.upperBound
            }
            rewritten += bytes[previousEnd...]
            let again = CSSReferences.scan(rewritten)
            #expect(again.map(\.value) == references.map { _ in "X" }, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(again.map(\.isImport) == references.map(\.isImport))
        }
    }
}
