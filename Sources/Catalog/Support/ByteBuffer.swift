import Foundation

/// UTF-8 bytes in one growing buffer: what a page or a JSON text is written into, with
/// `StaticString` literals copied as they are and no `String` in between. `HTMLBuilder`
/// adds markup and escaping on top.
///
/// A class, so that every part of a page appends to the same buffer without the
/// uniqueness checks of an array passed `inout`; one buffer is used on one thread.
final class ByteBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 8192) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far, as text.
    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Hands the bytes over without copying them; the buffer is empty afterwards.
    func takeData() -> Data {
        let data = Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
        capacity = 64
        base = .allocate(capacity: capacity)
        count = 0
        return data
    }

    func raw(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Text made at run time, appended as it is.
    func raw(string text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil { append(Array(text.utf8)) }
    }

    /// An integer's decimal digits.
    func decimal(_ value: Int) {
        guard value >= 0 else {
            byte(UInt8(ascii: "-"))
            raw(string: String(value.magnitude))
            return
        }
        if value >= 10 { decimal(value / 10) }
        byte(UInt8(ascii: "0") + UInt8(value % 10))
    }

    func byte(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Another buffer's bytes.
    func append(_ other: ByteBuffer) { append(UnsafeBufferPointer(start: other.base, count: other.count)) }

    /// Some of another buffer's bytes (`range` within its count).
    func append(_ other: ByteBuffer, _ range: Range<Int>) {
        precondition(range.upperBound <= other.count)
        append(UnsafeBufferPointer(start: other.base + range.lowerBound, count: range.count))
    }

    /// The bytes written since `start`, changed in place; `body` returns how many bytes at
    /// their end to drop (after it moved what it keeps forward).
    func withMutableBytes(from start: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        precondition(start >= 0 && start <= count)
        let dropped = body(UnsafeMutableBufferPointer(start: base + start, count: count - start))
        precondition(dropped >= 0 && dropped <= count - start)
        count -= dropped
    }

    /// Forgets the bytes written and keeps the memory, for the next text.
    func removeAll() { count = 0 }

    /// The bytes written so far, without a copy.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    private func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append($0) } }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
