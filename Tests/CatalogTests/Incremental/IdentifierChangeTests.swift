import Foundation
import Testing
@testable import Catalog

/// `identifier-changed`: a build after a rename warns, at the renamed context, that its
/// identifier changed and how to keep the old one; nothing else does.
@Suite struct IdentifierChangeTests {
    static let files = [
        "science/index.md": "---\ntitle: Science\nsummary: Experiments.\n---\n",
        "science/01-measurements.md": "---\ntitle: Measurements\nsummary: Measure things.\n---\n",
        "science/02-forces/index.md": "---\ntitle: Forces\nsummary: Push and pull.\n---\n",
        "science/02-forces/quiz.md": "---\ntitle: Forces quiz\nsummary: Ten questions.\n---\n",
    ]

    /// Builds the content, applies `change`, builds again: the second build's diagnostics.
    func diagnostics(after change: (TempContent) throws -> Void, cache: Bool = true) throws -> [String] {
        let content = try TempContent(Self.files)
        let scratch = try scratchDirectory()
        defer {
            content.remove()
            try? FileManager.default.removeItem(at: scratch)
        }
        var options = cachedBuildOptions(content, scratch: scratch)
        if !cache { options.cacheDirectory = nil }
        #expect(try Build.run(options).diagnostics.items == [])
        try change(content)
        return try Build.run(options).diagnostics.sorted.map {
            "\($0.location.file):\($0.location.line):\($0.location.column): \($0.severity): \($0.message) [\($0.rule)]"
        }
    }

    func move(_ from: String, _ to: String, in content: TempContent) throws {
        try FileManager.default.moveItem(at: content.url.appendingPathComponent(from), to: content.url.appendingPathComponent(to))
    }

    @Test(arguments: [true, false])
    func renamedFileIsReported(cache: Bool) throws {
        var prefix = ""
        let found = try diagnostics(after: { content in
            prefix = content.prefix
            try move("science/01-measurements.md", "science/01-measuring.md", in: content)
        }, cache: cache)
        #expect(found == ["\(prefix)science/01-measuring.md:1:1: warning: the identifier of this context changed from "
            + "\"measurements\" in the last build to \"measuring\", so Apple sees a new context and teachers' assignments "
            + "keep pointing at the old one; to keep it, add `identifier: \"measurements\"` to the front matter [identifier-changed]"])
    }

    @Test func renamedFolderIsReportedAtItsIndexOnly() throws {
        var prefix = ""
        let found = try diagnostics(after: { content in
            prefix = content.prefix
            try move("science/02-forces", "science/02-motion", in: content)
        })
        #expect(found == ["\(prefix)science/02-motion/index.md:1:1: warning: the identifier of this context changed from "
            + "\"forces\" in the last build to \"motion\", so Apple sees a new context and teachers' assignments "
            + "keep pointing at the old one; to keep it, add `identifier: \"forces\"` to the front matter [identifier-changed]"])
    }

    @Test func keptIdentifierOrNewTitleIsNotReported() throws {
        let kept = try diagnostics(after: { content in
            try move("science/01-measurements.md", "science/01-measuring.md", in: content)
            try content.write("science/01-measuring.md",
                              "---\ntitle: Measurements\nidentifier: measurements\nsummary: Measure things.\n---\n")
        })
        #expect(kept == [])
        let retitled = try diagnostics(after: { content in
            try move("science/01-measurements.md", "science/01-measuring.md", in: content)
            try content.write("science/01-measuring.md", "---\ntitle: Measuring\nsummary: Measure things.\n---\n")
        })
        #expect(retitled == [])
        let moved = try diagnostics(after: { content in
            try move("science/01-measurements.md", "science/02-forces/measuring.md", in: content)
        })
        #expect(moved == [], "another parent: a move, not a rename")
    }
}
