import Foundation

/// JSON written as UTF-8 bytes: appending to a byte array costs a fraction of appending to
/// a `String` (the payload files are megabytes of small pieces). `serialized(pretty:)` is
/// these bytes as a `String`.
extension JSON {
    /// `serialized(pretty:)`'s bytes.
    /// - Parameter indent: how many levels deep in a pretty document the value is (its first
    ///   line unindented, the next ones indented by `indent` more levels), for a value
    ///   printed apart and joined into its document later (`PayloadWriter.requestItem`).
    func serializedUTF8(pretty: Bool = false, indent: Int = 0, capacity: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        write(to: &out, pretty: pretty, indent: indent)
        return out
    }

    private func write(to out: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .double(let value): out.append(contentsOf: JSON.format(value).utf8)
        case .string(let value): JSON.escape(value, into: &out)
        case .array(let items): writeArray(items, to: &out, pretty: pretty, indent: indent)
        case .object(let pairs): writeObject(pairs, to: &out, pretty: pretty, indent: indent)
        }
    }

    private func writeArray(_ items: [JSON], to out: inout [UInt8], pretty: Bool, indent: Int) {
        guard !items.isEmpty else { out.append(contentsOf: "[]".utf8); return }
        out.append(UInt8(ascii: "["))
        for index in items.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSON.newline(&out, pretty: pretty, indent: indent + 1)
            items[index].write(to: &out, pretty: pretty, indent: indent + 1)
        }
        JSON.newline(&out, pretty: pretty, indent: indent)
        out.append(UInt8(ascii: "]"))
    }

    private func writeObject(_ pairs: [(String, JSON)], to out: inout [UInt8], pretty: Bool, indent: Int) {
        guard !pairs.isEmpty else { out.append(contentsOf: "{}".utf8); return }
        out.append(UInt8(ascii: "{"))
        for index in pairs.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSON.newline(&out, pretty: pretty, indent: indent + 1)
            JSON.escape(pairs[index].0, into: &out)
            out.append(UInt8(ascii: ":"))
            if pretty { out.append(UInt8(ascii: " ")) }
            pairs[index].1.write(to: &out, pretty: pretty, indent: indent + 1)
        }
        JSON.newline(&out, pretty: pretty, indent: indent)
        out.append(UInt8(ascii: "}"))
    }

    private static func newline(_ out: inout [UInt8], pretty: Bool, indent: Int) {
        guard pretty else { return }
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<indent { out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `escape(_:into:)` for bytes: `<`, `>` and `&` are escaped too, so that JSON can be
    /// embedded in HTML `<script>` elements safely.
    static func escape(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var scanned = text
        let plain = scanned.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: needsEscape) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if !plain {
            for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        let replacement: String
        switch scalar {
        case "\"": replacement = "\\\""
        case "\\": replacement = "\\\\"
        case "\n": replacement = "\\n"
        case "\r": replacement = "\\r"
        case "\t": replacement = "\\t"
        case "<": replacement = "\\u003c"
        case ">": replacement = "\\u003e"
        case "&": replacement = "\\u0026"
        case "\u{2028}": replacement = "\\u2028"
        case "\u{2029}": replacement = "\\u2029"
        default:
            guard scalar.value < 0x20 else {
                UTF8.encode(scalar) { out.append($0) }
                return
            }
            replacement = String(format: "\\u%04x", scalar.value)
        }
        out.append(contentsOf: replacement.utf8)
    }
}
