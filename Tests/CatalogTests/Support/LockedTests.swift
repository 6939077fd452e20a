import Foundation
import Testing
@testable import Catalog

/// `Locked`, the package's lock (Synchronization's `Mutex` needs macOS 15).
@Suite struct LockedTests {
    struct Refused: Error, Equatable { let value: Int }

    @Test func changesFromManyThreadsAreNeverLost() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func returnsWhatTheBodyReturns() {
        let names = Locked(["a"])
        let count = names.withLock { names in
            names.append("b")
            return names.count
        }
        #expect(count == 2)
        #expect(names.withLock { $0 } == ["a", "b"])
    }

    @Test func aThrownErrorKeepsItsTypeAndReleasesTheLock() {
        let value = Locked(3)
        #expect(throws: Refused(value: 3)) {
            try value.withLock { (value: inout Int) throws(Refused) -> Void in throw Refused(value: value) }
        }
        #expect(value.withLock { $0 } == 3, "the lock was released: taking it again returns")
    }
}

/// What `SourceText` uses to read UTF-8 before macOS 15, where `String(validating:)` is missing
/// (the comparison with it runs where it exists: everywhere but macOS 13 and 14).
@Suite struct UTF8ByRepairTests {
    @Test(arguments: [
        [UInt8](), Array("plain ASCII".utf8), Array("é, 漢字 and 🙂".utf8),
        [0xEF, 0xBF, 0xBD],  // U+FFFD itself, written in the file: valid
        [0xC3], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        Array("ok".utf8) + [0xFF] + Array("ok".utf8), [0xE2, 0x82],
    ])
    @available(macOS 15, *)
    func agreesWithTheStandardLibrarysValidation(bytes: [UInt8]) {
        #expect(validatedUTF8ByRepair(bytes) == String(validating: bytes, as: UTF8.self))
    }

    @Test func keepsValidTextAsItIs() {
        #expect(validatedUTF8ByRepair(Array("é\u{FFFD}x".utf8)) == "é\u{FFFD}x")
        #expect(validatedUTF8ByRepair([0x61, 0xC3]) == nil)
    }
}
