/// An integer's decimal digits appended to bytes, as `String(value)` writes them, without
/// the `String`: the build state writes three numbers on each of 500,000 lines at
/// freeCodeCamp's size, and the payloads a few on every context version.
enum DecimalBytes {
    static func append(_ value: some BinaryInteger, to out: inout [UInt8]) {
        guard let magnitude = UInt64(exactly: value.magnitude) else {
            out.append(contentsOf: String(value).utf8)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { buffer in  // 20 digits and a sign
            var rest = magnitude, start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }
}
