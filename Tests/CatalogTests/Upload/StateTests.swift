import Foundation
import Testing
@testable import Catalog

@Suite struct UploadStateTests {
    @Test func stateRoundTripsThroughTheFile() throws {
        let directory = try TestCatalog.temporaryDirectory()
        let store = StateStore(file: directory.appendingPathComponent(".catalog-upload/development.json"))
        var state = UploadState(environment: "development")
        let catalog = TestCatalog.make(sections: 1, leaves: 2)
        catalog.contexts.forEach { state.record($0) }
        state.record(TestCatalog.thumbnail("t.png", sha: "abc"))
        try store.save(state)
        let loaded = try store.load(environment: "development")
        #expect(loaded == state)
        #expect(loaded.hash(of: catalog.contexts[3].key) == catalog.contexts[3].sha256)
        #expect(loaded.hash(ofThumbnail: "t.png") == "abc")
        state.forget(catalog.contexts[3].key)
        state.forget(thumbnail: "t.png")
        try store.save(state)
        #expect(try store.load(environment: "development") == state)
    }

    @Test func saveReplacesTheFileWholeAndLeavesNoTemporaryFiles() throws {
        let directory = try TestCatalog.temporaryDirectory()
        let file = directory.appendingPathComponent("state.json")
        let store = StateStore(file: file)
        var state = UploadState(environment: "production")
        for item in TestCatalog.make(sections: 2, leaves: 8).contexts {
            state.record(item)
            try store.save(state)
            #expect(try store.load(environment: "production") == state)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["state.json"])
    }

    /// An upload killed while it saved (or interrupted then: it exits at once when no
    /// request is in flight) leaves `.NAME.tmp-PID-N`; the next save removes it once that
    /// process has ended, and never a live process's file or a file of another name.
    @Test func saveRemovesTheTemporaryFileOfAnUploadThatEnded() throws {
        let directory = try TestCatalog.temporaryDirectory()
        let store = StateStore(file: directory.appendingPathComponent("production.json"))
        let ended = ".production.json.tmp-2147483646-1", running = ".production.json.tmp-1-1"
        for name in [ended, running, ".production.json.swp"] {
            try Data("{".utf8).write(to: directory.appendingPathComponent(name))
        }
        try store.save(UploadState(environment: "production"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == [".production.json.swp", running, "production.json"])
        #expect(try store.load(environment: "production") == UploadState(environment: "production"))
    }

    @Test func missingStateIsEmptyAndAWrongOrBrokenOneIsAnError() throws {
        let directory = try TestCatalog.temporaryDirectory()
        let store = StateStore(file: directory.appendingPathComponent("s.json"))
        #expect(try store.load(environment: "development").contexts.isEmpty)
        try store.save(UploadState(environment: "production"))
        #expect(throws: UploadError.self) { try store.load(environment: "development") }
        try Data("{\"environment\":".utf8).write(to: store.file)
        #expect(throws: UploadError.self) { try store.load(environment: "development") }
    }

    @Test func stateIsNeverWrittenThroughALinkedFolder() throws {
        let directory = try TestCatalog.temporaryDirectory()
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let linked = directory.appendingPathComponent(".catalog-upload")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: elsewhere)
        let store = StateStore(file: linked.appendingPathComponent("development.json"))
        #expect(throws: UploadError.state(store.file.path, "its folder \(linked.path) is a symbolic link; "
                + "remove the link (or give --state a path in a real folder)")) {
            try store.save(UploadState(environment: "development"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
    }
}
