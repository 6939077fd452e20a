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
