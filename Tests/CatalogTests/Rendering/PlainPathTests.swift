import Testing
@testable import Catalog

/// `ContentRoot.lexicallyResolve` (with its shortcut for plain paths) against the
/// component-by-component resolution it always did, on generated paths.
@Suite struct PlainPathTests {
    static func reference(_ reference: String, from relativeFile: String) -> String? {
        ContentRoot.resolveByComponents(reference, from: relativeFile)
    }

    private static let pieces = ["a", "b.md", "/", "//", ".", "..", "...", ".x", "é", "/\u{301}", "日本", "-", "%20", ""]

    @Test(arguments: 0..<3000)
    func shortcutResolvesAsComponentsDo(seed: Int) {
        var random = SeededGenerator(state: UInt64(seed))
        func path() -> String {
            (0..<Int.random(in: 0...5, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
        }
        let (link, file) = (path(), path())
        #expect(ContentRoot.lexicallyResolve(link, from: file) == Self.reference(link, from: file),
                "\(link.debugDescription) from \(file.debugDescription)")
    }
}
