/// Byte strings made once and written into many pages, all in one buffer that lives as
/// long as the table. Writing one (`ByteBuffer.append(_:)`) copies its bytes and retains
/// nothing: a `String` or an `[UInt8]` taken out of an array is retained and released
/// again, and with a page rendered on each core, the same few objects retained for every
/// page of a locale are retained from both cores at once.
final class PackedBytes: @unchecked Sendable {
    // Immutable after `init`: shared between threads for reading only.
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// Where each piece ends in `storage`.
    private let ends: UnsafeMutableBufferPointer<Int>
    let count: Int

    /// `pieces`: each piece's bytes (a string's `utf8`), in order.
    init(_ pieces: some Collection<some Collection<UInt8>>) {
        storage = .allocate(capacity: max(pieces.reduce(0) { $0 + $1.count }, 1))
        ends = .allocate(capacity: max(pieces.count, 1))
        var end = 0
        for (index, piece) in pieces.enumerated() {
            for byte in piece {
                storage[end] = byte
                end += 1
            }
            ends[index] = end
        }
        count = pieces.count
    }

    deinit {
        storage.deallocate()
        ends.deallocate()
    }

    /// Piece `index`, valid while the table is.
    subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : ends[index - 1]
        return UnsafeBufferPointer(start: storage.baseAddress! + start, count: ends[index] - start)
    }
}
