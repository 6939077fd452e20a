import Foundation

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
