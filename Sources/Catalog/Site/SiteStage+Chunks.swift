extension SiteStage {
    /// The contexts of a locale in the chunks its pages are rendered in: `size` at a time,
    /// then, below one full chunk, `tail` at a time. The last chunk is written once every
    /// page is rendered, with nothing left to overlap it, so a small one shortens the
    /// build's serial end; before it, large chunks keep the threads' hand-offs few.
    static func chunks(_ contexts: [Int], size: Int = 256, tail: Int = 32) -> [[Int]] {
        var chunks: [[Int]] = []
        var start = 0
        while start < contexts.count {
            let left = contexts.count - start
            let length = left > size ? size : min(left, tail)
            chunks.append(Array(contexts[start..<start + length]))
            start += length
        }
        return chunks
    }
}
