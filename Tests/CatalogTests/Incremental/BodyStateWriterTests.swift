import Foundation
import Testing
@testable import Catalog

/// `body-state.bin` written a page at a time (`BodyStateWriter`), as a cold build's site
/// stage does, gives the same bytes as the state serialized whole, and reads back as it was.
@Suite struct BodyStateWriterTests {
    static let identity = ["content\t/c", "output\t/o", "program\tp"]
    static let english = LocaleID(rawValue: "en-us"), french = LocaleID(rawValue: "fr-fr")

    static func page(_ number: Int, locale: LocaleID = english) -> BodyState.Page {
        BodyState.Page(path: "\(locale.rawValue)/b/s\(number)/index.html", locale: locale, document: number,
                       bodyStart: 1000 + number, bodyEnd: 2000 + 3 * number,
                       links: [LinkRecord(url: "s\(number + 1).md", isImage: false, result: "../s\(number + 1)/index.html")],
                       strongTexts: ["Section \(number)", "key"], summary: String(repeating: "Summary. ", count: 20),
                       customTypeName: number % 2 == 0 ? "" : "Lab")
    }

    static func file(_ bytes: Int, pages: [BodyState.Page]) -> BodyState.File {
        BodyState.File(isTranslation: false, frontMatterBytes: bytes, frontMatterHash: "00ff\(bytes)", pages: pages)
    }

    /// Enough pages for several megabyte pieces.
    static func largeState() -> BodyState {
        var files: [String: BodyState.File] = [:]
        for number in 0..<6000 {
            files["b/s\(number).md"] = file(40 + number, pages: [page(number), page(number, locale: french)])
        }
        return BodyState(buildState: FileStamp(size: 12, modified: 34, inode: 56), locales: [english, french],
                         contextCount: 12001, documentCounts: [english: 6000, french: 6000], files: files)
    }

    @Test func savedInPiecesIsTheStateSerializedWhole() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = Self.largeState()
        state.save(in: directory, identity: Self.identity)
        let saved = [UInt8](try Data(contentsOf: directory.appendingPathComponent(BodyState.fileName)))
        #expect(saved.count > 3 * BodyStateWriter.chunkSize)
        #expect(saved == state.serialized(identity: Self.identity))
        #expect(BodyState.read(from: directory, identity: Self.identity) == state)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [BodyState.fileName])
    }

    /// A file's fields are those of its first record, its pages in the order written; a
    /// file whose first record did not know its front matter is left out.
    @Test func aFileIsItsFirstRecordWithEveryPage() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = BodyStateWriter(directory: directory)
        writer.record(path: "a.md", file: Self.file(10, pages: []), page: Self.page(1))
        writer.record(path: "changed.md", file: Self.file(-1, pages: []), page: Self.page(2))
        writer.record(path: "a.md", file: Self.file(20, pages: []), page: Self.page(1, locale: Self.french))
        writer.record(path: "changed.md", file: Self.file(30, pages: []), page: Self.page(2, locale: Self.french))
        let trailer = BodyState(buildState: FileStamp(size: 1, modified: 2, inode: 3), locales: [Self.english, Self.french],
                                contextCount: 4, documentCounts: [Self.english: 3, Self.french: 3], files: [:])
        #expect(writer.commit { trailer.writeTrailer(identity: Self.identity, to: &$0) })
        var expected = trailer
        expected.files = ["a.md": Self.file(10, pages: [Self.page(1), Self.page(1, locale: Self.french)])]
        #expect(BodyState.read(from: directory, identity: Self.identity) == expected)
    }

    /// A writer dropped or discarded without a commit leaves nothing behind, and the state
    /// already in place stays as it was.
    @Test(arguments: [false, true])
    func aStateNotCommittedLeavesNoFile(discards: Bool) throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = Self.largeState()
        state.save(in: directory, identity: Self.identity)
        let before = try Data(contentsOf: directory.appendingPathComponent(BodyState.fileName))
        do {
            let writer = BodyStateWriter(directory: directory)
            for number in 0..<8000 { writer.record(path: "x\(number).md", file: Self.file(1, pages: []), page: Self.page(number)) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 2)
            if discards { writer.discard() }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [BodyState.fileName])
        #expect(try Data(contentsOf: directory.appendingPathComponent(BodyState.fileName)) == before)
    }
}

extension BodyStateWriterTests {
    /// A cold build writes its body state through a temporary file that it renames in.
    @Test func aColdBuildLeavesNoTemporaryFileInTheCache() throws {
        let scene = try BodyEditBuildTests.Scene(BodyEditBuildTests.files())
        defer { scene.remove() }
        #expect(try scene.build().wrote)
        let state = BuildStateFolder.url(in: scene.cache, output: scene.output)
        let names = try FileManager.default.contentsOfDirectory(atPath: state.path)
        #expect(names.contains(BodyState.fileName))
        #expect(!names.contains { $0.contains(AtomicFile.marker) })
    }
}
