/// What the search index's numbers are printed into, byte by byte.
protocol SearchByteSink {
    mutating func append(_ byte: UInt8)
}

extension Array: SearchByteSink where Element == UInt8 {}

/// Bytes written one after another into memory that the caller reserved for all of them
/// (the caller bounds their count): no capacity check per byte, as a growing array makes.
struct SearchByteWriter: SearchByteSink {
    private let base: UnsafeMutablePointer<UInt8>
    /// How many bytes were written.
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        (base + count).update(from: start, count: bytes.count)
        count &+= bytes.count
    }
}
