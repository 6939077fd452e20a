import Catalog
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every write stays beneath the output, and `--output` never destroys what the tool did
/// not make (issue #16): unsafe identifiers are errors that `validate` reports too and
/// that stop `build` before it writes; an output folder is replaced only when it is empty,
/// carries the marker or `--force` is given; staging folders of dead builds are removed.
@Suite struct OutputContainmentTests {
    static let unsafeMessage = "write a name of letters, digits and dashes, such as measurements-quiz [identifier-unsafe]"

    static func page(_ title: String, identifier: String) -> String {
        "---\ntitle: \(title)\nidentifier: \(identifier)\nsummary: A page.\n---\nBody.\n"
    }

    /// The lines of `stderr` that are diagnostics.
    static func diagnostics(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") || $0.contains(": warning: ") }
    }

    @Test func dotDotIdentifiersAreErrorsAndNothingIsWritten() throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("book/index.md", Self.page("Book", identifier: "\"..\""))
        try work.write("book/chapter/index.md", Self.page("Chapter", identifier: "\"..\""))
        try work.write("book/chapter/lesson.md", Self.page("Lesson", identifier: "\"..\""))
        // The victim's own files above the output, which the defect overwrote.
        let victim = work.root.appendingPathComponent("out/x/index.html")
        try FileManager.default.createDirectory(at: victim.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("the user's page\n".utf8).write(to: victim)
        let before = work.listing(excluding: ["out/x/y/site", "cache"])
        let expected = ["content/book/chapter/index.md", "content/book/chapter/lesson.md", "content/book/index.md"].map {
            "\($0):3:13: error: the identifier '..' would name the folder of its parent's page or one above it; \(Self.unsafeMessage)"
        }
        let build = try HostileRun.run(["build", "--content", "content", "--output", "out/x/y/site", "--cache", "cache"], in: work)
        build.expectSafe()
        #expect(build.status == 1)
        #expect(Self.diagnostics(build.stderr) == expected)
        #expect(work.listing(excluding: ["out/x/y/site", "cache"]) == before)
        #expect(!FileManager.default.fileExists(atPath: work.root.appendingPathComponent("out/x/y/site").path))
        #expect(FileManager.default.contents(atPath: victim.path) == Data("the user's page\n".utf8))
        let validate = try HostileRun.run(["validate", "--content", "content"], in: work)
        #expect(validate.status == 1)
        #expect(Self.diagnostics(validate.stderr) == expected)
    }

