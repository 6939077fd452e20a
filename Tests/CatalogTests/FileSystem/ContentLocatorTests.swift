import Foundation
import Testing
@testable import Catalog

/// Finding the content as git finds a repository (issue #17).
@Suite struct ContentLocatorTests {
    /// project/content/catalog.yml, project/content/book/chapter, and a sibling project/notes.
    let project: URL

    init() throws {
        project = try scratchDirectory().appendingPathComponent("project")
        for folder in ["content/book/chapter", "notes"] {
            try FileManager.default.createDirectory(at: project.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("title: T\n".utf8).write(to: project.appendingPathComponent("content/catalog.yml"))
    }

    private func locate(_ given: String?, from folder: String, home: String? = nil) throws -> ContentLocation {
        let cwd = folder.isEmpty ? project.path : project.appendingPathComponent(folder).path
        return try ContentLocator.locate(given, currentDirectory: cwd, home: home)
    }

    private func remove() { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }

    @Test func theDefaultFolderFirst() throws {
        defer { remove() }
        #expect(try locate(nil, from: "") == ContentLocation(content: "content", projectFolder: "", origin: .defaultFolder))
        #expect(try locate(nil, from: "").defaultOutput == "site")
        #expect(try locate(nil, from: "").defaultCache == ".catalog-cache")
    }

    @Test func foundUpwardWithTheOutputBesideIt() throws {
        defer { remove() }
        let inChapter = try locate(nil, from: "content/book/chapter")
        #expect(inChapter == ContentLocation(content: "../..", projectFolder: "../../..", origin: .found))
        #expect(inChapter.defaultOutput == "../../../site")
        #expect(try locate(nil, from: "content") == ContentLocation(content: ".", projectFolder: "..", origin: .found))
        // From a sibling folder of the content, the project's content/ is found.
        #expect(try locate(nil, from: "notes") == ContentLocation(content: "../content", projectFolder: "..", origin: .found))
    }

    @Test func theSearchStopsAtHome() throws {
        defer { remove() }
        let home = project.appendingPathComponent("content/book").path
        #expect(throws: ContentLocationError.notFound) { try locate(nil, from: "content/book/chapter", home: home) }
    }

    @Test func aGivenFolderOrItsCatalogYAML() throws {
        defer { remove() }
        #expect(try locate("content", from: "") == ContentLocation(content: "content", projectFolder: "", origin: .given))
        #expect(try locate("content/catalog.yml", from: "") == ContentLocation(content: "content", projectFolder: "", origin: .given))
        #expect(try locate("catalog.yml", from: "content") == ContentLocation(content: ".", projectFolder: "..", origin: .given))
        // Run inside the folder named, `site` goes beside that folder.
        #expect(try locate(".", from: "content/book") == ContentLocation(content: ".", projectFolder: "..", origin: .given))
    }

    @Test func aMissingFolderGetsTheClosestSibling() throws {
        defer { remove() }
        #expect(throws: ContentLocationError.missing("contnet", suggestion: "content")) { try locate("contnet", from: "") }
        #expect(throws: ContentLocationError.missing("content/bok", suggestion: "content/book")) { try locate("content/bok", from: "") }
        #expect(throws: ContentLocationError.missing("elsewhere", suggestion: nil)) { try locate("elsewhere", from: "") }
    }

    @Test func aFileOtherThanCatalogYAMLIsRefused() throws {
        defer { remove() }
        try Data("---\ntitle: B\n---\n".utf8).write(to: project.appendingPathComponent("content/book/index.md"))
        #expect(throws: ContentLocationError.notAFolder("content/book/index.md")) { try locate("content/book/index.md", from: "") }
    }

    @Test(arguments: [("/a/b", "/a/b", ""), ("/a/b/c", "/a", "../.."), ("/a/b", "/a/site", "../site"), ("/a", "/a/b", "b")])
    func relativePaths(from: String, to: String, expected: String) {
        #expect(RelativePath.from(from, to: to) == expected)
    }

    @Test func pathParts() {
        #expect(RelativePath.parent(of: "x") == "")
        #expect(RelativePath.parent(of: "a/b/") == "a")
        #expect(RelativePath.parent(of: "/x") == "/")
        #expect(RelativePath.lastComponent(of: "a/b/") == "b")
    }
}
