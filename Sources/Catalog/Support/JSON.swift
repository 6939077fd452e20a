import Foundation

/// A JSON value whose objects keep their keys in the order they were written, so that
/// every file the tool writes is byte-identical for the same input.
public indirect enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool { a.serialized() == b.serialized() }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// Compact (`pretty: false`) or two-space indented output, always ending without a newline.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: serializedUTF8(pretty: pretty), as: UTF8.self)
    }

    /// Escapes a string as JSON; `<`, `>` and `&` are escaped too so that JSON can be
    /// embedded in HTML `<script>` elements safely.
    public static func escape(_ text: String, into out: inout String) {
        // Most strings need no escaping: append them whole rather than scalar by scalar.
        // Scanning the contiguous bytes is several times faster than the UTF-8 view.
        var scanned = text
        if !scanned.withUTF8({ $0.contains(where: needsEscape) }) {
            out += "\""
            out += text
            out += "\""
            return
        }
        var bytes: [UInt8] = []
        escape(text, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }
}

extension JSON {
    /// Bytes that `escape` replaces: controls, quote, backslash, `<`, `>`, `&`, and the
    /// lead byte of U+2028/U+2029 (0xE2, which also starts other characters: those just
    /// take the slow path).
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0xE2
    }

    /// Builds an object, leaving out keys whose value is nil.
    public static func fields(_ pairs: KeyValuePairs<String, JSON?>) -> JSON {
        .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }

    public static func strings(_ values: [String]) -> JSON { .array(values.map(JSON.string)) }
}

extension Data {
    init(utf8 text: String) { self = Data(text.utf8) }
}

/// A compact JSON object written straight into bytes, byte for byte what
/// `JSON.object(…).serialized()` writes: for objects built once per page, where
/// boxing every value into `JSON` cost more than writing it.
struct JSONObjectWriter {
    private let out: ByteBuffer
    private var isEmpty = true

    /// A writer of an object of its own (`finish` returns its text).
    init(capacity: Int = 64) { self.init(into: ByteBuffer(capacity: capacity)) }

    /// A writer appending the object to `out` (a page's JSON-LD, in place).
    init(into out: ByteBuffer) {
        self.out = out
        out.byte(UInt8(ascii: "{"))
    }

    /// `"key":"value"`.
    mutating func field(_ key: String, _ value: String) {
        self.key(key)
        JSON.escape(value, into: out)
    }

    /// `"key":[{…},…]`, each element an object that `write` fills.
    mutating func array<Element>(_ key: String, _ elements: [Element], _ write: (Element, inout JSONObjectWriter) -> Void) {
        self.key(key)
        guard !elements.isEmpty else { out.raw("[]"); return }
        out.byte(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            var object = JSONObjectWriter(into: out)
            write(element, &object)
            object.close()
        }
        out.byte(UInt8(ascii: "]"))
    }

    /// Ends the object; the writer is done.
    func close() { out.byte(UInt8(ascii: "}")) }

    /// Ends the object and returns the text of a writer of its own.
    func finish() -> String {
        close()
        return out.string
    }

    private mutating func key(_ key: String) {
        if !isEmpty { out.byte(UInt8(ascii: ",")) }
        isEmpty = false
        JSON.escape(key, into: out)
        out.byte(UInt8(ascii: ":"))
    }
}

extension JSON {
    /// `escape(_:into:)` appending to a page's bytes: most strings need no escaping and
    /// are copied whole; the others go through the byte escaper (JSON+Bytes.swift).
    static func escape(_ text: String, into out: ByteBuffer) {
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: needsEscape) else { return false }
            out.byte(UInt8(ascii: "\""))
            out.append(bytes)
            out.byte(UInt8(ascii: "\""))
            return true
        }
        guard plain != true else { return }
        var escaped: [UInt8] = []
        escape(text, into: &escaped)
        escaped.withUnsafeBufferPointer { out.append($0) }
    }
}
