import Foundation
import Testing

/// Compares `actual` with the file `Tests/CatalogTests/Snapshots/<name>`; with
/// SNAPSHOT_RECORD=1 in the environment it writes the file instead.
func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = Repository.root.appendingPathComponent("Tests/CatalogTests/Snapshots/\(name)")
    if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" || !FileManager.default.fileExists(atPath: url.path) {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] != "1" {
            Issue.record("recorded missing snapshot \(name); run the tests again", sourceLocation: sourceLocation)
        }
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "snapshot \(name) differs; re-record with SNAPSHOT_RECORD=1 if the change is intended",
            sourceLocation: sourceLocation)
}

enum Repository {
    /// The package root, found from this source file's location.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
