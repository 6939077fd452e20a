import Foundation
import Testing
@testable import Catalog

/// The built `serve` stopped by SIGTERM or SIGINT (Ctrl-C): it exits within a second and
/// leaves nothing beside its output, with status 0 once it serves (also when the signal
/// follows the "Serving" line at once), and with 128 + signal during its first build, as
/// an interrupted `build` does.
@Suite(.serialized) struct ServeSignalTests {
    /// A `serve` process started in a scratch folder holding `content/`, serving `site`.
    struct Serve {
        let work: URL
        let process = Process()
        let log: URL

        init(files: [String: String]) throws {
            work = try scratchDirectory()
            for (path, text) in files.merging(["catalog.yml": TempContent.minimalCatalog], uniquingKeysWith: { $1 }) {
                let file = work.appendingPathComponent("content/" + path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            }
            log = work.appendingPathComponent("serve.log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.executableURL = BinaryRunner.executable
            process.arguments = ["serve", "--content", "content", "--output", "site", "--port", "0", "--cache", "cache"]
            process.currentDirectoryURL = work
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: log)
            try process.run()
        }

        var stderr: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        /// The work folder's entries (the staging folders of a build are hidden ones beside `site`).
        var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []).sorted() }

        /// Polls `condition` every 10 ms until it holds or `seconds` pass.
        static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if condition() { return true }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return condition()
        }

        /// Sends `signal` and waits up to `seconds` for the process to end; the time it took,
        /// or nil (after killing it) when it did not end.
        func stop(with signal: Int32, seconds: Double) -> Double? {
            let sent = Date()
            kill(process.processIdentifier, signal)
            guard Self.wait(seconds: seconds, until: { !process.isRunning }) else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            process.waitUntilExit()
            return Date().timeIntervalSince(sent)
        }

        func remove() { try? FileManager.default.removeItem(at: work) }
    }

    /// No cache folder: `serve` keeps only thumbnails there, and this catalog has none.
    static let expectedEntries = ["content", "serve.log", "site"]

    @Test(arguments: [SIGTERM, SIGINT])
    func stopsWhileServing(signal: Int32) throws {
        let serve = try Serve(files: GeneratedContent.files(books: 1, chapters: 1, sections: 2))
        defer { serve.remove() }
        #expect(Serve.wait(seconds: 60) { serve.stderr.contains("Serving site/ at http://127.0.0.1:") }, "\(serve.stderr)")
        let seconds = serve.stop(with: signal, seconds: 1)
        #expect(seconds != nil, "serve did not stop within 1 s of signal \(signal)")
        print("ServeSignalTests: stopped \(String(format: "%.3f", seconds ?? -1)) s after signal \(signal)")
        #expect(serve.process.terminationReason == .exit && serve.process.terminationStatus == 0,
                "exit status \(serve.process.terminationStatus) (\(serve.process.terminationReason)): \(serve.stderr)")
        #expect(serve.stderr.hasSuffix("Stopped\n"))
        #expect(serve.entries == Self.expectedEntries)
        #expect(FileManager.default.fileExists(atPath: serve.work.appendingPathComponent("site/index.html").path))
    }

    /// A signal while the first build is writing its staging folder.
    @Test(arguments: [SIGTERM, SIGINT])
    func stopsDuringTheFirstBuild(signal: Int32) throws {
        let serve = try Serve(files: GeneratedContent.files(books: 6, chapters: 8, sections: 12))
        defer { serve.remove() }
        let staging = Serve.wait(seconds: 60) { serve.entries.contains { $0.hasPrefix(".site.building-") } }
        #expect(staging, "the first build's staging folder appeared")
        #expect(!serve.stderr.contains("Serving"), "the signal comes before the first build ends")
        let seconds = serve.stop(with: signal, seconds: 1)
        #expect(seconds != nil, "serve did not stop within 1 s of signal \(signal)")
        print("ServeSignalTests: stopped \(String(format: "%.3f", seconds ?? -1)) s after signal \(signal)")
        #expect(serve.process.terminationReason == .exit && serve.process.terminationStatus == 128 + signal,
                "exit status \(serve.process.terminationStatus) (\(serve.process.terminationReason)): \(serve.stderr)")
        // The staging folder goes once its remover (`.site.trash-PID`) has run, after the exit.
        #expect(Serve.wait(seconds: 60) { serve.entries.allSatisfy { !$0.hasPrefix(".") } },
                "no staging folder is left: \(serve.entries)")
        #expect(!FileManager.default.fileExists(atPath: serve.work.appendingPathComponent("site").path),
                "no output is made from a build cut short")
    }
}
