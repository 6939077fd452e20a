import Foundation
import Testing
@testable import Catalog

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) or SIGTERM during each stage of a real build of the binary: it ends
/// within a second with one line saying the output is unchanged and status 128 + signal,
/// and the output's parent folder (the output with it) and the cache hold exactly what
/// they held before, with no staging folder and no temporary file, once the process that
/// removes the staging folder after the build's exit (`.site.trash-PID`) has ended.
///
/// The stage is known from `--timings`, which prints `stage NAME (at S s)` as each stage
/// begins: the signal goes as soon as the stage's line appears, and the test then checks
/// that the next stage's line never did, so the signal came while the stage ran.
@Suite(.serialized) struct InterruptTests {
    /// Each stage, with the one after it, the signal sent, and what the stage must have
    /// done before the signal goes (none: at its start): `cache/thumbnails` holding four
    /// thumbnails, or the staging folder holding the page of book b5 (of b0 to b10).
    static let cases: [(stage: String, next: String, signal: Int32, progress: Progress)] = [
        ("load", "validate and model", SIGINT, .none),
        ("validate and model", "thumbnails", SIGTERM, .none),
        ("thumbnails", "site", SIGINT, .none),
        ("thumbnails", "site", SIGTERM, .thumbnails(4)),
        ("site", "payloads, waited for", SIGINT, .none),
        ("site", "payloads, waited for", SIGTERM, .page("en-us/b5/index.html")),
    ]

    enum Progress {
        case none
        case thumbnails(Int)
        case page(String)

        /// True once the build (process `pid`, in `work`, its output in `parent`) has got this far.
        func reached(in work: URL, parent: String, pid: pid_t) -> Bool {
            switch self {
            case .none: return true
            case .thumbnails(let count):
                let names = (try? FileManager.default.contentsOfDirectory(atPath: work.path + "/cache/thumbnails")) ?? []
                return names.count { $0.hasSuffix(".thumb") } >= count
            case .page(let path):
                return FileManager.default.fileExists(atPath: work.path + "/\(parent)/.site.building-\(pid)/" + path)
            }
        }
    }

    /// Three seconds: the promise is one, the rest is slack for a loaded machine (the
    /// measured times are printed). What the build does after the signal is bounded by
    /// its CPU time, which a busy machine hardly changes: a tenth of what it was when the
    /// interrupt removed the staging folder itself.
    static let limit = 3.0
    static let cpuLimit = 0.3

    @Test(arguments: cases.indices)
    func interruptLeavesEverythingAsItWas(_ index: Int) throws {
        let (stage, next, signal, progress) = Self.cases[index]
        let corpus = try InterruptCorpus.shared()
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let parent = work.appendingPathComponent("out"), cache = work.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: corpus.output, to: parent.appendingPathComponent("site"))
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        if stage == "site" {
            // The thumbnails from the cache, so that the site stage comes soon; no build
            // state, so that the build is a full one.
            try FileManager.default.copyItem(at: corpus.thumbnailCache, to: cache.appendingPathComponent("thumbnails"))
        }
        let before = FolderListing(parent), cacheBefore = FolderListing(cache)

        let run = try InterruptedBuild(content: corpus.content, in: work, stage: stage, signal: signal, after: progress)
        let removal = TrashRemoval(beside: parent)
        print(String(format: "InterruptTests: %@ (%@), signal %d: exited %.3f s after the signal (%.2f s of CPU); "
                     + "trash %@ removed %.3f s after the exit", stage, "\(progress)", signal, run.seconds,
                     run.cpuSeconds, "\(removal.seen)", removal.seconds))

