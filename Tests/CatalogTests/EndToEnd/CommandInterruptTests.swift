import Crypto
import Foundation
import Testing
@testable import Catalog

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C or SIGTERM during `validate`, `export --output` and `upload`: each ends at once
/// with one line and status 128 + signal. `validate` writes nothing; `export` leaves its
/// output file as it was and no temporary file beside it; `upload` stops the request in
/// flight, starts no other, and its state file records every request that was confirmed.
@Suite(.serialized) struct CommandInterruptTests {
    /// As generous as `InterruptTests.limit`: the exit itself takes milliseconds.
    static let limit = InterruptTests.limit

    @Test func validateStopsAtOnceAndWritesNothing() throws {
        let corpus = try InterruptCorpus.shared()
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let before = FolderListing(work)
        let run = try SignalledRun(["validate", "--content", corpus.content.path, "--cache", "cache", "--verbose"], in: work,
                                   signal: SIGINT) { _, stderr in !stderr.isEmpty }
        print(String(format: "CommandInterruptTests: validate exited %.3f s after the signal", run.seconds))
        #expect(run.status == 128 + SIGINT, "\(run.stderr)")
        #expect(run.seconds <= Self.limit)
        #expect(run.stderr.hasSuffix("\nInterrupted; nothing was written.\n"), "\(run.stderr)")
        #expect(FolderListing(work) == before)
    }

    @Test func exportLeavesItsFileAsItWas() throws {
        let corpus = try InterruptCorpus.shared()
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("the previous export\n".utf8).write(to: out.appendingPathComponent("app.json"))
        let before = FolderListing(out)
        // Once the thumbnails stage has stored its first thumbnail (the empty cache makes
        // it long), so that the export is well under way.
        let run = try SignalledRun(["export", "--content", corpus.content.path, "--cache", "cache", "--output", "out/app.json"],
                                   in: work, signal: SIGTERM) { _, _ in
            ((try? FileManager.default.contentsOfDirectory(atPath: work.path + "/cache/thumbnails")) ?? [])
                .contains { $0.hasSuffix(".thumb") }
        }
        print(String(format: "CommandInterruptTests: export exited %.3f s after the signal", run.seconds))
        #expect(run.status == 128 + SIGTERM, "\(run.stderr)")
        #expect(run.seconds <= Self.limit)
        #expect(run.stderr == "Interrupted; out/app.json is unchanged.\n")
        #expect(FolderListing(out) == before)
    }

    @Test func uploadStopsBetweenRequestsAndRecordsWhatWasConfirmed() throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.copyItem(at: TestCatalog.fixture, to: work.appendingPathComponent("site"))
        let key = work.appendingPathComponent("AuthKey_TEST.p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(to: key, atomically: true, encoding: .utf8)
        #expect(chmod(key.path, 0o600) == 0)
        // The context request (14 contexts) is confirmed; the first thumbnail's is held.
        let server = try HeldAPIServer(answering: 1)
        defer { server.stop() }
        let run = try SignalledRun(["upload", "--output", "site", "--environment", "development",
                                    "--api-url", "http://127.0.0.1:\(server.port)", "--team-id", "T", "--key-id", "K",
                                    "--private-key", key.path], in: work, signal: SIGINT) { _, _ in server.requests >= 2 }
        print(String(format: "CommandInterruptTests: upload exited %.3f s after the signal", run.seconds))
        #expect(run.status == 128 + SIGINT, "\(run.stderr)")
        #expect(run.seconds <= Self.limit)
        #expect(run.stderr == "upload: 3 requests to make: 14 contexts in 1 requests, 2 thumbnails, 0 deletes\n"
            + "upload: [1/3 requests, 2.8 KB] sent 14 contexts\n"
            + "upload: interrupted; sent 14 contexts and 0 thumbnails, skipped 0 unchanged contexts "
            + "and 0 thumbnails, deleted 0 contexts and 0 thumbnails, 2 not done, recorded in "
            + ".catalog-upload/development.json; run the same command to send the rest\n", "\(run.stderr)")
        #expect(server.requests == 2, "no request starts after the interrupt")
        let state = try StateStore(file: work.appendingPathComponent(".catalog-upload/development.json"))
            .load(environment: "development")
        #expect(state.contexts.count == 14)
        #expect(state.thumbnails.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path + "/.catalog-upload") == ["development.json"])
    }
}

/// A run of the binary in `work`, sent `signal` once `ready` (given its PID and standard
/// error so far) holds; standard error goes to `work/stderr.log` until it ends.
struct SignalledRun {
    var status: Int32 = -1
    /// From the signal to the exit.
    var seconds = 0.0
    var stderr = ""

    init(_ arguments: [String], in work: URL, signal: Int32, when ready: (pid_t, String) -> Bool) throws {
        let log = work.appendingPathComponent("stderr.log")
        let pid = try HostileRun.spawn(BinaryRunner.executable.path, arguments, in: work.path,
                                       env: ProcessInfo.processInfo.environment, stdout: "/dev/null", stderr: log.path)
        var wait: Int32 = 0
        let deadline = Date().addingTimeInterval(600)
        var ended = false
        while !ready(pid, (try? String(contentsOf: log, encoding: .utf8)) ?? ""), Date() < deadline {
            if waitpid(pid, &wait, WNOHANG) == pid {
                ended = true
                break
            }
            usleep(2_000)
        }
        let sent = Date()
        if !ended {
            kill(pid, signal)
            let stop = Date().addingTimeInterval(60)
            while waitpid(pid, &wait, WNOHANG) == 0, Date() < stop { usleep(1_000) }
            seconds = Date().timeIntervalSince(sent)
            if kill(pid, 0) == 0 {
                kill(pid, SIGKILL)
                waitpid(pid, &wait, 0)
            }
        }
        if wait & 0x7f == 0 { status = (wait >> 8) & 0xff }
        stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: log)
    }
}
