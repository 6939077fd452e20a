import Foundation
import Testing

/// Compares text with a file under Tests/CatalogTests/Snapshots/; with SNAPSHOT_RECORD=1
/// in the environment it writes the file instead (then review the diff and commit it).
func assertSnapshot(_ text: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots/site").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("No snapshot \(name); run with SNAPSHOT_RECORD=1 to record it", sourceLocation: sourceLocation)
        return
    }
    if text != expected {
        let actual = text.split(separator: "\n", omittingEmptySubsequences: false)
        let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(zip(actual, wanted)).firstIndex { $0 != $1 } ?? min(actual.count, wanted.count)
        let got = line < actual.count ? String(actual[line]) : "<end>"
        let want = line < wanted.count ? String(wanted[line]) : "<end>"
        Issue.record("Snapshot \(name) differs at line \(line + 1):\n  got:  \(got)\n  want: \(want)", sourceLocation: sourceLocation)
    }
}
