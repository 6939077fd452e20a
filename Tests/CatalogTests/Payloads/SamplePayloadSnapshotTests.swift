import Foundation
import Testing
@testable import Catalog

/// The sample catalog's payload files, byte for byte. Re-record with SNAPSHOT_RECORD=1
/// when a change to the content or the payload format is intended.
@Test func samplePayloadFilesMatchSnapshots() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("payload-snap-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let root = ContentRoot(path: "content", currentDirectory: Repository.root.path)
    let result = try Build.run(BuildOptions(content: root, output: output, cacheDirectory: nil))
    #expect(!result.diagnostics.hasErrors)
    let catalog = output.appendingPathComponent("catalog")
    let names = try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted()
    #expect(names == ["contexts-0001.json", "manifest.json"])
    for name in names {
        try assertSnapshot(String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8),
                           named: "payloads/sample/\(name)")
    }
}
