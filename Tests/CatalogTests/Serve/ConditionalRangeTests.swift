import Testing
@testable import Catalog

/// What a conditional or ranged request for a 100-byte file with ETag `"e"` gets.
@Test(arguments: [
    (nil, nil, nil, ConditionalRange.whole),
    ("\"e\"", nil, nil, .notModified),
    ("W/\"e\"", nil, nil, .notModified),
    ("\"a\", \"e\"", nil, nil, .notModified),
    ("*", nil, nil, .notModified),
    ("\"a\"", nil, nil, .whole),
    ("\"e\"", "bytes=0-9", nil, .notModified),
    (nil, "bytes=0-9", nil, .part(offset: 0, count: 10)),
    (nil, "bytes=90-", nil, .part(offset: 90, count: 10)),
    (nil, "bytes=-10", nil, .part(offset: 90, count: 10)),
    (nil, "bytes=-500", nil, .part(offset: 0, count: 100)),
    (nil, "bytes=50-5000", nil, .part(offset: 50, count: 50)),
    (nil, "bytes=99-99", nil, .part(offset: 99, count: 1)),
    (nil, "bytes=100-", nil, .unsatisfiable),
    (nil, "bytes=-0", nil, .unsatisfiable),
    (nil, "bytes=9-1", nil, .whole),
    (nil, "bytes=0-1,5-6", nil, .whole),
    (nil, "items=0-1", nil, .whole),
    (nil, "bytes=x-y", nil, .whole),
    (nil, "bytes=0-9", "\"e\"", .part(offset: 0, count: 10)),
    (nil, "bytes=0-9", "\"old\"", .whole),
] as [(String?, String?, String?, ConditionalRange)])
func conditionalRange(ifNoneMatch: String?, range: String?, ifRange: String?, expected: ConditionalRange) {
    #expect(ConditionalRange(size: 100, etag: "\"e\"", ifNoneMatch: ifNoneMatch, range: range, ifRange: ifRange) == expected)
}
