import Foundation
import Testing
@testable import Catalog

/// The connection cap leaves `reserve` descriptors free beside those already open.
@Suite struct ConnectionLimitTests {
    @Test func capLeavesTheReserveFree() {
        #expect(ConnectionLimit(limit: 64, open: 11).cap == 64 - 11 - ConnectionLimit.reserve)
        #expect(ConnectionLimit(limit: 1024, open: 20).cap == 972)
    }

    @Test func capIsAtLeastOne() {
        #expect(ConnectionLimit(limit: 20, open: 10).cap == 1)
    }

    /// The soft limit is raised to the hard one (the test process's, up to 1,048,576).
    @Test func currentRaisesTheSoftLimit() {
        let limit = ConnectionLimit.current()
        var limits = rlimit()
        getrlimit(DescriptorLimit.resource, &limits)
        #expect(limit.limit == Int(min(limits.rlim_max, DescriptorLimit.ceiling)))
        #expect(Int(limits.rlim_cur) == limit.limit)
        #expect(limit.cap < limit.limit - ConnectionLimit.reserve)
    }
}
