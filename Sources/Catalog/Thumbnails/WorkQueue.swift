import Dispatch
import Foundation

/// Runs independent tasks on at most `workers` threads: each worker takes the next task
/// when it finishes one, so a slow image never holds up the others, and at most one
/// decoded image per worker is alive at a time.
enum WorkQueue {
    /// `finished` gets the number of tasks done so far, after each task, from its worker.
    static func run<T: Sendable>(count: Int, workers: Int, finished: (@Sendable (Int) -> Void)? = nil,
                                 _ task: @Sendable (Int) -> T) -> [T] {
        let state = State<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { _ in
            while let index = state.take() {
                let done = state.put(task(index), at: index)
                finished?(done)
            }
        }
        return state.results()
    }

    /// The next task index and the results, behind one lock (held only for a moment).
    private final class State<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private var done = 0
        private var slots: [T?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func take() -> Int? {
            lock.withLock {
                guard next < slots.count else { return nil }
                defer { next += 1 }
                return next
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

        func results() -> [T] { lock.withLock { slots.map { $0! } } }
    }
}