        #expect(run.status == 128 + signal, "\(run.stderr)")
        #expect(run.seconds <= Self.limit, "took \(run.seconds) s to stop")
        #expect(run.cpuSeconds <= Self.cpuLimit, "used \(run.cpuSeconds) s of CPU to stop")
        #expect(removal.finished, "\(removal.seen) still there after \(removal.seconds) s")
        if case .page = progress {
            // The staging folder's thousands of files are removed after the exit, not before.
            #expect(removal.seen.count == 1, "\(removal.seen)")
        }
        #expect(!run.stderr.contains("stage \(next) ("), "the signal came after \(stage) had ended: \(run.stderr)")
        #expect(run.stderr.hasSuffix("stage \(stage) (at \(run.stageStart))\nInterrupted; out/site/ is unchanged.\n"),
                "\(run.stderr)")
        #expect(FolderListing(parent) == before)
        // The cache gains only whole thumbnails, each as the complete build made it, and the
        // output's state folder, empty (the site stage's body state was written to a
        // temporary file there, removed by the interrupt).
        let complete = FolderListing(corpus.thumbnailCache).entries
        let gained = FolderListing(cache).entries.filter {
            cacheBefore.entries[$0.key] == nil && !($0.key.hasPrefix(BuildStateFolder.parent + "/") && $0.key.hasSuffix("/"))
        }
        #expect(gained.allSatisfy { $0.key == "thumbnails/" || complete[String($0.key.dropFirst("thumbnails/".count))] == $0.value },
                "\(gained.keys.sorted())")
        if stage != "thumbnails" { #expect(gained.keys.allSatisfy { $0 == "thumbnails/" }) }
    }

    /// An output whose parent folders did not exist: the build made them for its staging
    /// folder, and the interrupt's remover takes them away after it, so that the folder
    /// the command was given holds what it held (nothing).
    @Test func interruptLeavesNoFoldersAboveItsOutput() throws {
        let corpus = try InterruptCorpus.shared()
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let cache = work.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: corpus.thumbnailCache, to: cache.appendingPathComponent("thumbnails"))
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        let before = FolderListing(work.appendingPathComponent("out"))

        let run = try InterruptedBuild(content: corpus.content, in: work, stage: "site", signal: SIGINT,
                                       after: .page("en-us/b5/index.html"), parent: "out/new/deeper")
        let removal = TrashRemoval(beside: work.appendingPathComponent("out/new/deeper"))
        #expect(run.status == 128 + SIGINT, "\(run.stderr)")
        #expect(removal.seen.count == 1, "\(removal.seen)")
        #expect(removal.finished, "\(removal.seen) still there after \(removal.seconds) s")
        #expect(run.stderr.hasSuffix("Interrupted; out/new/deeper/site/ is unchanged.\n"), "\(run.stderr)")
        // The remover takes the made folders away just after the trash folder.
        let made = work.appendingPathComponent("out/new").path, deadline = Date().addingTimeInterval(10)
        while FileManager.default.fileExists(atPath: made), Date() < deadline { usleep(2_000) }
        #expect(!FileManager.default.fileExists(atPath: made))
        #expect(FolderListing(work.appendingPathComponent("out")) == before)
    }

    /// Staging folders and cache files that an earlier build left when it was killed
    /// (SIGKILL: no cleanup) go with the next build; those of a process that runs stay.
    @Test func buildRemovesWhatADeadBuildLeft() throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let content = work.appendingPathComponent("content")
        for (path, text) in GeneratedContent.files(books: 1, chapters: 1, sections: 1)
            .merging(["catalog.yml": TempContent.minimalCatalog], uniquingKeysWith: { $1 }) {
            let file = content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let dead = try Self.endedProcessID(), alive = getpid()
        let leftOvers = [".site.building-\(dead)/index.html", ".site.old-\(dead)/index.html", ".site.trash-\(dead)/a/index.html",
                         "cache/.build-state.tsv.tmp-\(dead)-1", "cache/thumbnails/.abc.thumb.tmp-\(dead)-7"]
        let kept = [".site.building-\(alive)/index.html", ".site.trash-\(alive)/index.html",
                    "cache/thumbnails/.abc.thumb.tmp-\(alive)-2"]
        for path in leftOvers + kept {
            let file = work.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("partial".utf8).write(to: file)
        }
        let run = try BinaryRunner.run(["build", "--content", "content", "--output", "site", "--cache", "cache"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        for path in leftOvers {
            let top = path.hasPrefix("cache") ? path : String(path.prefix { $0 != "/" })
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent(top).path), "\(top) is left")
        }
        for path in kept { #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent(path).path)) }
    }

    /// The PID of a process that has ended (and been waited for).
    static func endedProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}

/// A build of the binary with `--timings`, signalled as soon as `stage` begins.
struct InterruptedBuild {
    var status: Int32 = -1
    /// Wall-clock time from the signal to the exit.
    var seconds = 0.0
    /// CPU time (user and system, all threads) the build used from the signal to its exit:
    /// unlike the wall-clock time, hardly longer on a machine busy with other work.
    var cpuSeconds = 0.0
    var stderr = ""
    /// The stage line's time, as printed (`1.234 s`).
    var stageStart = ""

    init(content: URL, in work: URL, stage: String, signal: Int32, after progress: InterruptTests.Progress,
         parent: String = "out") throws {
        let log = work.appendingPathComponent("stderr.log")
        let pid = try HostileRun.spawn(
            BinaryRunner.executable.path,
            ["build", "--content", content.path, "--output", "\(parent)/site", "--cache", "cache", "--timings"],
            in: work.path, env: ProcessInfo.processInfo.environment, stdout: "/dev/null", stderr: log.path)
        let marker = "stage \(stage) (at "
        let deadline = Date().addingTimeInterval(600)
        var text = ""
        while Self.isRunning(pid), !text.contains(marker), Date() < deadline {
            usleep(2_000)
            text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
        while Self.isRunning(pid), !progress.reached(in: work, parent: parent, pid: pid), Date() < deadline {
            usleep(2_000)
        }
        let cpuBefore = HostileRun.cpuTime(pid), sent = Date()
        kill(pid, signal)
        var (stopped, usage) = Self.waitForExit(pid, seconds: 30)
        seconds = Date().timeIntervalSince(sent)
        if stopped == nil {
            kill(pid, SIGKILL)
            (stopped, usage) = Self.waitForExit(pid, seconds: 600)
        }
        let cpuTotal = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        cpuSeconds = max(0, cpuTotal - cpuBefore)
        if let stopped, stopped & 0x7f == 0 { status = (stopped >> 8) & 0xff }
        stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: log)
        if let range = stderr.range(of: marker) {
            stageStart = String(stderr[range.upperBound...].prefix { $0 != ")" })
        }
    }

