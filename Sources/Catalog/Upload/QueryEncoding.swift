import Foundation

/// Query-string encoding as Apple's examples show it (catalog-api.md §1.1). Values
/// go through `PercentEncoding`, which keeps only RFC 3986 unreserved characters, so
/// `[`, `"`, `,`, `&`, `+`, `=` and spaces can never change a query's meaning.
public enum QueryEncoding {
    /// The `identifierPath` parameter: the path as compact JSON from a real encoder (so
    /// quotes and backslashes inside identifiers are escaped), then percent-encoded.
    public static func identifierPath(_ path: [String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Encoding an array of strings cannot fail.
        let json = (try? encoder.encode(path)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return PercentEncoding.encode(json)
    }

    /// A query string from ordered name/value pairs whose values are already encoded.
    static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }
}
