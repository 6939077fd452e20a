import Foundation

/// Independent, CPU-bound work on one thread per core, each result handed to serial work
/// on the calling thread in the input's order as soon as it and every earlier one are
/// ready: the site stage renders pages on every core while it writes them in order.
///
/// The workers are threads of their own, not Dispatch's: Dispatch's pool is as wide as the
/// machine, so while the calling thread (itself one of its workers under `async`) was busy
/// writing, `concurrentPerform` found no free worker and rendered every page on one core.
/// Workers run at most `window` items ahead of the results the consumer has taken, and it
/// takes at most `window` at a time, which bounds memory to twice `window` results.
/// After an interrupt (`BuildCancellation`) the consumer stops between results and
/// throws `BuildCancelled`, and the workers claim nothing more.
enum OrderedStream {
    static func forEach<T: Sendable, R: Sendable>(_ items: [T], window: Int,
                                                  _ transform: @escaping @Sendable (T) -> R,
                                                  consume: (R) throws -> Void) throws {
        let results = StreamSlots<R>(count: items.count, window: max(1, window))
        let workers = max(1, min(items.count, ProcessInfo.processInfo.activeProcessorCount))
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            let thread = Thread {
                while let index = results.claim() {
                    results.store(transform(items[index]), at: index)
                }
                finished.signal()
            }
            thread.stackSize = workerStackSize
            thread.start()
        }
        defer { for _ in 0..<workers { finished.wait() } }
        do {
            while var ready = results.takeReady() {
                // Moved out from the end (the batch comes last first): iterating the array
                // copied each result, retaining every field of a page, and freeing it
                // released them.
                while let result = ready.popLast() {
                    try BuildCancellation.check()
                    try consume(result)
                }
            }
        } catch {
            results.cancel()
            throw error
        }
    }

    /// As deep as a Dispatch worker's: rendering a deeply nested body recurses.
    private static let workerStackSize = 8 << 20
}

/// The results between the workers and the consumer, under one condition: workers claim
/// the next index (waiting while they are `window` ahead), store and signal; the consumer
/// takes every result ready in order.
private final class StreamSlots<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var slots: [Element?]
    private let window: Int
    private var claimed = 0, consumed = 0, cancelled = false

    init(count: Int, window: Int) {
        slots = Array(repeating: nil, count: count)
        self.window = window
    }

    /// The next index to transform; nil once all are claimed or the consumer gave up.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, claimed < slots.count, claimed >= consumed + window { condition.wait() }
        guard !cancelled, claimed < slots.count else { return nil }
        defer { claimed += 1 }
        return claimed
    }

    /// Consuming: the result is moved into its slot, not copied (a page's every field
    /// retained) and then released by the worker.
    func store(_ result: consuming Element, at index: Int) {
        condition.lock()
        slots[index] = result
        let wakes = index == consumed
        condition.unlock()
        if wakes { condition.broadcast() }
    }

    /// Every result ready from the first not yet consumed on (waiting for at least one),
    /// moved out of its slot, the last first (the consumer pops them in order); nil once
    /// all are consumed.
    func takeReady() -> [Element]? {
        condition.lock()
        defer { condition.unlock() }
        guard consumed < slots.count else { return nil }
        while slots[consumed] == nil { condition.wait() }
        var end = consumed
        while end < slots.count, slots[end] != nil { end += 1 }
        var ready: [Element] = []
        ready.reserveCapacity(end - consumed)
        for index in stride(from: end - 1, through: consumed, by: -1) { ready.append(slots[index].take()!) }
        consumed = end
        condition.broadcast()
        return ready
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.unlock()
        condition.broadcast()
    }
}
