/// A two-space indented JSON object written straight into bytes, byte for byte what
/// `JSON.fields(…)` printed by `serializedUTF8(pretty: true, indent:)` writes (a nil value
/// leaves its key out): for the payloads' one object per context version, where boxing
/// every value into `JSON` first cost as much as printing it.
struct PrettyJSONObject {
    private(set) var out: [UInt8]
    /// How deep the object is; its keys are one level deeper.
    private let indent: Int
    private var isEmpty = true

    /// An object to be written at `indent` levels, appended to `out`.
    init(_ out: consuming [UInt8], indent: Int) {
        self.out = out
        self.indent = indent
    }

    mutating func string(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        self.key(key)
        JSON.escape(value, into: &out)
    }

    mutating func int(_ key: StaticString, _ value: Int64) {
        self.key(key)
        DecimalBytes.append(value, to: &out)
    }

    mutating func bool(_ key: StaticString, _ value: Bool) {
        self.key(key)
        Self.append(value ? "true" : "false", to: &out)
    }

    /// `"key": [ … ]` of strings; nil leaves the key out, an empty array is `[]`.
    mutating func strings(_ key: StaticString, _ values: [String]?) {
        guard let values else { return }
        self.key(key)
        array(values.count) { out, index in JSON.escape(values[index], into: &out) }
    }

    /// `"key": [lower, upper]`, a range as the payloads print it.
    mutating func range(_ key: StaticString, _ value: ClosedIntRange?) {
        guard let value else { return }
        self.key(key)
        array(2) { out, index in DecimalBytes.append(index == 0 ? value.lower : value.upper, to: &out) }
    }

    /// `"key": { … }`, the nested object filled by `fill`.
    mutating func object(_ key: StaticString, _ fill: (inout PrettyJSONObject) -> Void) {
        self.key(key)
        nested(indent + 1, fill)
    }

    /// `"key": [{ … }, …]`, each element an object that `fill` writes; nil leaves the key out.
    mutating func objects<Element>(_ key: StaticString, _ elements: [Element]?,
                                   _ fill: (Element, inout PrettyJSONObject) -> Void) {
        guard let elements else { return }
        self.key(key)
        let depth = indent + 2
        array(elements.count) { out, index in
            var object = PrettyJSONObject([], indent: depth)
            swap(&object.out, &out)
            fill(elements[index], &object)
            object.close()
            swap(&object.out, &out)
        }
    }

    /// Ends the object (`{}` when it has no key).
    mutating func close() {
        if isEmpty {
            Self.append("{}", to: &out)
        } else {
            Self.newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    private mutating func nested(_ depth: Int, _ fill: (inout PrettyJSONObject) -> Void) {
        var object = PrettyJSONObject([], indent: depth)
        swap(&object.out, &out)
        fill(&object)
        object.close()
        swap(&object.out, &out)
    }

    /// `[ … ]` of `count` items one level deeper than the key, each written by `item`.
    private mutating func array(_ count: Int, _ item: (inout [UInt8], Int) -> Void) {
        guard count > 0 else { Self.append("[]", to: &out); return }
        out.append(UInt8(ascii: "["))
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            Self.newline(&out, indent + 2)
            item(&out, index)
        }
        Self.newline(&out, indent + 1)
        out.append(UInt8(ascii: "]"))
    }

    /// The key's quoted name (the payloads' keys need no escaping) and `: `.
    private mutating func key(_ key: StaticString) {
        out.append(isEmpty ? UInt8(ascii: "{") : UInt8(ascii: ","))
        isEmpty = false
        Self.newline(&out, indent + 1)
        out.append(UInt8(ascii: "\""))
        Self.append(key, to: &out)
        Self.append("\": ", to: &out)
    }

    // The bytes are appended from buffers (numbers by `DecimalBytes`): `append(contentsOf:
    // "…".utf8)` goes through the generic sequence path, and `String(value)` through a
    // string, which cost more than the payload's text itself (a tenth of a 10,000-context
    // build's instructions).

    /// A line break and `indent` levels of two spaces.
    private static func newline(_ out: inout [UInt8], _ indent: Int) {
        let count = 1 + 2 * indent
        guard count <= indentation.count else {
            out.append(UInt8(ascii: "\n"))
            for _ in 0..<indent { append("  ", to: &out) }
            return
        }
        indentation.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// A line break and 16 levels of indentation, of which `newline` takes what it needs.
    private static let indentation: [UInt8] = [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: 32)

    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
}