    /// True until the process has exited (it stays a zombie until `waitForExit`).
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    /// The wait status and resource usage once the process has ended; nil after `seconds`.
    private static func waitForExit(_ pid: pid_t, seconds: Double) -> (Int32?, rusage) {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0, usage = rusage()
        while Date() < deadline {
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { return (status, usage) }
            if done < 0 && errno != EINTR { return (nil, usage) }
            usleep(1_000)
        }
        return (nil, usage)
    }
}

/// The trash folders (`.site.trash-PID`) beside an interrupted build's output just after
/// it ended, and how long their removers took to remove them.
struct TrashRemoval {
    /// The trash folders present when the build had just ended.
    var seen: [String] = []
    /// From the build's end until no trash folder was left.
    var seconds = 0.0
    var finished = false

    init(beside parent: URL, limit: Double = 120) {
        let start = Date()
        seen = Self.trash(in: parent)
        while !Self.trash(in: parent).isEmpty, Date().timeIntervalSince(start) < limit { usleep(2_000) }
        seconds = Date().timeIntervalSince(start)
        finished = Self.trash(in: parent).isEmpty
    }

    private static func trash(in parent: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.contains(".trash-") }
    }
}

/// Every entry below a folder: a directory as `path/` with no bytes, a file with its bytes.
struct FolderListing: Equatable {
    var entries: [String: Data] = [:]

    init(_ root: URL) {
        list(root.path, relative: "")
    }

    private mutating func list(_ path: String, relative: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            let full = path + "/" + name, rel = relative + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                entries[rel + "/"] = Data()
                list(full, relative: rel + "/")
            } else {
                entries[rel] = FileManager.default.contents(atPath: full) ?? Data("unreadable".utf8)
            }
        }
    }
}

/// Content whose every stage lasts long enough in the debug binary to be interrupted
/// (1,453 contexts, 16 PNG thumbnails of 1400 × 1400 pixels), and one complete build of
/// it: each test starts from a copy of that output, with an empty cache, so its build is
/// a full one that makes every thumbnail.
final class InterruptCorpus: Sendable {
    let root: URL
    var content: URL { root.appendingPathComponent("content") }
    var output: URL { root.appendingPathComponent("site") }
    var thumbnailCache: URL { root.appendingPathComponent("cache/thumbnails") }

    private static let made = Locked<Result<InterruptCorpus, any Error>?>(nil)

    static func shared() throws -> InterruptCorpus {
        try made.withLock { made in
            if made == nil { made = Result { try InterruptCorpus() } }
            return try made!.get()
        }
    }

    private init() throws {
        root = Self.location
        try? FileManager.default.removeItem(at: root)
        atexit { try? FileManager.default.removeItem(at: InterruptCorpus.location) }
        let files = GeneratedContent.files(books: 11, chapters: 10, sections: 12)
            .merging(["catalog.yml": TempContent.minimalCatalog], uniquingKeysWith: { $1 })
        for (path, text) in files { try write(path, Data(text.utf8)) }
        for number in 0..<16 {
            try write("b\(number % 11)/c\(number / 11)/cover.png", try ImageCodec.encodePNG(Self.image(number, side: 1400)))
        }
        let run = try BinaryRunner.run(["build", "--content", "content", "--output", "site", "--cache", "cache"], in: root)
        guard run.status == 0 else { throw POSIXError(.EIO) }
    }

    private static var location: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("interrupt-corpus-\(getpid())")
    }

    private func write(_ path: String, _ data: Data) throws {
        let file = content.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// A different gradient for each number, so that every image is its own job.
    /// Rows of one pattern, each shifted by a pixel (made a row at a time: the test is a
    /// debug build).
    static func image(_ number: Int, side: Int) -> PixelImage {
        let row = (0..<side * 3).map { UInt8(truncatingIfNeeded: $0 * (number + 3) / 7) }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side * 3)
        for y in 0..<side {
            let shift = (y * 3) % row.count
            pixels += row[shift...]
            pixels += row[..<shift]
        }
        return PixelImage(width: side, height: side, channels: 3, pixels: pixels)
    }
}
