import Crypto
import Foundation
import Testing
@testable import Catalog

/// `upload` run on a hostile output folder or state file: it sends nothing, reads no file
/// `build` did not write, never quotes the key, and ends. The API address is a closed
/// port on 127.0.0.1, so that even a failure of these checks could not send anything off
/// this machine; the end-to-end tests against a live server are in Tests/Upload.
@Suite struct UploadSecurityTests {
    /// work/out/site holds the upload fixture; work/AuthKey_TEST.p8 is a real key.
    func prepare() throws -> (HostileWork, URL) {
        let work = try HostileWork()
        let site = work.root.appendingPathComponent("out/site")
        try FileManager.default.createDirectory(at: site.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestCatalog.fixture, to: site)
        let key = work.root.appendingPathComponent("AuthKey_TEST.p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(to: key, atomically: true, encoding: .utf8)
        #expect(chmod(key.path, 0o600) == 0)
        return (work, key)
    }

    func upload(_ work: HostileWork, key: URL, _ extra: [String] = []) throws -> HostileOutcome {
        try HostileRun.run(["upload", "--output", "out/site", "--environment", "development", "--api-url", "http://127.0.0.1:9",
                            "--team-id", "T", "--key-id", "K", "--private-key", key.path] + extra, in: work, seconds: 30)
    }

    @Test func aManifestThatNamesTheKeyAsAThumbnailSendsNothing() throws {
        let (work, key) = try prepare()
        defer { work.remove() }
        let manifest = work.root.appendingPathComponent("out/site/catalog/manifest.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: "\"../thumbnails/805924e65dff89cc.png\"", with: "\"../../../AuthKey_TEST.p8\"")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let before = work.listing()
        let outcome = try upload(work, key: key)
        outcome.expectSafe()
        #expect(outcome.status == 1)
        let site = work.root.appendingPathComponent("out/site").path
        #expect(outcome.stderr == "error: \(site)/catalog/manifest.json: thumbnails[0] (thumbnailId \"805924e65dff89cc.png\") "
            + "names \"../../../AuthKey_TEST.p8\", which leads outside \(site)/thumbnails; upload sends only the files "
            + "`catalog-build build` writes there: run `catalog-build build` again\n")
        #expect(work.listing() == before)
        let pem = try String(contentsOf: key, encoding: .utf8)
        for line in pem.split(separator: "\n") where !line.hasPrefix("-----") {
            #expect(!outcome.stderr.contains(line) && !outcome.stdout.contains(line))
        }
    }

    @Test func aStateFileLinkedToADeviceIsRefusedAtOnce() throws {
        let (work, key) = try prepare()
        defer { work.remove() }
        let state = work.root.appendingPathComponent(".catalog-upload")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: state.appendingPathComponent("development.json").path,
                                                   withDestinationPath: "/dev/zero")
        let before = work.listing()
        let outcome = try upload(work, key: key, ["--dry-run"])
        // The default memory limit: a child's peak counts the test process it was spawned
        // from, and reading /dev/zero would pass any limit within the time limit. Reading
        // it would also use CPU for as long as it went on: the CPU time (not the wall
        // time, which a busy machine stretches) shows that it was refused at once.
        outcome.expectSafe()
        #expect(outcome.status == 1)
        #expect(outcome.cpuSeconds < 5, "\(outcome.cpuSeconds) s of CPU")
        #expect(outcome.stderr == "error: state file \(state.path)/development.json: it is not a regular file; "
            + "move it away to upload everything again\n")
        #expect(work.listing() == before)
    }

    @Test func plainHTTPToAnotherMachineIsRefusedBeforeAnythingIsRead() throws {
        let (work, key) = try prepare()
        defer { work.remove() }
        let before = work.listing()
        let outcome = try HostileRun.run(
            ["upload", "--output", "missing", "--environment", "development", "--api-url", "http://192.0.2.1/",
             "--team-id", "T", "--key-id", "K", "--private-key", key.path], in: work, seconds: 10)
        outcome.expectSafe()
        // The refusal itself (not a timed-out connection, which would say "no answer") shows
        // that nothing was tried: no wall-clock limit, which a busy machine would stretch.
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("error: --api-url http://192.0.2.1/ would send the bearer token in clear text to 192.0.2.1,"))
        #expect(work.listing() == before)
    }
}
