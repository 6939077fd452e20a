import Foundation
import Testing
@testable import Catalog

/// A catalog whose section `spec` has one page per Markdown text, built by the binary
/// into a temporary folder. The files that the texts' relative links and images name
/// are made (one byte each), so that they resolve to copies under `media/` as a
/// writer's files do.
struct GFMSpecBuild {
    let work: URL

    init(pages: [(name: String, markdown: String)]) throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("gfm-spec-\(UUID().uuidString)")
        let content = work.appendingPathComponent("content")
        try Self.write("bundleIdentifier: com.example.gfm\ntitle: GFM spec\ndefaultLocale: en-us\nlocales: [en-us]\n",
                       to: content.appendingPathComponent("catalog.yml"))
        try Self.write("---\ntitle: Examples\n---\n", to: content.appendingPathComponent("spec/index.md"))
        for (name, markdown) in pages {
            let path = "spec/\(name).md"
            try Self.write("---\ntitle: \(name)\nsummary: An example.\nassignable: false\n---\n" + markdown,
                           to: content.appendingPathComponent(path))
            for target in Self.linkTargets(markdown, from: path) where !FileManager.default.fileExists(atPath: content.appendingPathComponent(target).path) {
                try Self.write("x", to: content.appendingPathComponent(target))
            }
        }
        let outcome = try BinaryRunner.run(["build", "--content", "content", "--output", "site"], in: work)
        #expect(outcome.status == 0, "\(outcome.stderr.suffix(2000))")
    }

    /// The body of the page `spec/NAME`.
    func body(of name: String) throws -> String {
        let page = try String(contentsOf: work.appendingPathComponent("site/en-us/spec/\(name)/index.html"), encoding: .utf8)
        return try #require(GFMComparison.body(ofPage: page))
    }

    func remove() { try? FileManager.default.removeItem(at: work) }

    /// The content paths of the relative links and images of `markdown`, and of the
    /// `href` and `src` of its raw HTML (checked like Markdown's).
    private static func linkTargets(_ markdown: String, from path: String) -> [String] {
        var targets: [String] = []
        func add(_ url: String) {
            if case .relative(let target, _) = LinkPolicy.classify(url), let resolved = LinkPaths.resolve(target, from: path),
               !resolved.isEmpty, !resolved.hasSuffix("/") {
                targets.append(resolved)
            }
        }
        func addHTML(_ nodes: [HTMLNode]) {
            for node in nodes {
                for attribute in node.attributes where attribute.name == "href" || attribute.name == "src" { add(attribute.value) }
                addHTML(node.children)
            }
        }
        MarkdownParser.parse(markdown).forEach { node in
            switch node.kind {
            case .link(let url, _), .image(let url, _): add(url)
            case .htmlBlock, .htmlInline: addHTML(HTMLFragmentParser.parse(node.literal, context: .template))
            default: break
            }
        }
        return targets
    }

    private static func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
