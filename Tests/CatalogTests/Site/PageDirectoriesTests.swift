import Crypto
import Foundation
import Testing
@testable import Catalog

/// A page's folder is its identifiers percent-encoded (content-format.md §7), but for the
/// names no file system keeps apart: too long for a file name, `index.html`, and siblings
/// that differ only in case. Those get the encoding cut short, `+` and a digest.
@Suite struct PageDirectoriesTests {
    static let app = "com.example.books"

    /// Contexts from (identifier, parent index) pairs, in order.
    static func contexts(_ pairs: [(String, Int?)]) -> [ContextNode] {
        var nodes: [ContextNode] = []
        for (identifier, parent) in pairs {
            let path = (parent.map { nodes[$0].identifierPath } ?? [app]) + [identifier]
            var node = ContextNode(identifier: identifier, identifierPath: path, type: .section,
                                   source: SourceFile(relativePath: "x.md", displayPath: "content/x.md"), isDirectory: false)
            node.parent = parent
            nodes.append(node)
        }
        return nodes
    }

    static func digest(_ identifier: String) -> String {
        SHA256.hash(data: Array(identifier.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    @Test func identifiersArePercentEncodedAsUniversalLinksAre() {
        let directories = PageDirectories.directories(Self.contexts([
            ("fun-with-science", nil), ("inquiry", 0), ("Quiz 1", 1), ("日本", 1), ("a.b_c~d", 1),
        ]))
        #expect(directories == ["fun-with-science", "fun-with-science/inquiry", "fun-with-science/inquiry/Quiz%201",
                                "fun-with-science/inquiry/%E6%97%A5%E6%9C%AC", "fun-with-science/inquiry/a.b_c~d"])
    }

    /// 28 Japanese characters encode to 252 bytes and stay; 29 encode to 261, more than a
    /// file name holds, and are cut to 26 whole characters (234 bytes), `+` and 16 digits.
    @Test func aNameTooLongForAFileIsCutAndDigested() throws {
        let fits = String(repeating: "学", count: 28), long = String(repeating: "学", count: 29)
        let directories = PageDirectories.directories(Self.contexts([(fits, nil), (long, nil), ("child", 1)]))
        #expect(directories[0] == PercentEncoding.encode(fits) && directories[0].utf8.count == 252)
        let expected = PercentEncoding.encode(String(repeating: "学", count: 26)) + "+" + Self.digest(long)
        #expect(directories[1] == expected && directories[1].utf8.count == 251)
        #expect(directories[2] == expected + "/child")
    }

    /// A 256-character ASCII identifier (Apple's limit) is 256 bytes: cut to 238.
    @Test func aLongASCIIIdentifierIsCutToo() {
        let long = String(repeating: "a", count: 256)
        let name = PageDirectories.directories(Self.contexts([(long, nil)]))[0]
        #expect(name == String(repeating: "a", count: 238) + "+" + Self.digest(long) && name.utf8.count == 255)
    }

    @Test(arguments: ["index.html", "INDEX.HTML", "Index.Html"])
    func aFolderNamedAsItsParentsPageIsRenamed(identifier: String) {
        let directories = PageDirectories.directories(Self.contexts([("book", nil), (identifier, 0), (identifier, nil)]))
        let name = identifier + "+" + Self.digest(identifier)
        #expect(directories == ["book", "book/" + name, name])
    }

    /// `Quiz` and `quiz` are distinct identifiers but one folder on macOS and Windows: the
    /// later sibling is renamed; cousins are in different folders and keep their names.
    @Test func siblingsThatDifferOnlyInCaseGetTwoFolders() {
        let directories = PageDirectories.directories(Self.contexts([
            ("a", nil), ("Quiz", 0), ("quiz", 0), ("QUIZ", 0), ("b", nil), ("quiz", 4), ("A", nil),
        ]))
        #expect(directories == ["a", "a/Quiz", "a/quiz+" + Self.digest("quiz"), "a/QUIZ+" + Self.digest("QUIZ"),
                                "b", "b/quiz", "A+" + Self.digest("A")])
    }

    /// A name made short never meets an identifier written as that name: no encoding holds `+`.
    @Test func aShortNameIsNeverAnotherIdentifiersName() {
        let short = PageDirectories.shortName("index.html")
        let directories = PageDirectories.directories(Self.contexts([("index.html", nil), (short, nil)]))
        #expect(directories == [short, "index.html%2B" + Self.digest("index.html")])
    }

    /// Every string of the Big List of Naughty Strings that validation lets be an
    /// identifier, as siblings: each folder name fits a file name, is no `.`/`..`/`index.html`,
    /// holds no `/`, and no two are one folder on a file system that ignores case.
    @Test func naughtyStringsAsSiblingsAreFoldersOfTheirOwn() throws {
        var seen = Set<String>()
        let strings = try NaughtyStrings.all.filter {
            !$0.trimmingCharacters(in: .whitespaces).isEmpty && IdentifierSafetyRule.problem($0) == nil && seen.insert($0).inserted
        }
        #expect(strings.count > 200)
        let directories = PageDirectories.directories(Self.contexts(strings.map { ($0, nil) }))
        for name in directories {
            #expect(name.utf8.count <= 255 && !name.isEmpty && !name.contains("/"), "\(name)")
            #expect(![".", "..", "index.html"].contains(name.lowercased()), "\(name)")
        }
        #expect(Set(directories.map { $0.lowercased() }).count == strings.count)
    }
}

/// The Big List of Naughty Strings (Tests/Fixtures/naughty, MIT). Read with `JSONDecoder`:
/// Foundation's `JSONSerialization` on Linux drops a byte order mark that begins a string
/// (string 98 is one alone).
enum NaughtyStrings {
    static var all: [String] {
        get throws {
            let data = try Data(contentsOf: Repository.root.appendingPathComponent("Tests/Fixtures/naughty/blns.json"))
            return try JSONDecoder().decode([String].self, from: data)
        }
    }
}
