@testable import Catalog
import Foundation
import Testing

/// File-system problems with the output, through the built binary: each names the output
/// as the user wrote it and says what to do, never a Foundation error or the staging
/// folder; each leaves nothing behind.
@Suite(.serialized) struct OutputFailureEndToEndTests {
    let work: URL

    init() throws {
        work = try scratchDirectory()
        try Scaffold(locales: [LocaleID(normalizing: "en-us")!], bundleIdentifier: "com.example.fs", title: "FS")
            .write(into: work)
    }

    /// `chattr +i` makes a folder unwritable even for root (where `chmod` does not).
    static let canMakeImmutable: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("chattr-\(UUID().uuidString)")
        defer { _ = try? Self.tool("/usr/bin/chattr", ["-i", probe.path]); try? FileManager.default.removeItem(at: probe) }
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil else { return false }
        return (try? Self.tool("/usr/bin/chattr", ["+i", probe.path])) == 0
            && mkdir(probe.path + "/x", 0o755) != 0
    }()

    /// A private mount namespace with a tiny tmpfs: a disk that fills up.
    static let canMountSmallDisk: Bool = {
        (try? tool("/usr/bin/unshare", ["-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"])) == 0
    }()

    @Test(.enabled(if: canMakeImmutable)) func unwritableFolderExits2WithWhatToDo() throws {
        let locked = work.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        _ = try Self.tool("/usr/bin/chattr", ["+i", locked.path])
        defer {
            _ = try? Self.tool("/usr/bin/chattr", ["-i", locked.path])
            try? FileManager.default.removeItem(at: work)
        }
        let run = try BinaryRunner.run(["build", "-o", "locked/site"], in: work)
        #expect(run.status == 2)
        #expect(run.stderr == "error: cannot write the output locked/site: you have no permission to write in locked; choose another --output, or make locked writable\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path) == [])
    }

    /// sysfs refuses new folders even to root, after `access` said yes: the message comes
    /// from the build's own failure, and says the same.
    @Test func folderThatRefusesDuringTheBuildExits2() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["build", "-o", "/sys/site"], in: work)
        #expect(run.status == 2)
        #expect(run.stderr == "error: cannot write the output /sys/site: you have no permission to write in /sys; choose another --output, or make /sys writable\n")
        #expect(!run.stderr.contains("building"))
    }

    @Test(.enabled(if: canMountSmallDisk)) func fullDiskExits1AndLeavesNothing() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let small = work.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        // The scaffold's site takes about 100 kB of tmpfs pages (22 files), so 64 kB fills up.
        let script = "mount -t tmpfs -o size=64k tmpfs small && \"$0\" build -o small/site; status=$?; ls -A small; exit $status"
        let run = try BinaryRunner.run(["-m", "sh", "-c", script, BinaryRunner.executable.path], in: work,
                                       executable: URL(fileURLWithPath: "/usr/bin/unshare"))
        #expect(run.status == 1)
        #expect(run.stderr == "error: cannot write the output small/site: the disk is full; free some space and build again (small/site is left as it was)\n")
        #expect(run.stdout == "", "the small disk holds \(run.stdout)")
    }

    @Test func outputFailureNamesNoStagingFolder() {
        let cocoa = CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: "/x/.site.building-42"])
        #expect(OutputFailure.from(cocoa, output: "site") == OutputFailure(
            kind: .failed, description: "cannot write the output site: the disk is full; free some space and build again (site is left as it was)"))
        let denied = OutputPathError.failed("/x/.site.building-42/en-us", String(cString: strerror(EACCES)))
        #expect(OutputFailure.from(denied, output: "no-such-folder-s8/site").description
            == "cannot write the output no-such-folder-s8/site: you have no permission to write in the current folder; choose another --output, or make the current folder writable")
        #expect(OutputFailure.from(POSIXError(.EIO), output: "site") == OutputFailure(
            kind: .failed, description: "cannot write the output site: input/output error; site is left as it was"))
    }

    @discardableResult
    static func tool(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
