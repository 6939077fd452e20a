import Foundation
import Testing
@testable import Catalog

/// The writer layer below the output: crafted paths and planted links are refused, with
/// the kernel's `openat2` and with its fallback, and nothing is written outside.
@Suite struct OutputDirectoryTests {
    /// work/staging (the directory written below) and work/outside (must stay empty).
    struct Work {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("outdir-\(UUID().uuidString)")
        var staging: URL { root.appendingPathComponent("staging") }
        var outside: URL { root.appendingPathComponent("outside") }

        init() throws {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        }

        /// Every path below `root` but those below the staging directory.
        func outsideListing() throws -> [String] {
            let names = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []
            return names.filter { !$0.hasPrefix("staging/") }.sorted()
        }
    }

    @Test(arguments: [
        ("", "the path is empty"), ("/etc/x", "the path is absolute"), ("../x", "the path has a `..` component"),
        ("a/../../x", "the path has a `..` component"), ("a/..", "the path has a `..` component"),
        ("./x", "the path has a `.` component"), ("a//b", "the path has an empty component"),
        ("a/", "the path has an empty component"), ("a\u{0}b", "the path holds a NUL byte"),
    ])
    func componentCheckRefuses(path: String, reason: String) {
        #expect(OutputDirectory.problem(path) == reason)
    }

    @Test(arguments: ["index.html", "en-us/book/index.html", "..a/a..", ".catalog-build", "a/.live-1.tmp", "%2E%2E/x", "é/ü"])
    func componentCheckAccepts(path: String) {
        #expect(OutputDirectory.problem(path) == nil)
    }

    @Test(arguments: [true, false])
    func craftedPathsAreRefusedAndNothingIsWrittenOutside(kernel: Bool) throws {
        let work = try Work()
        defer { try? FileManager.default.removeItem(at: work.root) }
        let directory = try OutputDirectory(path: work.staging.path, kernelContainment: kernel)
        let before = try work.outsideListing()
        for path in ["../x", "a/../../x", "../outside/x", "/tmp/x"] {
            #expect(throws: OutputPathError.self) { try directory.write(path, Data("x".utf8)) }
            #expect(throws: OutputPathError.self) { try directory.makeDirectories(path) }
        }
        #expect(try work.outsideListing() == before)
    }

    @Test(arguments: [true, false])
    func aPlantedLinkThatLeadsOutIsRefused(kernel: Bool) throws {
        let work = try Work()
        defer { try? FileManager.default.removeItem(at: work.root) }
        try FileManager.default.createSymbolicLink(atPath: work.staging.appendingPathComponent("evil").path,
                                                   withDestinationPath: work.outside.path)
        try FileManager.default.createSymbolicLink(atPath: work.staging.appendingPathComponent("page.html").path,
                                                   withDestinationPath: work.outside.appendingPathComponent("victim.html").path)
        let directory = try OutputDirectory(path: work.staging.path, kernelContainment: kernel)
        let full = work.staging.path
        #expect(throws: OutputPathError.refused(full + "/evil/x.html", kernel && TestPlatform.isLinux ? "it resolves outside the output folder"
                                                    : "a folder on its way is a symbolic link or a file")) {
            try directory.write("evil/x.html", Data("x".utf8))
        }
        #expect(throws: OutputPathError.refused(full + "/evil", "it exists and is not a directory (a symbolic link leads anywhere)")) {
            try directory.makeDirectories("evil/sub")
        }
        #expect(throws: OutputPathError.refused(full + "/page.html", "it passes through a symbolic link")) {
            try directory.write("page.html", Data("x".utf8))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.outside.path) == [])
    }

    @Test func ordinaryPathsAreWritten() throws {
        let work = try Work()
        defer { try? FileManager.default.removeItem(at: work.root) }
        let directory = try OutputDirectory(path: work.staging.path)
        try directory.makeDirectories("en-us/book")
        try directory.write("en-us/book/index.html", Data("<p>".utf8))
        #expect(try directory.makeDirectory("en-us") == false)
        #expect(FileManager.default.contents(atPath: work.staging.path + "/en-us/book/index.html") == Data("<p>".utf8))
    }

    /// The build's sink makes parents first: a planted link where a page's folder goes is refused.
    @Test func theBuildSinkRefusesAPlantedLink() throws {
        let work = try Work()
        defer { try? FileManager.default.removeItem(at: work.root) }
        try FileManager.default.createSymbolicLink(atPath: work.staging.appendingPathComponent("en-us").path,
                                                   withDestinationPath: work.outside.path)
        let sink = try IncrementalSink(staging: work.staging, output: work.root.appendingPathComponent("site"), previous: [:])
        #expect(throws: OutputPathError.self) { try sink.write("en-us/book/index.html", Data("x".utf8)) }
        #expect(throws: OutputPathError.self) { try sink.write("../x.html", Data("x".utf8)) }
        #expect(throws: OutputPathError.self) { try DirectorySink(root: work.staging).write("en-us/x.html", Data("x".utf8)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.outside.path) == [])
        #expect(try work.outsideListing() == ["outside", "staging"])
    }
}
