import Foundation

/// Work run on a thread of its own beside the calling thread's, joined later: `build`
/// writes the payloads while the site stage renders, filling the moments when neither
/// render thread nor the page writer has a core's worth of work.
///
/// A thread of its own rather than a Dispatch worker: the pool is as wide as the machine
/// and the site stage's threads are not in it, but the caller (under `async`) is.
final class BesideTask<Result: Sendable>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    /// Written once by the task's thread before `finished` is signalled, read after.
    private var outcome: Swift.Result<Result, any Error>?
    private var elapsed: Double = 0
    private var cpu: Double = 0
    private var joined = false

    /// Starts `body` at once on its own thread.
    init(_ body: @escaping @Sendable () throws -> Result) {
        let thread = Thread { [self] in
            let start = ContinuousClock.now
            let cpuStart = Self.threadCPUSeconds()
            outcome = Swift.Result { try body() }
            let parts = (ContinuousClock.now - start).components
            elapsed = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
            cpu = Self.threadCPUSeconds() - cpuStart
            finished.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits for the task (once; later calls return at once) and returns what it
    /// returned, or throws what it threw.
    func join() throws -> Result {
        wait()
        return try outcome!.get()
    }

    /// Waits for the task without looking at its result: a failing build must not discard
    /// its staging directory while the task still writes into it.
    func wait() {
        guard !joined else { return }
        finished.wait()
        joined = true
    }

    /// The task's wall time and its thread's CPU time (user and system), once joined.
    var timing: (seconds: Double, cpuSeconds: Double) {
        precondition(joined, "timing is known once the task is joined")
        return (elapsed, cpu)
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
