import Foundation
import Testing
@testable import Catalog

/// The GFM spec's examples through the whole site build: each example is the body of a
/// page, the built binary builds them all, and each page's body is compared with
/// cmark-gfm's own HTML for the example (`GFMReference`), after the serialization
/// equivalences of `GFMComparison.normalized`. The count of identical examples and every
/// deliberate difference, by example number, are data here: any change in rendering
/// shows up as a changed count or table.
@Suite(.serialized) struct GFMSpecTests {
    /// Examples whose body equals cmark-gfm's HTML.
    static let identicalCount = 523

    /// Every example that differs, and why (`GFMDifference`).
    static let differences: [Int: Set<GFMDifference>] = GFMSpecDifferences.table

    /// Examples the site refuses to build, with the rule that refuses them: left out of
    /// the build (an error stops a build whole).
    static let refused: [Int: String] = [
        327: "link-active-file: its <a href=\"öö.html\"> names an HTML file, which the site never publishes",
    ]

    @Test func everyExampleRendersAsCmarkGFMOrDiffersForADocumentedReason() throws {
        let all = try GFMSpecFile.examples()
        #expect(all.count == 671)
        let examples = all.filter { Self.refused[$0.number] == nil }
        let build = try GFMSpecBuild(pages: examples.map { ("example-\(Self.padded($0.number))", $0.markdown) })
        defer { build.remove() }
        var identical = 0
        var found: [Int: Set<GFMDifference>] = [:]
        for example in examples {
            let body = try build.body(of: "example-\(Self.padded(example.number))")
            let reasons = GFMComparison.differences(body: body, reference: GFMReference.html(example.markdown),
                                                    hasRawHTML: Self.hasRawHTML(example.markdown))
            if reasons.isEmpty { identical += 1 } else { found[example.number] = reasons }
        }
        #expect(identical == Self.identicalCount)
        for number in Set(found.keys).union(Self.differences.keys).sorted() where found[number] != Self.differences[number] {
            Issue.record("example \(number): \(found[number].map { $0.sorted() } ?? []) where the table says \(Self.differences[number].map { $0.sorted() } ?? [])")
        }
    }

    /// The reference is the spec: cmark-gfm renders every example as spec.txt says, with
    /// the example's own extensions. With all of GitHub's at once, ten differ: five raw
    /// HTML examples that tagfilter changes, and five plain texts that autolink makes links.
    @Test func theReferenceIsTheSpecWithGitHubsExtensionsOn() throws {
        let differing = try GFMSpecFile.examples().filter { GFMReference.html($0.markdown) != $0.html }.map(\.number)
        #expect(differing == [140, 141, 142, 145, 147, 610, 614, 616, 619, 620])
    }

    /// GitHub's task lists, footnotes and autolinks (which spec.txt has no enabled
    /// examples of) through the same build, against the same reference.
    static let extensionExamples: [(markdown: String, differences: Set<GFMDifference>)] = [
        ("- [ ] to do\n- [x] done\n  - [X] nested\n\n1. [ ] ordered\n", [.taskList]),
        ("- [ ] loose\n\n- [x] list\n  more\n* [x]\n* not [ ] a task\n", [.taskList]),
        ("Text[^1] and again[^1], and [^ü] and [^missing].\n\n[^1]: First *foot*.\n\n    Second paragraph.\n[^ü]: Third.\n[^unused]: Never shown.\n", []),
        ("a[^q] b[^q] c[^q]\n\n[^q]:\n    > a quote\n\n        code\n", []),
        ("> [^a]: defined in a quote\n\n- used[^a] in a list\n", []),
        ("See www.example.com/a_(b), https://example.org/x?y=1&z=2. and me+you@example.com.\n", []),
        ("Visit (www.example.com/search?q=(a)) or http://example.com/ünï.\n", []),
        // A heading whose id a footnote takes: the footnote keeps cmark's `fn-1`.
        ("# fn-1\n\nA[^1]\n\n[^1]: x\n", [.heading]),
    ]

    @Test func taskListsFootnotesAndAutolinksRenderAsCmarkGFM() throws {
        let build = try GFMSpecBuild(pages: Self.extensionExamples.indices.map { ("extension-\($0 + 1)", Self.extensionExamples[$0].markdown) })
        defer { build.remove() }
        for (index, example) in Self.extensionExamples.enumerated() {
            let body = try build.body(of: "extension-\(index + 1)")
            let reference = GFMReference.html(example.markdown)
            #expect(GFMComparison.differences(body: body, reference: reference, hasRawHTML: false) == example.differences,
                    "\(example.markdown)\nbody:\n\(body)\ncmark-gfm:\n\(reference)")
        }
        let collision = try build.body(of: "extension-8")
        #expect(collision.hasPrefix("<h2 id=\"fn-1-1\">fn-1</h2>\n"))
        #expect(collision.contains("<li id=\"fn-1\">"))
    }

    static func padded(_ number: Int) -> String { String(number).leftPadded(to: 3) }

    static func hasRawHTML(_ markdown: String) -> Bool {
        var found = false
        MarkdownParser.parse(markdown).forEach { node in
            if case .htmlBlock = node.kind { found = true }
            if case .htmlInline = node.kind { found = true }
        }
        return found
    }
}
