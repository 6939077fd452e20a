import Foundation
import Testing
@testable import Catalog

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/site/content")

private func check(_ text: String, file: String = "fun-with-science/inquiry/science-investigation.md",
                   firstLine: Int = 5) -> [String] {
    let body = MarkdownBody(text: text, source: SourceFile(relativePath: file, displayPath: "content/" + file), firstLine: firstLine)
    return BodyChecker.check(body, contentRoot: root).map {
        "\($0.location.line):\($0.location.column) \($0.severity.rawValue) \($0.rule.rawValue)"
    }
}

@Test func validLinksPass() {
    #expect(check("[quiz](measurements-quiz.md) ![d](../diagram.png) [w](../../_media/worksheet.pdf)\n"
        + "[dir](../) [web](https://example.com) [top](#top) [abs](/x) [mail](mailto:a@b.c)\n").isEmpty)
}

@Test func brokenLinksAreErrorsAtTheirPosition() {
    let text = "Intro line.\n\nSee [missing](nothing.md) and ![gone](../nope.png).\n\n[out](../../../../etc/passwd)\n"
    #expect(check(text) == ["7:5 error link-broken", "7:31 error link-broken", "9:1 error link-broken"])
}

@Test func columnsCountCharactersNotBytes() {
    // "Ünïcödé — 日本語 " is 15 characters but 27 UTF-8 bytes before the link.
    let text = "Ünïcödé — 日本語 [x](missing.md)\n"
    #expect(check(text, firstLine: 1) == ["1:15 error link-broken"])
}

@Test func removedRawHTMLAndUnsafeLinksAreWarnings() {
    let text = "<div onclick=\"x()\">\nblock\n</div>\n\nText with <b>bold</b> and [bad](javascript:alert(1)).\n"
    #expect(check(text, firstLine: 10) == ["10:6 warning raw-html-removed", "14:27 warning unsafe-link"])
}

@Test func linksOnContinuationLinesAndInListsArePlaced() {
    let text = "First line of a paragraph\n  and [broken](gone.md) here.\n\n- item\n  - nested [x](gone2.md)\n"
        + "- item with\n    more [y](gone3.md)\n\n> quoted\n>   again [z](gone4.md)\n"
    #expect(check(text, firstLine: 1) == ["2:7 error link-broken", "5:12 error link-broken", "7:10 error link-broken",
                                          "10:11 error link-broken"])
}

/// cmark-gfm places a paragraph's inlines as if the link reference definitions taken from
/// its start were still there, a paragraph right above a table (rebuilt by the table
/// extension) at line 0, column 0, a table's rows as if they started in its first column,
/// and lazy continuation lines with their leading spaces: all are placed where they are written.
@Test func linksAfterDefinitionsAndAboveATableArePlaced() {
    let definitions = "Intro.\n\n[a]: https://example.com\n[b]: https://example.org\nSee [x](gone.md) and\n  <font>y</font> [z](gone2.md)\n"
    #expect(check(definitions, firstLine: 1) == ["5:5 error link-broken", "6:3 warning raw-html-removed", "6:18 error link-broken"])
    let quoted = "> [a]: https://example.com\r\n> [x](gone.md)\r\n"
    #expect(check(quoted, firstLine: 1) == ["2:3 error link-broken"])
    let aboveATable = "Intro.\n\nThe table below [x](gone.md)\nand [y](gone2.md):\n| a | b |\n|---|---|\n| c | [z](gone3.md) |\n"
    #expect(check(aboveATable, firstLine: 1) == ["3:17 error link-broken", "4:5 error link-broken", "7:7 error link-broken"])
    let inAList = "- item\n\n  Text [x](gone.md)\n  | a |\n  |---|\n"
    #expect(check(inAList, firstLine: 1) == ["3:8 error link-broken"])
    // The header row of a table under a paragraph: cmark-gfm counts its columns from the
    // paragraph's start, on the table's first line.
    let header = "para\n| [z](gone.md) | b |\n|---|---|\n| c | [w](gone2.md) |\n\n> para\n>   | [q](gone3.md) |\n> |---|\n"
    #expect(check(header, firstLine: 1) == ["2:3 error link-broken", "4:7 error link-broken", "7:7 error link-broken"])
    // Lines that continue a quote or a list item lazily keep their leading spaces in cmark.
    let lazy = "> quoted\n  lazy [x](gone.md)\n\n- item\n [y](gone2.md)\n"
    #expect(check(lazy, firstLine: 1) == ["2:8 error link-broken", "5:2 error link-broken"])
}

/// Wherever a broken link stands among definitions, tables, quotes, lists and paragraph
/// lines, it is reported where its text is in the body.
@Test(arguments: 0..<400) func brokenLinksAreReportedWhereTheyAreWritten(_ seed: Int) {
    var generator = SeededGenerator(state: UInt64(seed))
    // Each block's lines under one container, indented in different ways.
    let families = [["", "  "], ["> ", ">", ">   "], ["- "], ["   "]]
    let lines = ["[r]: https://example.com", "text", "| a |", "|---|", "| a | b |", "|---|---|", "", "", "LINK", "see LINK end",
                 "| LINK |", "| c | LINK |", "Ünï LINK"]
    var text = "", count = 0
    // Blocks of lines under one container each, some continued lazily (a quote's line
    // without its `>`, a list item's with less indentation).
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let family = families.randomElement(using: &generator)!
        for index in 0..<Int.random(in: 1...6, using: &generator) {
            let lazy = index > 0 && Int.random(in: 0..<5, using: &generator) == 0 ? ["", " ", "  "].randomElement(using: &generator) : nil
            let prefix = lazy ?? (family == ["- "] ? (index == 0 ? "- " : ["  ", "   "].randomElement(using: &generator)!)
                : family.randomElement(using: &generator)!)
            var line = prefix + lines.randomElement(using: &generator)!
            while let range = line.range(of: "LINK") {
                count += 1
                line.replaceSubrange(range, with: "[x](gone\(count).md)")
            }
            text += line + "\n"
        }
        text += "\n"
    }
    let body = MarkdownBody(text: text, source: SourceFile(relativePath: "a.md", displayPath: "content/a.md"), firstLine: 1)
    let textLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for diagnostic in BodyChecker.check(body, contentRoot: root) where diagnostic.rule.rawValue == "link-broken" {
        let target = diagnostic.message.split(separator: "`")[1]
        let written = textLines.enumerated().compactMap { number, line -> String? in
            guard let range = line.range(of: "[x](\(target))") else { return nil }
            return "\(number + 1):\(line[..<range.lowerBound].unicodeScalars.count + 1)"
        }
        #expect(written == ["\(diagnostic.location.line):\(diagnostic.location.column)"], "\(target) in \(text.debugDescription)")
    }
}

