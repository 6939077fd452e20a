import Foundation

/// The distinct terms of one search document, by their UTF-8 bytes: an open-addressing
/// table whose keys live in one byte arena. A document's text repeats most of its words,
/// and a `Set<String>` made a `String` and hashed it with SipHash for every repeat (the
/// largest part of tokenizing, itself a tenth of a cold build); here a repeat costs a
/// multiply per byte and a `memcmp`, and only a new term becomes a `String`.
struct SearchTermSet {
    private struct Slot {
        var hash: UInt32
        var start: Int32
        /// 0 marks an empty slot: terms are never empty.
        var length: Int32
    }

    private var slots: [Slot]
    private var arena: [UInt8] = []
    private(set) var count = 0

    /// `expected`: about how many terms will be inserted; the table grows past it.
    init(expected: Int) {
        var capacity = 16
        while capacity < expected * 2 { capacity <<= 1 }
        slots = Array(repeating: Slot(hash: 0, start: 0, length: 0), count: capacity)
        arena.reserveCapacity(expected * 8)
    }

    /// Adds `term` (not empty); true when it was not there yet.
    mutating func insert(_ term: UnsafeBufferPointer<UInt8>) -> Bool {
        let hash = Self.hash(term)
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while slots[index].length != 0 {
            if slots[index].hash == hash, Int(slots[index].length) == term.count, matches(slots[index], term) { return false }
            index = (index + 1) & mask
        }
        slots[index] = Slot(hash: hash, start: Int32(arena.count), length: Int32(term.count))
        arena.append(contentsOf: term)
        count += 1
        if count * 2 > slots.count { grow() }
        return true
    }

    private func matches(_ slot: Slot, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        arena.withUnsafeBufferPointer { bytes in
            memcmp(bytes.baseAddress! + Int(slot.start), term.baseAddress!, term.count) == 0
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(hash: 0, start: 0, length: 0), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.length != 0 {
            var index = Int(slot.hash) & mask
            while slots[index].length != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// FNV-1a, 32 bits: terms are short, and the table only needs them spread.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }
}
