import Dispatch
import Foundation

/// Runs independent tasks on at most `workers` threads: each worker takes the next task
/// when it finishes one, so a slow image never holds up the others, and at most one
/// decoded image per worker is alive at a time. After an interrupt (`BuildCancellation`)
/// no worker takes another task, and `run` throws `BuildCancelled`.
enum WorkQueue {
    /// Tasks are taken in `order` (a permutation of `0..<count`; by index when nil):
    /// longest first, the last tasks are short and the workers finish together. Each
    /// worker makes one `local` value and hands it to every task it runs (its buffers).
    /// `finished` gets the number of tasks done so far, after each task, from its worker.
    /// Results come back by index, whatever the order.
    static func run<T: Sendable, Local>(count: Int, workers: Int, order: [Int]? = nil, local: @Sendable () -> Local,
                                        finished: (@Sendable (Int) -> Void)? = nil,
                                        _ task: @Sendable (Int, Local) -> T) throws(BuildCancelled) -> [T] {
        precondition(order.map { $0.count == count } ?? true, "the order must name every task")
        let state = State<T>(count: count, order: order)
        // `local` is called once per worker, each time from that worker's thread.
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { _ in
            let mine = local()
            while let index = state.take() {
                let done = state.put(task(index, mine), at: index)
                finished?(done)
            }
        }
        guard let results = state.results() else { throw BuildCancelled() }
        return results
    }

    static func run<T: Sendable>(count: Int, workers: Int, finished: (@Sendable (Int) -> Void)? = nil,
                                 _ task: @Sendable (Int) -> T) throws(BuildCancelled) -> [T] {
        try run(count: count, workers: workers, local: {}, finished: finished) { index, _ in task(index) }
    }

    /// The next task index and the results, behind one lock (held only for a moment).
    private final class State<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private let order: [Int]?
        private var next = 0
        private var done = 0
        private var slots: [T?]

        init(count: Int, order: [Int]?) {
            slots = Array(repeating: nil, count: count)
            self.order = order
        }

        func take() -> Int? {
            lock.withLock {
                guard next < slots.count, !BuildCancellation.isRequested else { return nil }
                defer { next += 1 }
                return order?[next] ?? next
            }
        }

        /// Stores a result; returns how many tasks are done.
        func put(_ value: T, at index: Int) -> Int {
            lock.withLock {
                slots[index] = value
                done += 1
                return done
            }
        }

        /// Every result, or nil when a task was left undone (after an interrupt).
        func results() -> [T]? {
            lock.withLock {
                guard done == slots.count else { return nil }
                return slots.map { $0! }
            }
        }
    }
}
