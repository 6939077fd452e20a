/// ASCII classes of a UTF-8 byte, for scanners that read bytes (links' schemes, raw HTML's
/// tag names, other engines' markup). A byte of a multi-byte scalar is never one of them.
extension UInt8 {
    @inline(__always)
    var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }

    @inline(__always)
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
