import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One end-to-end run of the built binary on hostile content, as SECURITY.md promises it:
/// the run ends within a time limit, stays under a memory limit, never dies of a signal,
/// and changes nothing outside its output (and cache): a sentinel file sits above the
/// output, and the whole work folder is listed before and after.
///
/// Layout of `work` (a fresh temporary folder):
///
///     work/sentinel.txt        must survive every run unchanged
///     work/content/            the hostile content (the test writes it)
///     work/out/site/           the default output (`--output out/site`)
///     work/cache/              the default cache (`--cache cache`)
struct HostileWork {
    let root: URL
    var content: URL { root.appendingPathComponent("content") }
    var sentinel: URL { root.appendingPathComponent("sentinel.txt") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("sentinel: must never change\n".utf8).write(to: sentinel)
        try write("catalog.yml", "bundleIdentifier: com.example.hostile\ntitle: Hostile\ndefaultLocale: en-us\nlocales: [en-us]\n")
    }

    /// Writes `text` at `path` below the content folder, making its folders.
    func write(_ path: String, _ text: String) throws { try write(path, Data(text.utf8)) }

    func write(_ path: String, _ data: Data) throws {
        let file = content.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// Makes a symbolic link at `path` (below the content) that points at `target`, as written.
    func link(_ path: String, to target: String) throws {
        let file = content.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
    }

    /// Makes a FIFO at `path` below the content.
    func fifo(_ path: String) throws {
        let file = content.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard mkfifo(file.path, 0o644) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Every entry below `root` but those under `excluded` (relative paths), with its kind,
    /// size and a digest of its bytes (links by their target), for a before/after comparison.
    func listing(excluding excluded: [String] = ["out/site", "cache"]) -> [String: String] {
        var entries: [String: String] = [:]
        HostileWork.list(root.path, relative: "", excluded: Set(excluded), into: &entries)
        return entries
    }

    private static func list(_ path: String, relative: String, excluded: Set<String>, into entries: inout [String: String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names.sorted() {
            let rel = relative.isEmpty ? name : relative + "/" + name
            if excluded.contains(rel) { continue }
            let full = path + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                entries[rel] = "dir"
                list(full, relative: rel, excluded: excluded, into: &entries)
            case S_IFLNK:
                entries[rel] = "link -> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")
            case S_IFREG:
                let data = FileManager.default.contents(atPath: full) ?? Data()
                entries[rel] = "file \(data.count) \(data.hashValue)"
            default:
                entries[rel] = "special \(info.st_mode & S_IFMT)"
            }
        }
    }
}

/// How one run of the binary ended.
struct HostileOutcome {
    var status: Int32
    /// The signal that ended the process, if one did (a crash, or the time limit's SIGKILL).
    var signal: Int32?
    var timedOut: Bool
    /// Wall-clock time of the run.
    var seconds: Double
    /// CPU time (user and system) the process used, from `wait4`'s rusage.
    var cpuSeconds: Double
    /// The CPU time the run was allowed before it was killed.
    var cpuLimit: Double
    /// Peak resident memory of the process, in bytes, as sampled every few milliseconds
    /// from `/proc` (a run shorter than that may report 0); on Darwin, wait4's ru_maxrss.
    var peakMemory: Int
    var stdout: String
    var stderr: String
}

enum HostileRun {
    /// Runs the binary with `arguments` in `work.root`, killing it once it has used
    /// `seconds` of CPU time, or after `wallSeconds(seconds)` of wall-clock time when it
    /// uses less (a run blocked for good). The limit is on CPU time so that a machine
    /// busy with other work does not fail a run that does its own work quickly, while
    /// an endless loop or a blocked run still ends in `timedOut`.
    static func run(_ arguments: [String], in work: HostileWork, seconds: Double = 30,
                    environment: [String: String] = [:]) throws -> HostileOutcome {
        try run(arguments, in: work.root, seconds: seconds, environment: environment)
    }