@Test func messagesNameTheLinkAndTheFix() {
    let body = MarkdownBody(text: "[a](gone.md)\n", source: SourceFile(relativePath: "x.md", displayPath: "content/x.md"), firstLine: 3)
    let diagnostic = BodyChecker.check(body, contentRoot: root).first
    #expect(diagnostic?.message.contains("`gone.md`") == true)
    #expect(diagnostic?.location == Catalog.SourceLocation(file: "content/x.md", line: 3, column: 1))
}

/// Real lessons (The Odin Project's) write web addresses without `https://`, which are
/// relative links to nothing: the message offers the address written whole, and never for
/// what reads as a file or a folder.
@Test func aWebAddressWithoutItsSchemeIsOfferedWhole() {
    let text = "[a](www.google.com) [b](someone.github.io/project/app.js) [c](htmlpreview.github.io/?https://x)\n"
        + "[d](example.com/page#top) [e](notes.md) [f](gone/page.md) [g](v1.2/notes.md) [h](m/channel/UC1) [i](example.com)\n"
    let body = MarkdownBody(text: text, source: SourceFile(relativePath: "x.md", displayPath: "content/x.md"), firstLine: 1)
    let offered = BodyChecker.check(body, contentRoot: root).map { diagnostic in
        diagnostic.message.range(of: ", or if it is a web address, write it whole: ").map { String(diagnostic.message[$0.upperBound...]) } ?? "-"
    }
    #expect(offered == ["`https://www.google.com`", "`https://someone.github.io/project/app.js`",
                        "`https://htmlpreview.github.io/?https://x`", "`https://example.com/page#top`", "-", "-", "-", "-", "-"])
}

@Test func checksEachBodyOfAModelOnce() {
    var model = SiteFixture.model()
    let broken = SiteFixture.body("[x](gone.md)\n", "fun-with-science/inquiry/lab-safety.md")
    model.contexts[4].versions[SiteFixture.en]?.body = broken
    model.contexts[4].versions[SiteFixture.es]?.body = broken
    let found = BodyChecker.check(model, contentRoot: SiteFixture.contentRoot)
    // And the investigation's link to the quiz's `#start`, which the new body no longer has.
    #expect(found.map(\.location) == [Catalog.SourceLocation(file: "content/fun-with-science/inquiry/lab-safety.md", line: 4, column: 1),
                                      Catalog.SourceLocation(file: "content/fun-with-science/inquiry/science-investigation.md", line: 6, column: 10)])
    #expect(found.last?.rule.rawValue == "link-anchor-missing")
}

@Test func sampleContentBodiesHaveNoBrokenLinksOrRawHTML() throws {
    let root = ContentRoot(path: Repository.root.appendingPathComponent("content").path)
    let model = try #require(CatalogLoader.load(root).model)
    let found = BodyChecker.check(model, contentRoot: root.url)
    #expect(found.isEmpty, "\(found.map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.message)" })")
}

/// `LinkTargets` (one lookup per target, `lstat` per component) answers as
/// `LinkPaths.exists` does, symbolic links inside and outside the content included.
@Test func linkTargetsAnswerAsLinkPathsExists() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("link-targets-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let content = base.appendingPathComponent("content"), outside = base.appendingPathComponent("outside")
    for directory in [content.appendingPathComponent("a/b"), outside] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    for file in [content.appendingPathComponent("a/real.md"), content.appendingPathComponent("a/b/deep.png"),
                 outside.appendingPathComponent("x.md")] {
        try Data("x".utf8).write(to: file)
    }
    try FileManager.default.createSymbolicLink(at: content.appendingPathComponent("in"), withDestinationURL: content.appendingPathComponent("a"))
    try FileManager.default.createSymbolicLink(at: content.appendingPathComponent("out"), withDestinationURL: outside)
    try FileManager.default.createSymbolicLink(at: content.appendingPathComponent("a/file-link.md"),
                                               withDestinationURL: outside.appendingPathComponent("x.md"))
    let paths = ["a/real.md", "a/b/deep.png", "a/b", "a", "in/real.md", "in/b/deep.png", "out/x.md", "out",
                 "a/file-link.md", "missing.md", "a/missing.md", "a/real.md/x", "", "a//real.md"]
    let targets = LinkTargets(contentRoot: content)
    for _ in 0..<2 {  // the second pass answers from what the first remembered
        #expect(paths.map { targets.exists($0) } == paths.map { LinkPaths.exists($0, in: content) })
    }
    #expect(paths.map { targets.exists($0) }.filter { $0 }.count == 8)  // the root itself and "a//real.md" too
}
