import Foundation
import Testing
@testable import Catalog

/// cmark-gfm's special-character table is process-wide (see `CCmarkShim`): these tests
/// check that this test binary binds the replacement, and that parsers running on every
/// core at once all see `~`.
@Test(.enabled(if: TestPlatform.isLinux, "ELF symbol interposition; Darwin's two-level namespace has none"))
func cmarkSpecialCharacterTableIsPinned() {
    #expect(MarkdownParser.parsesConcurrently)
}

@Test func concurrentParsesAllKeepStrikethrough() {
    let documents = (0..<4000).map { "Item \($0): ~~x~~ and *y*\n\n| a |\n|---|\n| ~~\($0)~~ |\n" }
    let counts = ConcurrentMap.map(documents) { text -> Int in
        var struck = 0
        MarkdownParser.parse(text).forEach { node in
            if case .strikethrough = node.kind { struck += 1 }
        }
        return struck
    }
    #expect(counts.allSatisfy { $0 == 2 })
}

@Test func concurrentParsesMatchSerialParses() {
    let documents = (0..<1000).map { "# Heading \($0)\n\n~~gone \($0)~~ [link](a.md) ~one~ ~~~\n" }
    let serial = documents.map { HTMLRenderer(resolve: { url, _ in url }).render(MarkdownParser.parse($0)) }
    let concurrent = ConcurrentMap.map(documents) { HTMLRenderer(resolve: { url, _ in url }).render(MarkdownParser.parse($0)) }
    #expect(serial == concurrent)
    #expect(serial.allSatisfy { $0.contains("<del>gone") })
}