    static func run(_ arguments: [String], in directory: URL, seconds: Double = 30,
                    environment: [String: String] = [:]) throws -> HostileOutcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hrun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("stdout").path, err = scratch.appendingPathComponent("stderr").path
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        let pid = try spawn(BinaryRunner.executable.path, arguments, in: directory.path, env: env, stdout: out, stderr: err)
        let start = Date()
        var status: Int32 = 0, usage = rusage(), timedOut = false, peak = 0
        while true {
            peak = max(peak, highWaterMark(pid))
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if done < 0 && errno != EINTR { break }
            if !timedOut && (cpuTime(pid) > seconds || Date().timeIntervalSince(start) > wallSeconds(seconds)) {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(5_000)
        }
        #if canImport(Darwin)
        // No /proc: Darwin's ru_maxrss is in bytes, and its posix_spawn shares no memory.
        peak = max(peak, Int(usage.ru_maxrss))
        #endif
        let signaled = (status & 0x7f) != 0 && (status & 0x7f) != 0x7f
        return HostileOutcome(
            status: signaled ? -1 : (status >> 8) & 0xff,
            signal: signaled ? status & 0x7f : nil,
            timedOut: timedOut,
            seconds: Date().timeIntervalSince(start),
            cpuSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
            cpuLimit: seconds,
            peakMemory: peak,
            stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// The wall-clock safety net for a CPU limit of `seconds`: generous, since the
    /// machine may be shared, yet finite, so that a run blocked without using CPU fails.
    static func wallSeconds(_ seconds: Double) -> Double { max(seconds * 6, 60) }

    /// The CPU time (user and system) the running process has used so far, from
    /// `/proc/<pid>/stat` (fields 14 and 15, in clock ticks); 0 once it has gone.
    static func cpuTime(_ pid: pid_t) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // After the command name: state is field 3, so utime and stime are the 12th and 13th.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The process's peak resident memory so far (VmHWM), 0 once it has gone. Not
    /// `ru_maxrss` from wait4: posix_spawn's child shares this process's memory until it
    /// execs, and Linux keeps that memory's peak in the child's ru_maxrss, so it would
    /// report the test runner's own peak. Polled every 5 ms, so a spike shorter than
    /// that just before the end could be missed.
    private static func highWaterMark(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }

    static func spawn(_ path: String, _ arguments: [String], in directory: String, env: [String: String],
                              stdout: String, stderr: String) throws -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The child starts in `directory`: run it through /bin/sh's `cd`, which needs no
        // posix_spawn extension.
        let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory, path] + arguments
        let argv = shell.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        guard result == 0 else { throw POSIXError(.init(rawValue: result) ?? .EIO) }
        return pid
    }
}

extension HostileOutcome {
    /// The promises every hostile run keeps: it ended by itself, was not killed by a
    /// signal, exited 0, 1 or 2, and stayed under `memoryLimit` bytes.
    /// The measurements are printed, so that a run close to a limit shows in the log before
    /// it fails on a slower machine.
    func expectSafe(memoryLimit: Int = 512 << 20, sourceLocation: SourceLocation = #_sourceLocation) {
        print(String(format: "HostileRun at %@:%d: %.2f s, %.2f s of CPU, %d MB (limits %.0f s of CPU, %d MB)",
                     sourceLocation.fileName, sourceLocation.line, seconds, cpuSeconds, peakMemory >> 20,
                     cpuLimit, memoryLimit >> 20))
        #expect(!timedOut, "the run did not end within its time limit (\(seconds) s, \(cpuSeconds) s of CPU)",
                sourceLocation: sourceLocation)
        #expect(signal == nil, "the run died of signal \(signal ?? 0): \(stderr.suffix(2000))", sourceLocation: sourceLocation)
        #expect([0, 1, 2].contains(status), "exit status \(status)", sourceLocation: sourceLocation)
        #expect(peakMemory < memoryLimit, "peak memory \(peakMemory >> 20) MB", sourceLocation: sourceLocation)
    }
}
