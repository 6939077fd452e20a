import CCatalogSystem
import Foundation

/// Distinct search terms by their UTF-8 bytes, numbered in the order they were first
/// inserted: an open-addressing table whose keys live in one byte arena, term after term.
/// A document's text repeats most of its words, and a `Set<String>` made a `String` and
/// hashed it with SipHash for every repeat; here a repeat costs a multiply per byte and a
/// compare of the term's first eight bytes, which its slot keeps (a term of fewer than
/// eight bytes is then found without reading the arena: in a locale's table of 100,000
/// terms each read of `ends` and of the arena was a cache miss). The same table collects a locale's postings (`SearchPostings`), keyed by the
/// hashes each document's terms keep, so that no term becomes a `String` before the
/// index is written.
struct SearchTermSet: Sendable {
    private struct Slot {
        /// The term's first eight bytes (`prefix`).
        var prefix: UInt64
        var hash: UInt32
        /// The term's number plus one; 0 marks an empty slot.
        var entry: Int32

        static let empty = Slot(prefix: 0, hash: 0, entry: 0)
    }

    private var slots: [Slot]
    /// Every term's bytes, in order of first insertion.
    private(set) var arena: [UInt8] = []
    /// Where each term ends in `arena`, and its hash, in order of first insertion.
    private(set) var ends: [Int32] = []
    private(set) var hashes: [UInt32] = []

    var count: Int { ends.count }

    /// `expected`: about how many terms will be inserted; the table grows past it.
    init(expected: Int) {
        var capacity = 16
        while capacity < expected * 2 { capacity <<= 1 }
        slots = Array(repeating: .empty, count: capacity)
        arena.reserveCapacity(expected * 8)
        ends.reserveCapacity(expected)
        hashes.reserveCapacity(expected)
    }

    /// Adds `term` (not empty, and without a zero byte, as no search term has one); true
    /// when it was not there yet.
    mutating func insert(_ term: UnsafeBufferPointer<UInt8>) -> Bool {
        number(of: term, hash: Self.hash(term)).inserted
    }

    /// The term's number (its place in insertion order), inserting it when it is new
    /// (`term` as `insert` takes it).
    /// - Parameter hash: `SearchTermSet.hash(term)`, which callers may have kept.
    mutating func number(of term: UnsafeBufferPointer<UInt8>, hash: UInt32) -> (number: Int, inserted: Bool) {
        let prefix = Self.prefix(term)
        let probe = slots.withUnsafeBufferPointer { slots in
            arena.withUnsafeBufferPointer { arena in
                ends.withUnsafeBufferPointer { ends in
                    Self.find(term, prefix: prefix, hash: hash, in: slots, arena: arena, ends: ends)
                }
            }
        }
        if case .found(let number) = probe { return (number, false) }
        guard case .free(let index) = probe else { preconditionFailure() }
        let number = ends.count
        slots[index] = Slot(prefix: prefix, hash: hash, entry: Int32(number + 1))
        arena.append(contentsOf: term)
        ends.append(Int32(arena.count))
        hashes.append(hash)
        if count * 2 > slots.count { grow() }
        return (number, true)
    }

    /// Starts loading the slot where a look-up of `hash` begins: in a locale's table of
    /// 100,000 terms, most look-ups miss the cache, and a caller that knows the next
    /// terms' hashes asks for their slots a few terms ahead (`SearchPostings.add`).
    func prefetch(hash: UInt32) {
        slots.withUnsafeBufferPointer { cb_prefetch($0.baseAddress! + (Int(hash) & ($0.count - 1))) }
    }

    /// The bytes of term `number`.
    func term(_ number: Int) -> Range<Int> {
        (number == 0 ? 0 : Int(ends[number - 1]))..<Int(ends[number])
    }

    private enum Probe {
        case found(Int)
        case free(Int)
    }

    private static func find(_ term: UnsafeBufferPointer<UInt8>, prefix: UInt64, hash: UInt32,
                             in slots: UnsafeBufferPointer<Slot>, arena: UnsafeBufferPointer<UInt8>,
                             ends: UnsafeBufferPointer<Int32>) -> Probe {
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while slots[index].entry != 0 {
            let slot = slots[index]
            if slot.hash == hash, slot.prefix == prefix {
                let number = Int(slot.entry) - 1
                // Terms have no zero byte (`SearchTokenizer`): a prefix with one is a whole
                // term shorter than eight bytes, and equal prefixes are then equal terms.
                if term.count < 8 { return .found(number) }
                let start = number == 0 ? 0 : Int(ends[number - 1])
                if Int(ends[number]) - start == term.count,
                   equal(arena.baseAddress! + start + 8, term.baseAddress! + 8, term.count - 8) {
                    return .found(number)
                }
            }
            index = (index + 1) & mask
        }
        return .free(index)
    }

    /// The term's first eight bytes as one number, zeros after a shorter term.
    @inline(__always)
    private static func prefix(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard term.count < 8 else { return UnsafeRawPointer(term.baseAddress!).loadUnaligned(as: UInt64.self) }
        var prefix: UInt64 = 0
        for index in 0..<term.count { prefix |= UInt64(term[index]) << (8 * index) }
        return prefix
    }

    /// `memcmp(a, b, count) == 0` without a call: terms are a few bytes long, and a
    /// hash that matched almost always means they are equal.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var offset = 0
        while offset &+ 8 <= count {
            let left = UnsafeRawPointer(a).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            guard left == UnsafeRawPointer(b).loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset &+= 8
        }
        while offset < count {
            guard a[offset] == b[offset] else { return false }
            offset &+= 1
        }
        return true
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: .empty, count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.entry != 0 {
            var index = Int(slot.hash) & mask
            while slots[index].entry != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// FNV-1a, 32 bits: terms are short, and the table only needs them spread.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash = hashSeed
        for byte in bytes { hash = Self.hash(hash, byte) }
        return hash
    }

    /// `hash`'s value before the first byte, and its step for each byte.
    static var hashSeed: UInt32 { 2_166_136_261 }

    @inline(__always)
    static func hash(_ hash: UInt32, _ byte: UInt8) -> UInt32 { (hash ^ UInt32(byte)) &* 16_777_619 }
}
