import Crypto

/// The folder of each context's page below its locale (`fun-with-science/inquiry`), as on
/// disk: each identifier below the app percent-encoded (`SitePaths.encodeIdentifier`),
/// unless that name cannot be a folder of its own on every file system a site is written
/// to or copied onto. Then (`shortName`) it is the encoding cut to whole characters, `+`
/// and 16 hexadecimal digits of the identifier's SHA-256. No encoding holds `+` (it is
/// `%2B`), so such a name never meets another identifier's.
///
/// The names that cannot be folders:
/// - longer than 255 bytes, a file name's limit on ext4, APFS, NTFS and tmpfs: Apple allows
///   256 characters, and 29 Japanese ones already encode to 261 bytes;
/// - `index.html` in any case: the parent's own page;
/// - an earlier sibling's but for the case of its letters (`Quiz` and `quiz`, distinct
///   identifiers): one folder on the default file systems of macOS and Windows.
enum PageDirectories {
    /// A file name's limit in bytes.
    static let maximumNameBytes = 255

    /// Every context's folder, in the model's order. Parents come before their children.
    static func directories(_ contexts: [ContextNode]) -> [String] {
        var directories = [String](repeating: "", count: contexts.count)
        // Per parent (the app as -1), the names its children took, lowercased.
        var taken: [Int: Set<String>] = [:]
        for index in contexts.indices {
            let parent = contexts[index].parent
            let identifier = contexts[index].identifierPath.last ?? ""
            var name = SitePaths.encodeIdentifier(identifier)
            let folded = Self.folded(name)
            if name.utf8.count > maximumNameBytes || folded == "index.html"
                || !taken[parent ?? -1, default: []].insert(folded).inserted {
                name = shortName(identifier)
            }
            directories[index] = parent.map { directories[$0] + "/" + name } ?? name
        }
        return directories
    }

    /// The encoding of `identifier` cut to whole characters within 238 bytes, `+`, and the
    /// first 8 bytes of the identifier's SHA-256 in hexadecimal: 255 bytes at most.
    static func shortName(_ identifier: String) -> String {
        let digest = SHA256.hash(data: Array(identifier.utf8)).prefix(8).hexString
        var kept = ""
        let budget = maximumNameBytes - 1 - digest.utf8.count
        for scalar in identifier.unicodeScalars {
            let encoded = SitePaths.encodeIdentifier(String(scalar))
            guard kept.utf8.count + encoded.utf8.count <= budget else { break }
            kept += encoded
        }
        return kept + "+" + digest
    }

    /// ASCII letters lowercased: an encoding holds no other letters.
    private static func folded(_ name: String) -> String {
        name.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) ? name.lowercased() : name
    }
}
