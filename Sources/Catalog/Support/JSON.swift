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
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += JSON.format(value)
        case .string(let value): JSON.escape(value, into: &out)
        case .array(let items): writeArray(items, to: &out, pretty: pretty, indent: indent)
        case .object(let pairs): writeObject(pairs, to: &out, pretty: pretty, indent: indent)
        }
    }

    private func writeArray(_ items: [JSON], to out: inout String, pretty: Bool, indent: Int) {
        guard !items.isEmpty else { out += "[]"; return }
        out += "["
        for (index, item) in items.enumerated() {
            if index > 0 { out += "," }
            JSON.newline(&out, pretty: pretty, indent: indent + 1)
            item.write(to: &out, pretty: pretty, indent: indent + 1)
        }
        JSON.newline(&out, pretty: pretty, indent: indent)
        out += "]"
    }

    private func writeObject(_ pairs: [(String, JSON)], to out: inout String, pretty: Bool, indent: Int) {
        guard !pairs.isEmpty else { out += "{}"; return }
        out += "{"
        for (index, (key, value)) in pairs.enumerated() {
            if index > 0 { out += "," }
            JSON.newline(&out, pretty: pretty, indent: indent + 1)
            JSON.escape(key, into: &out)
            out += pretty ? ": " : ":"
            value.write(to: &out, pretty: pretty, indent: indent + 1)
        }
        JSON.newline(&out, pretty: pretty, indent: indent)
        out += "}"
    }

    private static func newline(_ out: inout String, pretty: Bool, indent: Int) {
        guard pretty else { return }
        out += "\n"
        out += String(repeating: "  ", count: indent)
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// Escapes a string as JSON; `<`, `>` and `&` are escaped too so that JSON can be
    /// embedded in HTML `<script>` elements safely.
    public static func escape(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension JSON {
    /// Builds an object, leaving out keys whose value is nil.
    public static func fields(_ pairs: KeyValuePairs<String, JSON?>) -> JSON {
        .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }

    public static func strings(_ values: [String]) -> JSON { .array(values.map(JSON.string)) }
}

extension Data {
    init(utf8 text: String) { self = Data(text.utf8) }
}
