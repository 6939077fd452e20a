/// Term shards joined into the files the browser loads. Shards are made per group of terms
/// with the same first letters, and most groups are small (a few hundred bytes): one file
/// each made a large catalog's index tens of thousands of files no reader needs. A pack is
/// a run of consecutive shards (terms in `String` order) of at most `packBudget` bytes, a
/// shard larger than that alone; its file is named by its first shard's key, which sorts
/// after every term of the packs before it and at or before every term of its own. The
/// manifest lists those keys, so the browser finds a term's pack by where the term sorts.
extension SearchIndexBuilder {
    /// A pack's serialized size, at most: what a first query downloads per term.
    static let packBudget = 24_000

    /// The packs of `shards` (in manifest order): their first keys and their files' texts.
    static func pack(_ shards: [(key: String, text: String)]) -> [(key: String, text: String)] {
        packRanges(shards.map(\.text.utf8.count)).map { range in
            (shards[range.lowerBound].key, join(shards[range].map(\.text)))
        }
    }

    /// Where each pack starts and ends among shards of these sizes: consecutive shards while
    /// their sizes add up to at most `packBudget`.
    static func packRanges(_ sizes: [Int]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0, size = 0
        for (index, shard) in sizes.enumerated() {
            if index > start, size + shard > packBudget {
                ranges.append(start..<index)
                (start, size) = (index, 0)
            }
            size += shard
        }
        if start < sizes.count { ranges.append(start..<sizes.count) }
        return ranges
    }

    /// Serialized shards (`{…}` each) as one object: their members in order. Copied as
    /// bytes: `dropFirst().dropLast()` of a `String` walked the whole shard by characters.
    static func join(_ shards: some Collection<String>) -> String {
        guard shards.count > 1 else { return shards.first ?? "{}" }
        // Each shard gives its bytes but its braces, and a comma: at most its own count.
        let capacity = shards.reduce(2) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var out = SearchByteWriter(buffer.baseAddress!)
            out.append(UInt8(ascii: "{"))
            for var shard in shards where shard.utf8.count > 2 {
                if out.count > 1 { out.append(UInt8(ascii: ",")) }
                shard.withUTF8 { out.append(UnsafeBufferPointer(rebasing: $0.dropFirst().dropLast())) }
            }
            out.append(UInt8(ascii: "}"))
            return out.count
        }
    }

    /// The packs' files and, last, the manifest.
    func packFiles(_ packs: [(key: String, text: String)], documentCount: Int) -> [(path: String, text: String)] {
        packs.map { shardFile($0.key, $0.text) } + [manifestFile(documentCount: documentCount, keys: packs.map(\.key))]
    }
}
