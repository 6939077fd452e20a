import Foundation

/// How many cases of a property check (which runs them concurrently) had something to
/// check, so that a test can fail when its generator makes too few of them.
final class PropertyCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
