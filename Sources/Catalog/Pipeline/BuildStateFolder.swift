import Foundation

/// Where the incremental state of builds into one output is kept: a folder of its own in
/// the cache (`builds/site-1a2b3c4d5e6f7081`), named after the output and a hash of its
/// absolute path, so that builds into two outputs from one cache (two catalogs built in
/// turn from one folder, or one catalog into two outputs) each keep theirs instead of
/// replacing each other's. Thumbnails stay shared: they are cached by their source's bytes.
enum BuildStateFolder {
    static let parent = "builds"

    static func url(in cache: URL, output: URL) -> URL {
        cache.appendingPathComponent(parent).appendingPathComponent(name(output.standardizedFileURL.path))
    }

    /// The output folder's name (letters, digits, `.`, `_` and `-`; at most 32 of them),
    /// `-`, and the FNV-1a hash of the output's absolute path in 16 hexadecimal digits.
    static func name(_ path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let last = path.split(separator: "/").last ?? ""
        let plain = String(String.UnicodeScalarView(last.unicodeScalars.filter(isPlain).prefix(32)))
        let hex = String(hash, radix: 16)
        return (plain.isEmpty ? "output" : plain) + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar))
    }
}
