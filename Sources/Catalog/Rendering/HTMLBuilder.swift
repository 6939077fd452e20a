import Foundation

/// Builds a page's HTML as UTF-8 bytes, in one growing buffer. Text and attribute values
/// always go through `HTMLEscaping`; only markup that this module writes itself is
/// appended raw, most of it `StaticString` literals copied as they are.
///
/// A class, so that every part of a page appends to the same buffer without the
/// uniqueness checks of an array passed `inout`; one builder is used on one thread.
final class HTMLBuilder {
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

    /// Hands the bytes over without copying them; the builder is empty afterwards.
    func takeData() -> Data {
        let data = Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
        capacity = 64
        base = .allocate(capacity: capacity)
        count = 0
        return data
    }

    func raw(_ markup: StaticString) {
        append(UnsafeBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount))
    }

    /// Markup made at run time (a body rendered elsewhere, JSON-LD), appended unescaped.
    func raw(string markup: String) {
        if markup.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil { append(Array(markup.utf8)) }
    }

    func text(_ text: String) { HTMLEscaping.escape(text, into: self) }

    /// `<tag>`.
    func open(_ tag: StaticString) {
        byte(UInt8(ascii: "<"))
        raw(tag)
        byte(UInt8(ascii: ">"))
    }

    /// `<tag`: the attributes follow, then `end()`.
    func start(_ tag: StaticString) {
        byte(UInt8(ascii: "<"))
        raw(tag)
    }

    /// ` name="value"`; nothing when the value is nil, a bare name when it is "".
    func attribute(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        byte(UInt8(ascii: " "))
        raw(name)
        if value.isEmpty { return }
        raw("=\"")
        HTMLEscaping.escape(value, into: self)
        byte(UInt8(ascii: "\""))
    }

    /// The `>` that ends a start tag.
    func end() { byte(UInt8(ascii: ">")) }

    func close(_ tag: StaticString) {
        raw("</")
        raw(tag)
        byte(UInt8(ascii: ">"))
    }

    /// An element without attributes holding escaped text.
    func element(_ tag: StaticString, text: String) {
        open(tag)
        self.text(text)
        close(tag)
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

    func newline() { byte(UInt8(ascii: "\n")) }

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
