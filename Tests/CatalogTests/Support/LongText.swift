import Testing

/// A long generated argument of a parameterized test. Swift Testing prints every argument
/// when a test case starts: the hostile bodies (megabytes of `[`, `a*` or `x` lines) made
/// the test log tens of megabytes, and the tail that CI keeps was one body's `x` lines
/// instead of the failure above it. The log shows the text's start and its length.
struct LongText: CustomTestStringConvertible, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    var testDescription: String {
        "\(String(reflecting: String(text.prefix(24))))… (\(text.utf8.count) bytes)"
    }
}
