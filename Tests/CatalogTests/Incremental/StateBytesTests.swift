import Crypto
import Foundation
import Testing
@testable import Catalog

/// The build state written as bytes and the content stamped on several threads, against
/// the simple implementations they replaced.
struct StateBytesTests {
    @Test func serializedStateIsTheLineFormat() throws {
        let stamp = FileStamp(size: 0, modified: 1_795_280_205_404_415_692, inode: 6_555_121)
        let inputs = ["b/index.md": stamp, "a/été.md": FileStamp(size: 42, modified: -1, inode: 0)]
        let outputs = ["x/index.html": stamp, "e\u{301}/index.html": FileStamp(size: 9, modified: 10, inode: 11)]
        let state = BuildState(identity: ["content\t/c", "output\t/o", "program\tunknown"], inputs: inputs,
                               outputs: outputs, isClean: false)
        // Lines in the order of the paths' UTF-8 bytes: `e\u{301}` (NFD) before `x`, where
        // `<` puts it after, as it puts `é`.
        var lines = [BuildState.formatLine, "content\t/c", "output\t/o", "program\tunknown", "clean\t0"]
        let byBytes = { (left: (key: String, value: FileStamp), right: (key: String, value: FileStamp)) in
            left.key.utf8.lexicographicallyPrecedes(right.key.utf8)
        }
        for (path, stamp) in inputs.sorted(by: byBytes) { lines.append("I\t\(path)\t\(stamp.fields)") }
        for (path, stamp) in outputs.sorted(by: byBytes) { lines.append("O\t\(path)\t\(stamp.fields)") }
        #expect(lines[7].hasPrefix("O\te\u{301}/"))
        let bytes = try #require(state.serialized)
        #expect(String(decoding: bytes, as: UTF8.self) == lines.joined(separator: "\n") + "\n")
        #expect(BuildState(text: String(decoding: bytes, as: UTF8.self)) == state)
        var unwritable = state
        unwritable.outputs["tab\there"] = stamp
        #expect(unwritable.serialized == nil)
        // Each table is checked (they are sorted and checked on threads of their own).
        var newline = state, carriageReturn = state
        newline.inputs["line\nbreak.md"] = stamp
        carriageReturn.directories["return\r"] = stamp
        #expect(newline.serialized == nil && carriageReturn.serialized == nil)
    }

    /// A digest is the first half of the SHA-256, written as 32 hex digits.
    @Test func digestIsTheFirstHalfOfTheSHA256InHex() {
        let data = Data("<!doctype html>\n".utf8)
        let hex = SHA256.hash(data: data).prefix(16).map { String(format: "%02x", $0) }.joined()
        #expect(OutputDigest(of: data).hex == hex)
        #expect(IncrementalSink.hash(data) == hex)
    }

    /// Saved a piece at a time, the state is the same bytes as made whole.
    @Test func stateInPiecesIsTheSameBytes() throws {
        let stamp = FileStamp(size: 7, modified: 1_795_280_205_404_415_692, inode: 6_555_121)
        var outputs: [String: FileStamp] = [:]
        for number in 0..<50 { outputs["en/\(number)/index.html"] = FileStamp(size: Int64(number), modified: 1, inode: UInt64(number)) }
        let state = BuildState(identity: ["content\t/c", "output\t/o", "program\tunknown"], inputs: ["a.md": stamp],
                               outputs: outputs, directories: ["": stamp, "en": stamp], isClean: true)
        var pieces: [[UInt8]] = []
        #expect(state.serialize(chunkSize: 100) { pieces.append($0) })
        #expect(pieces.count > 10 && pieces.dropLast().allSatisfy { (100..<200).contains($0.count) })
        #expect(pieces.flatMap { $0 } == state.serialized)
        var unwritable = state
        unwritable.inputs["tab\there"] = stamp
        var emitted = 0
        #expect(!unwritable.serialize(chunkSize: 100) { _ in emitted += 1 })
        #expect(emitted == 0)
    }

    /// Enough directories at several depths that the walk is split among threads.
    @Test func stampsOfATreeAreEveryFileAndDirectory() throws {
        let root = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        var files: [String] = ["top.txt"]
        for book in 0..<3 {
            for chapter in 0..<20 {
                for section in 0..<2 { files.append("b\(book)/c\(chapter)/s\(section)/index.md") }
                files.append("b\(book)/c\(chapter)/chapter.md")
            }
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("empty/deeper"), withIntermediateDirectories: true)
        for (number, file) in files.enumerated() {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(repeating: 1, count: number).write(to: url)
        }
        let stamps = TreeStamps.collect(root)
        #expect(Set(stamps.keys) == Set(files))
        for file in files { #expect(stamps[file] == FileStamp(path: root.appendingPathComponent(file).path)) }
        let withDirectories = TreeStamps.collect(root, directories: true)
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        var expected: Set<String> = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
            expected.insert(isDirectory.boolValue ? path + "/" : path)
        }
        #expect(Set(withDirectories.keys) == expected)
    }
}
