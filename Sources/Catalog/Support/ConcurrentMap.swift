import Foundation

/// `map` on every core for independent, CPU-bound work; results keep the input's order.
enum ConcurrentMap {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        let results = ResultSlots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        return results.values
    }
}

/// One slot per result, each written once by one iteration.
private final class ResultSlots<R>: @unchecked Sendable {
    private var slots: [R?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: R) { lock.withLock { slots[index] = value } }

    var values: [R] { lock.withLock { slots.map { $0! } } }
}
