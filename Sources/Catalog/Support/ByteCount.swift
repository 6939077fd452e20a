/// Counting bytes of a buffer eight at a time, for scans that run over every body.
enum ByteCount {
    /// How many bytes of `bytes` are `first`, and how many are `second`.
    static func occurrences(of first: UInt8, _ second: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        guard let base = bytes.baseAddress else { return (0, 0) }
        let firsts = UInt64(first) &* ones, seconds = UInt64(second) &* ones
        var countFirst = 0, countSecond = 0, offset = 0
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            countFirst &+= zeroBytes(word ^ firsts)
            countSecond &+= zeroBytes(word ^ seconds)
            offset += 8
        }
        while offset < bytes.count {
            if base[offset] == first { countFirst += 1 }
            if base[offset] == second { countSecond += 1 }
            offset += 1
        }
        return (countFirst, countSecond)
    }

    /// How many of the eight bytes of `word` are zero, exactly: `(byte & 0x7F) + 0x7F`
    /// sets a byte's high bit unless its low seven bits are zero, without carrying into
    /// the next byte; with the byte's own high bit, only a zero byte's stays clear.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> Int {
        let low7 = ones &* 0x7F
        return (~(((word & low7) &+ low7) | word | low7)).nonzeroBitCount
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
}
