import Testing
@testable import Catalog

@Test func jsonKeepsKeyOrderAndEscapes() {
    let value = JSON.fields(["b": .int(9_223_372_036_854_775_806), "a": .string("<x>\"\n"), "gone": nil])
    #expect(value.serialized() == #"{"b":9223372036854775806,"a":"\u003cx\u003e\"\n"}"#)
    #expect(JSON.array([]).serialized(pretty: true) == "[]")
    #expect(JSON.fields(["k": .strings(["x"])]).serialized(pretty: true) == "{\n  \"k\": [\n    \"x\"\n  ]\n}")
}
