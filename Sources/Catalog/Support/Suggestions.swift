/// "Did you mean" suggestions by edit distance.
public enum Suggestions {
    /// The candidate closest to `word` (case-insensitive), if it is close enough to be a typo.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        // Names are short: a word or a candidate longer than `longest` (an id of 300,000
        // characters in hostile HTML) is no typo of another, and comparing two such would
        // take their lengths' product.
        guard word.utf8.count <= longest * 4 else { return nil }
        let lowered = word.lowercased(), length = lowered.count
        guard length <= longest else { return nil }
        let candidates = candidates.filter { $0.utf8.count <= longest * 4 && $0.count <= longest }
        // No candidate further than `limit` can be suggested, nor be closer than one that
        // can: a word whose length differs by more (a 1 MB key) is not compared at all.
        let limit = max(2, (candidates.map(\.count).max() ?? 0) / 3)
        let scored = candidates.filter { abs($0.count - length) <= limit }.map { ($0, distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
        return best.1 <= max(2, best.0.count / 3) ? best.0 : nil
    }

    /// The longest word or candidate compared, in characters.
    static let longest = 200

    /// Levenshtein distance over Unicode characters.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Two rows, reused: 50,000 unknown keys made two arrays per row each.
        // Filled by index: `Array(0...n)` goes through the generic sequence copy, which
        // in an unoptimized build was a quarter of 50,000 unknown keys' time.
        var previous = [Int](repeating: 0, count: b.count + 1)
        for j in previous.indices { previous[j] = j }
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
