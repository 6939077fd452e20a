import Foundation

/// `map` on every core for independent, CPU-bound work; results keep the input's order.
enum ConcurrentMap {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        let results = ResultSlots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results[index] = transform(items[index])
        }
        return (0..<items.count).map { results[$0] }
    }

    /// `map(items, transform)` on other threads while `meanwhile` runs on this one, so
    /// that serial work (writing the last results) overlaps the next computation.
    /// Waits for the map even when `meanwhile` throws.
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R,
                                              meanwhile: () throws -> Void) throws -> [R] {
        let results = ResultSlots<[R]>(count: 1)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { results[0] = map(items, transform) }
        var failure: (any Error)?
        do { try meanwhile() } catch { failure = error }
        group.wait()
        if let failure { throw failure }
        return results[0]
    }
}

/// One slot per result. Each slot is written by exactly one iteration and read only after
/// `concurrentPerform` returns, so the slots need no lock.
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

    subscript(index: Int) -> Element {
        get { buffer[index]! }
        set { buffer[index] = newValue }
    }
}
