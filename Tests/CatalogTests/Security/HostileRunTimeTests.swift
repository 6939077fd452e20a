import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// HostileRun's time limit is on the child's CPU time, with a wall-clock safety net.
@Suite struct HostileRunTimeTests {
    /// CPU time counts work, not waiting: a shell spinning in a loop gains CPU time
    /// (on a busy machine more slowly than wall time), a sleeping one gains none.
    @Test(.enabled(if: TestPlatform.isLinux, "reads /proc"))
    func cpuTimeCountsWorkNotWaiting() throws {
        let sleeping = try Self.shell("exec sleep 2")
        defer { sleeping.waitUntilExit() }
        usleep(500_000)
        #expect(FileManager.default.fileExists(atPath: "/proc/\(sleeping.processIdentifier)/stat"))
        #expect(HostileRun.cpuTime(sleeping.processIdentifier) < 0.1)

        let spinning = try Self.shell("while :; do :; done")
        defer { kill(spinning.processIdentifier, SIGKILL); spinning.waitUntilExit() }
        let start = Date()
        while HostileRun.cpuTime(spinning.processIdentifier) < 0.2 && Date().timeIntervalSince(start) < 30 {
            usleep(20_000)
        }
        #expect(HostileRun.cpuTime(spinning.processIdentifier) >= 0.2)
    }

    private static func shell(_ script: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        try process.run()
        return process
    }

    /// A run that blocks without using CPU is still stopped: the wall-clock net is six
    /// times the CPU limit, at least a minute.
    @Test func wallClockNetIsGenerousButFinite() {
        #expect(HostileRun.wallSeconds(20) == 120)
        #expect(HostileRun.wallSeconds(5) == 60)
    }

    @Test func cpuTimeOfAGoneProcessIsZero() {
        #expect(HostileRun.cpuTime(999_999_999) == 0)
    }
}
