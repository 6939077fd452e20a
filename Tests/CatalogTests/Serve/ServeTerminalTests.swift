import Foundation
import Testing
@testable import Catalog

/// What `serve` prints in the terminal: each build's diagnostics in `build`'s format, the
/// first build's and each rebuild's when they changed (never the same list again for an
/// edit elsewhere), and `--open` starting the system's opener with the address.
@Suite(.serialized) struct ServeTerminalTests {
    /// A `serve` process in a scratch folder holding `content/`, its standard error in a file.
    struct Serve {
        let work: URL
        let process = Process()
        let log: URL

        init(files: [String: String], arguments: [String] = [], path: String? = nil) throws {
            work = try scratchDirectory()
            for (path, text) in files.merging(["catalog.yml": TempContent.minimalCatalog], uniquingKeysWith: { $1 }) {
                try Self.write(text, to: work.appendingPathComponent("content/" + path))
            }
            log = work.appendingPathComponent("serve.log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.executableURL = BinaryRunner.executable
            process.arguments = ["serve", "--content", "content", "--output", "site", "--port", "0", "--cache", "cache"] + arguments
            process.currentDirectoryURL = work
            var environment = ProcessInfo.processInfo.environment
            if let path { environment["PATH"] = path }
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: log)
            try process.run()
        }

        /// Written whole (`saveWhole`): written in place, a file was empty between its
        /// truncation and its write, and under two busy loops `serve` rebuilt in between and
        /// printed that empty file's diagnostics, one build more than the test counts.
        static func write(_ text: String, to file: URL) throws { try saveWhole(text, to: file) }

        func edit(_ path: String, _ text: String) throws { try Self.write(text, to: work.appendingPathComponent("content/" + path)) }

        var stderr: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        /// The served address from the "Serving" line.
        var address: String? {
            guard let start = stderr.range(of: " at http://") else { return nil }
            return "http://" + stderr[start.upperBound...].prefix { $0 != " " }
        }

        /// Standard error once it has `count` lines ending with `suffix` (up to 60 s).
        func lines(count: Int, lastEndingWith suffix: String) -> [String] {
            _ = ServeSignalTests.Serve.wait(seconds: 60) {
                let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                return lines.count >= count && lines.last?.hasSuffix(suffix) == true
            }
            return stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }

        /// What each build printed, once there are `count` builds (up to 60 s): the lines up
        /// to its closing "The content has …" or "Built in …" line, the "Serving" line left out.
        func builds(_ count: Int) -> [[String]] {
            func split() -> [[String]] {
                var builds: [[String]] = [], current: [String] = []
                for line in stderr.split(separator: "\n").map(String.init) where !line.hasPrefix("Serving ") {
                    current.append(line)
                    if line.hasPrefix("The content has ") || line.hasPrefix("Built in ") {
                        builds.append(current)
                        current = []
                    }
                }
                return builds
            }
            _ = ServeSignalTests.Serve.wait(seconds: 60) { split().count >= count }
            return split()
        }

        func stop() {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: work)
        }
    }

    static let badAge = "---\ntitle: \"Broken\"\nsummary: \"Ages.\"\ntype: section\nsuggestedAge: 11-9\n---\nText.\n"
    static let badTitle = "---\ntitle: \" \"\nsummary: \"Blank.\"\ntype: section\n---\nText.\n"
    static let ageError = "content/b0/c0/s0.md:5:15: error: suggestedAge lower bound 11 is above upper bound 9; "
        + "write the smaller number first [age-range]"
    static let titleError = "content/b0/c0/s1.md:2:8: error: the title is blank; write a title with visible text [title-length]"

    @Test func printsEachBuildsDiagnosticsOnce() throws {
        var files = GeneratedContent.files(books: 1, chapters: 1, sections: 2)
        files["b0/c0/s0.md"] = Self.badAge
        let serve = try Serve(files: files)
        defer { serve.stop() }
        let first = serve.builds(1)
        #expect(first == [[Self.ageError, "1 error, 0 warnings", "The content has 1 error(s), listed above; serving the list of them"]])
        #expect(serve.lines(count: 4, lastEndingWith: "(Ctrl-C to stop)").last == "Serving site/ at \(serve.address ?? "?") (Ctrl-C to stop)")

        try serve.edit("b0/c0/s1.md", Self.badTitle)
        let second = serve.builds(2).dropFirst()
        #expect(Array(second) == [[Self.ageError, Self.titleError, "2 errors, 0 warnings",
                                   "The content has 2 error(s), listed above; serving the list of them"]])

        // An edit that changes no diagnostic prints none again.
        try serve.edit("b0/index.md", GeneratedContent.page(title: "Book 0", type: nil, body: "Other text."))
        let third = serve.builds(3).dropFirst(2)
        #expect(Array(third) == [["The content has 2 error(s), listed above; serving the list of them"]])

        try serve.edit("b0/c0/s0.md", GeneratedContent.page(title: "Fixed", type: "section"))
        try serve.edit("b0/c0/s1.md", GeneratedContent.page(title: "Fixed too", type: "section"))
        _ = ServeSignalTests.Serve.wait(seconds: 60) { serve.builds(4).last?.last?.hasPrefix("Built in ") == true }
        let fixed = serve.builds(4).dropFirst(3).joined()
        #expect(fixed.allSatisfy { $0.hasPrefix("The content has 1 error(s)") || $0 == Self.titleError
                    || $0 == "1 error, 0 warnings" || $0.hasPrefix("Built in ") },
                "a rebuild between the two edits may show the second error alone: \(serve.stderr)")
        #expect(fixed.last?.hasPrefix("Built in ") == true, "\(serve.stderr)")
    }

    @Test func openStartsTheOpenerWithTheAddress() throws {
        let bin = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: bin) }
        let record = bin.appendingPathComponent("opened.txt")
        let opener = bin.appendingPathComponent(BrowserName.command)
        try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record.path)'\n".utf8).write(to: opener)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let serve = try Serve(files: GeneratedContent.files(books: 1, chapters: 1, sections: 1), arguments: ["--open"], path: path)
        defer { serve.stop() }
        let opened = ServeSignalTests.Serve.wait(seconds: 60) { FileManager.default.fileExists(atPath: record.path) }
        #expect(opened, "\(serve.stderr)")
        _ = ServeSignalTests.Serve.wait(seconds: 5) { ((try? String(contentsOf: record, encoding: .utf8)) ?? "").hasSuffix("\n") }
        let address = try #require(serve.address)
        #expect(address.hasPrefix("http://127.0.0.1:") && address.hasSuffix("/"))
        #expect(try String(contentsOf: record, encoding: .utf8) == address + "\n")
    }

    @Test func openWithoutAnOpenerSaysSo() throws {
        let empty = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let serve = try Serve(files: GeneratedContent.files(books: 1, chapters: 1, sections: 1), arguments: ["--open"],
                              path: empty.path)
        defer { serve.stop() }
        let lines = serve.lines(count: 3, lastEndingWith: "yourself")
        let address = try #require(serve.address)
        #expect(lines.last == "warning: cannot open a browser: \(BrowserName.command) is not on PATH; open \(address) yourself")
    }
}

/// The opener `serve --open` looks for on PATH.
enum BrowserName {
    #if os(macOS)
    static let command = "open"
    #else
    static let command = "xdg-open"
    #endif
}
