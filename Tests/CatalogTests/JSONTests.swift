import Testing
@testable import Catalog

@Test func jsonKeepsKeyOrderAndEscapes() {
    let value = JSON.fields(["b": .int(9_223_372_036_854_775_806), "a": .string("<x>\"\n"), "gone": nil])
    #expect(value.serialized() == #"{"b":9223372036854775806,"a":"\u003cx\u003e\"\n"}"#)
    #expect(JSON.array([]).serialized(pretty: true) == "[]")
    #expect(JSON.fields(["k": .strings(["x"])]).serialized(pretty: true) == "{\n  \"k\": [\n    \"x\"\n  ]\n}")
}

@Test func objectWriterWritesWhatJSONSerializes() {
    var writer = JSONObjectWriter()
    writer.field("a", "<x>\"\n\u{2028}")
    writer.array("list", ["one", "two"]) { value, item in item.field("v", value) }
    writer.array("none", [String]()) { _, _ in }
    let expected = JSON.object([("a", .string("<x>\"\n\u{2028}")),
                                ("list", .array([.object([("v", .string("one"))]), .object([("v", .string("two"))])])),
                                ("none", .array([]))])
    #expect(writer.finish() == expected.serialized())
    let empty = JSONObjectWriter()
    #expect(empty.finish() == JSON.object([]).serialized())
}

/// The byte writer behind `serialized`, on every kind of value and every escape, pretty and
/// compact, against text written out by hand.
@Test func jsonBytesCoverEveryValueAndEscape() {
    let value = JSON.object([
        ("s", .string("é\u{1}\t\r<&>\\\u{2028}\u{2029}😀")), ("n", .null), ("t", .bool(true)), ("f", .bool(false)),
        ("d", .double(1.5)), ("w", .double(3)), ("i", .int(-7)), ("e", .object([])),
        ("a", .array([.object([("k", .array([]))]), .int(1)])),
    ])
    let compact = #"{"s":"é\u0001\t\r\u003c\u0026\u003e\\\u2028\u2029😀","n":null,"t":true,"f":false,"d":1.5,"w":3,"i":-7,"#
        + #""e":{},"a":[{"k":[]},1]}"#
    #expect(value.serialized() == compact)
    #expect(value.serializedUTF8() == Array(compact.utf8))
    let pretty = value.serialized(pretty: true)
    #expect(pretty.hasPrefix("{\n  \"s\": \"é"))
    #expect(pretty.hasSuffix("  \"a\": [\n    {\n      \"k\": []\n    },\n    1\n  ]\n}"))
    var escaped = ""
    JSON.escape("é\u{1}<", into: &escaped)
    #expect(escaped == #""é\u0001\u003c""#)
}
