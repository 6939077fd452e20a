import Foundation

/// Query-string encoding as Apple's examples show it (catalog-api.md §1.1).
public enum QueryEncoding {
    /// RFC 3986 unreserved characters: everything else is percent-encoded, so `[`, `"`,
    /// `,`, `&`, `+`, `=` and spaces can never change the query's meaning.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    public static func percentEncode(_ text: String) -> String {
        // Every character outside the unreserved set is encoded, so this cannot fail.
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// The `identifierPath` parameter: the path as compact JSON from a real encoder (so
    /// quotes and backslashes inside identifiers are escaped), then percent-encoded.
    public static func identifierPath(_ path: [String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Encoding an array of strings cannot fail.
        let json = (try? encoder.encode(path)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return percentEncode(json)
    }

    /// A query string from ordered name/value pairs whose values are already encoded.
    static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }
}
