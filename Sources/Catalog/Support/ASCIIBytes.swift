import Foundation

/// ASCII classes of a UTF-8 byte, for scanners that read bytes (links' schemes, raw HTML's
/// tag names, other engines' markup). A byte of a multi-byte scalar is never one of them.
extension UInt8 {
    @inline(__always)
    var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }

    @inline(__always)
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    /// HTML's ASCII white space: tab, line feed, form feed, carriage return and space.
    @inline(__always)
    var isHTMLWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether `byte` occurs at an index for which `test` holds, found with `memchr` from
    /// one occurrence to the next: the scanners that every body passes through look at
    /// their few candidate bytes only.
    func containsByte(_ byte: UInt8, where test: (Int) -> Bool) -> Bool {
        guard let base = baseAddress else { return false }
        var search = 0
        while search < count, let hit = memchr(base + search, Int32(byte), count - search) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if test(at) { return true }
            search = at + 1
        }
        return false
    }
}
