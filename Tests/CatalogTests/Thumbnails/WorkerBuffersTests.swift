import Foundation
import Testing
@testable import Catalog

@Suite("Thumbnail workers: queue order and reused buffers")
struct WorkerBuffersTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("worker-buffers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func queueRunsEveryTaskOnceInTheGivenOrderAndReturnsResultsByIndex() throws {
        let order = [3, 0, 4, 1, 2]
        let taken = Locked<[Int]>([])
        let locals = Locked(0)
        let results = try WorkQueue.run(count: 5, workers: 1, order: order, local: { locals.withLock { $0 += 1 } }) { index, _ in
            taken.withLock { $0.append(index) }
            return index * 10
        }
        #expect(results == [0, 10, 20, 30, 40])
        #expect(taken.withLock { $0 } == order)
        #expect(locals.withLock { $0 } == 1)
    }

    @Test func eachWorkerMakesOneLocalValue() throws {
        let locals = Locked(0)
        let results = try WorkQueue.run(count: 40, workers: 2, local: { locals.withLock { $0 += 1 } }) { index, _ in index }
        #expect(results == Array(0..<40))
        #expect((1...2).contains(locals.withLock { $0 }))
    }

    @Test func planTakesTheLargestFilesFirst() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, size) in [("a.png", 10), ("b.png", 300), ("c.png", 20), ("d.png", 300)] {
            try Data(repeating: 1, count: size).write(to: root.appendingPathComponent(name))
        }
        let plan = ThumbnailPlan(model: model(thumbnails: ["a.png", "b.png", "c.png", "d.png"].map { ($0, .cover) }),
                                 paths: ContentPaths(root: root))
        #expect(plan.largestFirst == [1, 3, 2, 0])
    }

    /// A smaller file after a larger one must not show the larger one's tail.
    @Test func sourceBufferLendsExactlyEachFilesBytes() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let large = Data((0..<5000).map { UInt8($0 % 251) }), small = Data("small".utf8), empty = Data()
        let buffer = SourceBuffer()
        for (index, bytes) in [large, small, empty, large].enumerated() {
            let file = root.appendingPathComponent("\(index)")
            try bytes.write(to: file)
            #expect(try buffer.withContents(of: file, limit: 10_000) { Data($0) } == bytes)
        }
    }

    @Test func sourceBufferRefusesAFileOverTheLimitUnread() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("big.jpg")
        try Data(count: 2048).write(to: file)
        #expect(throws: SourceTooLarge(bytes: 2048, limit: 1024)) {
            try SourceBuffer().withContents(of: file, limit: 1024) { _ in Issue.record("the file was read") }
        }
    }

    /// The fast path's failures are reported as reading the file the ordinary way would.
    @Test func sourceBufferReportsAMissingFileAsFoundationDoes() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = root.appendingPathComponent("missing.png")
        var expected = ""
        do { _ = try Data(contentsOf: missing) } catch { expected = error.localizedDescription }
        var actual = ""
        do { try SourceBuffer().withContents(of: missing, limit: 1024) { _ in } } catch { actual = error.localizedDescription }
        #expect(!expected.isEmpty && actual == expected)
    }
}
