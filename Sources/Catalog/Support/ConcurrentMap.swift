import Foundation
import Synchronization

/// `map` on every core for independent, CPU-bound work; results keep the input's order.
enum ConcurrentMap {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        let results = ResultSlots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.store(transform(items[index]), at: index)
        }
        return results.takeAll()
    }

    /// `map(items, transform)` on other threads while `meanwhile` runs on this one, so
    /// that serial work (writing the last results) overlaps the next computation.
    /// Waits for the map even when `meanwhile` throws.
    ///
    /// The map runs on threads of its own, one per core, not on Dispatch's: its pool is as
    /// wide as the machine, so while this thread (itself often one of its workers, under
    /// `async`) is busy in `meanwhile`, `concurrentPerform` on the pool found no free worker
    /// and rendered every page on one core.
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R,
                                              meanwhile: () throws -> Void) throws -> [R] {
        let results = ResultSlots<R>(count: items.count)
        let next = Atomic<Int>(0)
        let finished = DispatchSemaphore(value: 0)
        let workers = min(items.count, ProcessInfo.processInfo.activeProcessorCount)
        for _ in 0..<workers {
            let thread = Thread {
                while case let index = next.add(1, ordering: .relaxed).oldValue, index < items.count {
                    results.store(transform(items[index]), at: index)
                }
                finished.signal()
            }
            thread.stackSize = workerStackSize
            thread.start()
        }
        var failure: (any Error)?
        do { try meanwhile() } catch { failure = error }
        for _ in 0..<workers { finished.wait() }
        if let failure { throw failure }
        return results.takeAll()
    }

    /// As deep as a Dispatch worker's: rendering a deeply nested body recurses.
    private static let workerStackSize = 8 << 20
}

/// One slot per result. Each slot is written by exactly one iteration and read only after
/// `concurrentPerform` returns, so the slots need no lock. The results are moved out, not
/// copied: a copy retains every reference a result holds, and freeing the slots releases
/// them all again.
private final class ResultSlots<Element>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Element?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }

    func store(_ result: Element, at index: Int) {
        buffer[index] = result
    }

    /// Every result in order, each slot left empty.
    func takeAll() -> [Element] {
        buffer.indices.map { buffer[$0].take()! }
    }
}
