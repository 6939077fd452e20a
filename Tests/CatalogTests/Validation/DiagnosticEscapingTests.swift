import Foundation
import Testing
@testable import Catalog

/// Control characters in file names and messages never reach the terminal raw: text and
/// GitHub commands write them as `\u{1B}`, one line per diagnostic; JSON escapes C0 by its rules.
@Suite struct DiagnosticEscapingTests {
    static let hostile = Diagnostic("identifier-unsafe", .error, at: SourceLocation(file: "content/a\u{1B}[2Jb.md", line: 2, column: 13),
                                    "the identifier 'x\u{1B}]0;title\u{7}\r\nfake: error\u{202E}' is bad")

    @Test func textEscapesEveryControlCharacter() {
        let text = DiagnosticFormatter.text([Self.hostile], excerpts: false)
        #expect(text == "content/a\\u{1B}[2Jb.md:2:13: error: the identifier 'x\\u{1B}]0;title\\u{7}\\u{D}\\u{A}fake: error\\u{202E}' is bad [identifier-unsafe]\n")
    }

    @Test func githubEscapesEveryControlCharacter() {
        let text = DiagnosticFormatter.github([Self.hostile])
        #expect(text == "::error file=content/a\\u{1B}[2Jb.md,line=2,col=13,title=identifier-unsafe::the identifier 'x\\u{1B}]0;title\\u{7}%0D%0Afake: error\\u{202E}' is bad\n")
    }

    @Test func jsonEscapesC0Controls() throws {
        let json = DiagnosticFormatter.json([Self.hostile])
        #expect(json.contains("\"content/a\\u001b[2Jb.md\""))
        #expect(json.contains("'x\\u001b]0;title\\u0007\\r\\nfake: error\u{202E}' is bad"))
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let first = try #require((document["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["message"] as? String == Self.hostile.message)
    }

    @Test func plainTextIsUnchanged() {
        #expect(ControlCharacters.escaped("caf\u{E9} – “quoted”\ttab") == "caf\u{E9} – “quoted”\\u{9}tab")
        #expect(ControlCharacters.escaped("a\tb", keepTabs: true) == "a\tb")
        #expect(ControlCharacters.escaped("plain") == "plain")
    }
}
