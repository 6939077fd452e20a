import Foundation
import Testing
@testable import Catalog

/// `build` writes its payloads on a thread beside the site stage's.
@Suite struct BesideTaskTests {
    struct Failure: Error, Equatable { let code: Int }

    @Test func joinReturnsWhatTheTaskReturnedOnItsOwnThread() throws {
        let caller = pthread_self()
        let task = BesideTask { () -> (Int, Bool) in (42, pthread_equal(pthread_self(), caller) == 0) }
        let (value, elsewhere) = try task.join()
        #expect(value == 42)
        #expect(elsewhere, "the task ran on a thread of its own")
        #expect(try task.join().0 == 42, "joining again returns the same result")
    }

    @Test func joinRethrowsTheTasksError() {
        let task = BesideTask { () throws -> Int in throw Failure(code: 7) }
        #expect(throws: Failure(code: 7)) { try task.join() }
        task.wait()
    }

    @Test func waitReturnsOnlyOnceTheTaskHasFinished() {
        let finished = Locked(false)
        let task = BesideTask {
            Thread.sleep(forTimeInterval: 0.05)
            finished.withLock { $0 = true }
        }
        task.wait()
        #expect(finished.withLock { $0 })
        #expect(task.timing.seconds >= 0.05, "the task's wall time is measured on its thread")
        #expect(task.timing.cpuSeconds < task.timing.seconds, "sleeping takes no CPU time")
    }

    @Test func workBesideAStageIsShownButNotAddedToTheTotals() {
        var timer = StageTimer()
        timer.record("site", seconds: 2, cpuSeconds: 3)
        timer.recordBeside("payloads beside the site", seconds: 0.5, cpuSeconds: 0.25)
        #expect(timer.total == 2)
        #expect(timer.totalCPU == 3)
        #expect(timer.table == """
            stage                             ms      %     cpu ms
            site                          2000.0  100.0     3000.0
              payloads beside the site     500.0             250.0
            total                         2000.0  100.0     3000.0

            """)
    }
}
