import Foundation
import Testing
@testable import Catalog

/// The site stage's render-on-every-core, write-in-order loop.
@Suite struct OrderedStreamTests {
    @Test(arguments: [0, 1, 2, 7, 1000])
    func consumesEveryResultInOrder(count: Int) throws {
        var seen: [Int] = []
        try OrderedStream.forEach(Array(0..<count), window: 16, { $0 * 3 }, consume: { seen.append($0) })
        #expect(seen == (0..<count).map { $0 * 3 })
    }

    @Test func workersStayWithinTheWindow() throws {
        let started = Locked(0)
        var consumed = 0, furthestAhead = 0
        try OrderedStream.forEach(Array(0..<500), window: 8, { item -> Int in
            started.withLock { $0 = max($0, item + 1) }
            return item
        }, consume: { item in
            #expect(item == consumed)
            consumed += 1
            furthestAhead = max(furthestAhead, started.withLock { $0 } - consumed)
        })
        #expect(consumed == 500)
        #expect(furthestAhead <= 16, "no item is started more than twice `window` ahead of the last one consumed")
    }

    struct Stop: Error {}

    @Test func aConsumerErrorStopsTheWorkersAndIsRethrown() {
        let transformed = Locked(0)
        var consumed = 0
        #expect(throws: Stop.self) {
            try OrderedStream.forEach(Array(0..<10_000), window: 4, { item -> Int in
                transformed.withLock { $0 += 1 }
                return item
            }, consume: { item in
                consumed += 1
                if item == 10 { throw Stop() }
            })
        }
        #expect(consumed == 11)
        #expect(transformed.withLock { $0 } <= 11 + 2 * 4, "the workers stop at the window once the consumer gives up")
    }
}
