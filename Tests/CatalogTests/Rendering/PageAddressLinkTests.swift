import Foundation
import Testing
@testable import Catalog

/// Links written as a page's address on a site (Hugo's and Jekyll's pretty addresses, `.html`
/// files) are broken in our content, and `link-broken` names the page's file they mean.
@Suite struct PageAddressLinkTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/site/content")

    private func messages(_ text: String, file: String = "fun-with-science/inquiry/science-investigation.md") -> [String] {
        let body = MarkdownBody(text: text, source: SourceFile(relativePath: file, displayPath: "content/" + file), firstLine: 1)
        return BodyChecker.check(body, contentRoot: Self.root).map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    @Test func anAddressOneFolderDeeperThanTheFileNamesTheSiblingPage() {
        #expect(messages("See [the quiz](../measurements-quiz/#q1).\n") == [
            "1:5 link `../measurements-quiz/#q1` points at `fun-with-science/measurements-quiz`, which does not exist in content/; did you mean `measurements-quiz.md#q1`? A link leads to a page's .md file (here fun-with-science/inquiry/measurements-quiz.md), not to its address on a site",
        ])
    }

    @Test func aTranslationsAddressIsItsOriginals() {
        #expect(messages("[x](../lab-safety/)\n", file: "fun-with-science/inquiry/science-investigation.es-us.md") == [
            "1:1 link `../lab-safety/` points at `fun-with-science/lab-safety`, which does not exist in content/; did you mean `lab-safety.md`? A link leads to a page's .md file (here fun-with-science/inquiry/lab-safety.md), not to its address on a site",
        ])
    }

    @Test func htmlFilesAndFolderAddressesNameTheirPages() {
        let found = messages("[a](lab-safety.html) [b](lab-safety/index.html) [c](../index.html) [d](../../fun-with-science/)x\n")
        #expect(found == [
            "1:1 link `lab-safety.html` points at `fun-with-science/inquiry/lab-safety.html`, which does not exist in content/; did you mean `lab-safety.md`? A link leads to a page's .md file (here fun-with-science/inquiry/lab-safety.md), not to its address on a site",
            "1:22 link `lab-safety/index.html` points at `fun-with-science/inquiry/lab-safety/index.html`, which does not exist in content/; did you mean `lab-safety.md`? A link leads to a page's .md file (here fun-with-science/inquiry/lab-safety.md), not to its address on a site",
        ] + ["1:49 link `../index.html` points at `fun-with-science/index.html`, which does not exist in content/; did you mean `../index.md`? A link leads to a page's .md file (here fun-with-science/index.md), not to its address on a site"])
        // `../../fun-with-science/` is the book's folder itself: a folder with an index.md is a link to its page.
    }

    /// Docusaurus reads `api/Store.md` from the docs' top when nothing is beside the page
    /// (Redux's docs link so from their tutorials): the message names the path from here.
    @Test func aPathFromContentsTopIsNamedFromTheFilesFolder() {
        #expect(messages("[a](fun-with-science/diagram.png#x) ![b](fun-with-science/index.md) [c](./fun-with-science/index.md)\n") == [
            "1:1 link `fun-with-science/diagram.png#x` points at `fun-with-science/inquiry/fun-with-science/diagram.png`, which does not exist in content/; did you mean `../diagram.png#x`? A path is read from its own file's folder (here fun-with-science/inquiry/), not from content/'s top as Docusaurus reads it when nothing is beside the page",
            "1:37 image `fun-with-science/index.md` points at `fun-with-science/inquiry/fun-with-science/index.md`, which does not exist in content/; did you mean `../index.md`? A path is read from its own file's folder (here fun-with-science/inquiry/), not from content/'s top as Docusaurus reads it when nothing is beside the page",
            "1:69 link `./fun-with-science/index.md` points at `fun-with-science/inquiry/fun-with-science/index.md`, which does not exist in content/; correct the path (it is relative to fun-with-science/inquiry/science-investigation.md)",
        ])
    }

    @Test func aPathThatNamesNoPageKeepsTheOrdinaryAdvice() {
        #expect(messages("[a](nothing/) ![b](../lab-safety/) [c](lua-users.org/wiki/x)\n") == [
            "1:1 link `nothing/` points at `fun-with-science/inquiry/nothing`, which does not exist in content/; correct the path (it is relative to fun-with-science/inquiry/science-investigation.md)",
            "1:15 image `../lab-safety/` points at `fun-with-science/lab-safety`, which does not exist in content/; correct the path (it is relative to fun-with-science/inquiry/science-investigation.md)",
            "1:36 link `lua-users.org/wiki/x` points at `fun-with-science/inquiry/lua-users.org/wiki/x`, which does not exist in content/; correct the path (it is relative to fun-with-science/inquiry/science-investigation.md), or if it is a web address, write it whole: `https://lua-users.org/wiki/x`",
        ])
    }

    @Test(arguments: [
        ("a/b/c.md", "a/b/d.md", "d.md"), ("a/b/c.md", "a/e.md", "../e.md"), ("a/b/c.md", "x/y/index.md", "../../x/y/index.md"),
        ("c.md", "a/d.md", "a/d.md"), ("a/c.md", "index.md", "../index.md"), ("a/b/c.md", "a/b/d/index.md", "d/index.md"),
    ])
    func relativePathsLeadFromTheSourcesFolder(_ source: String, _ target: String, _ written: String) {
        #expect(PageAddressLink.relative(target, from: source) == written)
        #expect(ContentRoot.lexicallyResolve(written, from: source) == target)
    }
}