    @Test(arguments: [
        ("\".\"", "would name the folder of its parent's page or one above it"),
        ("a/b", "holds a path separator (/ or \\)"),
        ("'a\\b'", "holds a path separator (/ or \\)"),
    ])
    func unsafeIdentifiersAreErrors(identifier: String, problem: String) throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("book/index.md", "---\ntitle: Book\n---\n")
        try work.write("book/lesson.md", Self.page("Lesson", identifier: identifier))
        let before = work.listing()
        let shown = identifier.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        let run = try HostileRun.run(["build", "--content", "content", "--output", "out/site", "--cache", "cache"], in: work)
        run.expectSafe()
        #expect(run.status == 1)
        #expect(Self.diagnostics(run.stderr) == ["content/book/lesson.md:3:13: error: the identifier '\(shown)' \(problem); \(Self.unsafeMessage)"])
        #expect(work.listing() == before)
        #expect(!FileManager.default.fileExists(atPath: work.root.appendingPathComponent("out/site").path))
    }

    /// An escape sequence in front matter and one in a file name: errors, printed escaped.
    @Test func controlCharactersAreErrorsAndNeverPrintedRaw() throws {
        let work = try HostileWork()
        defer { work.remove() }
        try work.write("book/index.md", "---\ntitle: Book\n---\n")
        try work.write("book/lesson.md", Self.page("Lesson", identifier: "\"red\\e[31m\\rX\""))
        try work.write("book/bell\u{7}\u{1B}]0;pwned.md", "---\ntitle: Bell\nsummary: A bell.\n---\n")
        let before = work.listing()
        let run = try HostileRun.run(["build", "--content", "content", "--output", "out/site", "--cache", "cache"], in: work)
        run.expectSafe()
        #expect(run.status == 1)
        #expect(Self.diagnostics(run.stderr) == [
            "content/book/bell\\u{7}\\u{1B}]0;pwned.md:1:1: error: the identifier 'bell\\u{7}\\u{1B}]0;pwned' holds a control character; \(Self.unsafeMessage)",
            "content/book/lesson.md:3:13: error: the identifier 'red\\u{1B}[31m\\u{D}X' holds a control character; \(Self.unsafeMessage)",
        ])
        #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(work.listing() == before)
        let github = try HostileRun.run(["validate", "--content", "content", "--format", "github"], in: work)
        #expect(github.status == 1)
        #expect(github.stdout.split(separator: "\n").count == 2)
        #expect(!github.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let json = try HostileRun.run(["validate", "--content", "content", "--format", "json"], in: work)
        #expect(json.stdout.contains("red\\u001b[31m\\rX"))
        #expect(!json.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    // MARK: --output ownership

    static func validContent(_ work: HostileWork) throws {
        try work.write("book/index.md", "---\ntitle: Book\n---\n")
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\nBody.\n")
    }

    static func userFolder(_ work: HostileWork) throws -> URL {
        let folder = work.root.appendingPathComponent("out/site")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try Data("my notes\n".utf8).write(to: folder.appendingPathComponent("notes/todo.txt"))
        return folder
    }

    @Test func aFolderTheBuildDidNotMakeIsRefusedAndUnchanged() throws {
        let work = try HostileWork()
        defer { work.remove() }
        try Self.validContent(work)
        _ = try Self.userFolder(work)
        let before = work.listing(excluding: ["cache"])
        for command in ["build", "serve"] {
            let run = try HostileRun.run([command, "--content", "content", "--output", "out/site", "--cache", "cache"], in: work)
            run.expectSafe()
            #expect(run.status == 2)
            // As for every path the command cannot use (exit 2): the message alone.
            #expect(run.stderr == "error: the output out/site holds files that catalog-build did not make (it has no .catalog-build marker), and a build replaces the output whole; choose another --output, or pass --force to replace it anyway\n")
            #expect(work.listing(excluding: ["cache"]) == before)
        }
    }

    @Test func forceReplacesAFolderTheBuildDidNotMake() throws {
        let work = try HostileWork()
        defer { work.remove() }
        try Self.validContent(work)
        let folder = try Self.userFolder(work)
        let before = work.listing()
        let run = try HostileRun.run(["build", "--content", "content", "--output", "out/site", "--cache", "cache", "--force"], in: work)
        run.expectSafe()
        #expect(run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes").path))
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent(".catalog-build").path)
            == Data(OutputOwnership.markerText.utf8))
        #expect(work.listing() == before)
    }

    /// An output that carries the marker, and one that a version before the marker wrote
    /// (its manifest and home page), are replaced without `--force`; then a second build
    /// replaces its own output, byte-identical.
    @Test(arguments: [true, false])
    func anOutputTheBuildMadeIsReplaced(withMarker: Bool) throws {
        let work = try HostileWork()
        defer { work.remove() }
        try Self.validContent(work)
        let first = try HostileRun.run(["build", "--content", "content", "--output", "out/site", "--cache", "cache"], in: work)
        #expect(first.status == 0)
        let site = work.root.appendingPathComponent("out/site")
        if !withMarker { try FileManager.default.removeItem(at: site.appendingPathComponent(".catalog-build")) }
        try Data("old".utf8).write(to: site.appendingPathComponent("stale.txt"))
        let before = work.listing()
        let second = try HostileRun.run(["build", "--content", "content", "--output", "out/site", "--cache", "cache"], in: work)
        second.expectSafe()
        #expect(second.status == 0)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("stale.txt").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(".catalog-build").path))
        #expect(work.listing() == before)
    }

    @Test func anEmptyFolderIsUsed() throws {
        let work = try HostileWork()
        defer { work.remove() }
        try Self.validContent(work)
        try FileManager.default.createDirectory(at: work.root.appendingPathComponent("out/site"), withIntermediateDirectories: true)
        let run = try HostileRun.run(["build", "--content", "content", "--output", "out/site", "--cache", "cache"], in: work)
        #expect(run.status == 0)
    }

    // MARK: Leftover staging folders

    /// The PID of a process that has ended (spawned and reaped).
    static func deadProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func stagingFoldersOfDeadBuildsAreRemovedAndOfLiveOnesKept() throws {
        let work = try HostileWork()
        defer { work.remove() }
        try Self.validContent(work)
        let out = work.root.appendingPathComponent("out")
        let dead = out.appendingPathComponent(".site.building-\(try Self.deadProcessID())")
        let deadOld = out.appendingPathComponent(".site.old-\(try Self.deadProcessID())")
        let live = out.appendingPathComponent(".site.building-\(getpid())")
        let other = out.appendingPathComponent(".docs.building-\(try Self.deadProcessID())")
        for folder in [dead, deadOld, live, other] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("en-us"), withIntermediateDirectories: true)
            try Data("half".utf8).write(to: folder.appendingPathComponent("en-us/index.html"))
        }
        let run = try HostileRun.run(["build", "--content", "content", "--output", "out/site", "--cache", "cache"], in: work)
        run.expectSafe()
        #expect(run.status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(left == [other.lastPathComponent, live.lastPathComponent, "site"].sorted())
    }
}
