import Foundation
import Testing
@testable import Catalog

/// `AtomicFile` (the cache's files, `export --output`) writes through a temporary file whose
/// name can be guessed (`.NAME.tmp-PID-N`): it must make that file new, never write through
/// what someone put at the name first.
@Suite struct AtomicFileTests {
    @Test func aSymbolicLinkPlantedAtTheTemporaryNameIsNotWrittenThrough() throws {
        let scratch = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("out"), sentinel = scratch.appendingPathComponent("sentinel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("sentinel\n".utf8).write(to: sentinel)
        let target = folder.appendingPathComponent("catalog.json")
        // Links at the next names this process will try (other tests' writes go to other folders).
        let first = AtomicFile.nextNumber
        let planted = (first..<first + 20).map { folder.appendingPathComponent(".catalog.json.tmp-\(getpid())-\($0)").path }
        for name in planted { try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: sentinel.path) }

        try AtomicFile.write(Data("{\"contexts\":[]}\n".utf8), to: target)

        #expect(try String(contentsOf: sentinel, encoding: .utf8) == "sentinel\n")
        #expect(try String(contentsOf: target, encoding: .utf8) == "{\"contexts\":[]}\n")
        #expect(try FileManager.default.attributesOfItem(atPath: target.path)[.type] as? FileAttributeType == .typeRegular)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
        #expect(Set(left) == Set(planted.map { URL(fileURLWithPath: $0).lastPathComponent }))
    }

    @Test func aFailedWriteLeavesNoTemporaryFile() throws {
        let scratch = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let target = scratch.appendingPathComponent("missing/catalog.json")
        #expect(throws: POSIXError(.ENOENT)) { try AtomicFile.write(Data("x".utf8), to: target) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }
}
