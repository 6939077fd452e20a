import Foundation
import Testing
@testable import Catalog

/// `serve` hands a build's diagnostics to its `report` (which the command prints as `build`
/// does: each rule's first 20, the "more" line and the table, or every one with `--all`),
/// with catalog.yml's `rules:` applied as `build` applies them.
@Suite struct ServeDiagnosticsTests {
    final class Lines: Sendable {
        let lines = Locked<[String]>([])
        var text: String { lines.withLock { $0.joined(separator: "\n") } }
    }

    /// 25 unknown keys (warnings) and one wrong topic (an error), so the build fails.
    static let quiz = "---\ntitle: Quiz\nsummary: A short quiz.\ntopic: Science\n"
        + (1...25).map { "summar\($0): x\n" }.joined() + "---\n"

    static func firstBuildLog(all: Bool, catalog: String = TempContent.minimalCatalog) throws -> String {
        let content = try TempContent(["quiz.md": quiz], catalog: catalog)
        let scratch = try scratchDirectory()
        defer { content.remove(); try? FileManager.default.removeItem(at: scratch) }
        let options = ServeOptions(content: content.root, output: scratch.appendingPathComponent("site"),
                                   cacheDirectory: nil, port: 0)
        let log = Lines()
        let server = try PreviewServer(options, log: { line in log.lines.withLock { $0.append(line) } },
                                       report: { bag in
                                           let text = DiagnosticDigest.text(bag.sorted, all: all, excerpts: false)
                                           log.lines.withLock { $0.append(String(text.dropLast())) }
                                       })
        // The first build (in `init`) printed what is checked; started and stopped as `serve` is.
        server.start()
        server.stop()
        log.lines.withLock { $0.removeAll { $0.hasPrefix("Watching ") } }
        return log.text.replacingOccurrences(of: content.prefix, with: "content/")
    }

    static func keyLine(_ n: Int) -> String {
        "content/quiz.md:\(n + 4):1: warning: unknown key 'summar\(n)' is ignored; did you mean 'summary'? [unknown-key]"
    }

    static let topic = "content/quiz.md:4:8: error: \(OutputFormatTests.topicMessage) [topic]"

    @Test func aFailedBuildPrintsTheDigest() throws {
        let text = try Self.firstBuildLog(all: false)
        let expected = ([Self.topic] + (1...20).map(Self.keyLine) + [
            "… and 5 more [unknown-key]; --all shows every one",
            "rule         severity  count  first location",
            "topic        error         1  content/quiz.md:4:8",
            "unknown-key  warning      25  content/quiz.md:5:1",
            "1 error, 25 warnings",
            "The content has 1 error(s), listed above; serving the list of them",
        ]).joined(separator: "\n")
        #expect(text == expected)
    }

    @Test func allPrintsEveryOne() throws {
        let text = try Self.firstBuildLog(all: true)
        #expect(text.contains(Self.keyLine(25)))
        #expect(!text.contains("more [unknown-key]"))
    }

    @Test func catalogRulesApply() throws {
        let text = try Self.firstBuildLog(all: false, catalog: TempContent.minimalCatalog + "\nrules:\n  unknown-key: off\n")
        #expect(text == Self.topic + "\n1 error, 0 warnings\nThe content has 1 error(s), listed above; serving the list of them")
    }
}
