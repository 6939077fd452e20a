import Foundation
import Testing
@testable import Catalog

/// The site stage's page buffers, handed back by the written page's `Data` for a later page.
@Suite struct ByteBufferPoolTests {
    /// Longer than what `Data` keeps inline (a few bytes it would copy, freeing the block at once).
    static let page = "<!DOCTYPE html>\n<html lang=\"en\">" + String(repeating: "<p>a paragraph</p>\n", count: 20)

    @Test func aWrittenPagesMemoryIsTheNextPagesBuffer() throws {
        let pool = ByteBufferPool()
        let first = ByteBuffer(capacity: 20_000, pool: pool)
        first.raw(string: Self.page)
        var data: Data? = first.takeData()
        #expect(data.map { String(decoding: $0, as: UTF8.self) } == Self.page)
        let address = data?.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        #expect(pool.kept.blocks == 0, "the page's memory is lent until its data is released")
        data = nil
        #expect(pool.kept.blocks == 1 && pool.kept.bytes == 20_000)

        let second = ByteBuffer(capacity: 12_000, pool: pool)
        second.raw(string: Self.page + "<p>two</p>")
        let secondData = second.takeData()
        #expect(secondData.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) } == address, "the same block again")
        #expect(String(decoding: secondData, as: UTF8.self) == Self.page + "<p>two</p>")
        #expect(pool.kept.blocks == 0)
    }

    @Test func aBlockTooSmallIsNotTakenAndTheSmallestAreNotKept() {
        let pool = ByteBufferPool(keptBytes: 100_000, smallestBlock: 4096, largestBlock: 50_000)
        pool.give(pool.take(capacity: 8000))
        let large = pool.take(capacity: 9000)
        #expect(large.capacity == 9000, "a new block: the kept one is smaller")
        #expect(pool.kept.blocks == 1)
        pool.give(large)
        pool.give(pool.take(capacity: 100))
        pool.give(pool.take(capacity: 60_000))
        #expect(pool.kept.blocks == 2 && pool.kept.bytes == 17_000, "neither 100 bytes nor 60,000 are kept")
    }

    @Test func thePoolKeepsAtMostItsBytes() {
        let pool = ByteBufferPool(keptBytes: 30_000, smallestBlock: 4096, largestBlock: 50_000)
        let blocks = (0..<5).map { _ in pool.take(capacity: 10_000) }
        for block in blocks { pool.give(block) }
        #expect(pool.kept.blocks == 3 && pool.kept.bytes == 30_000)
    }

    @Test func aBufferThatGrowsGivesItsOldBlockBackAndItsLastOneOnRelease() {
        let pool = ByteBufferPool()
        do {
            let buffer = ByteBuffer(capacity: 5000, pool: pool)
            buffer.raw(string: String(repeating: "x", count: 7000))
            #expect(buffer.count == 7000)
            #expect(pool.kept.blocks == 1 && pool.kept.bytes == 5000)
        }
        #expect(pool.kept.blocks == 2 && pool.kept.bytes == 15_000, "the grown block, 10,000 bytes, back on release")
    }
}
