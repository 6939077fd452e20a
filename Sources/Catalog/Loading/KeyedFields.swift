/// The pairs of a YAML map by key, with unknown keys reported as warnings that name the
/// closest known key. (Duplicate keys are rejected earlier, by the YAML parser.)
struct KeyedFields {
    /// The known pairs in the map's order. A map has a dozen keys or so: a linear search
    /// costs less than building and hashing a dictionary for each of 10,000 files.
    private var pairs: [YAMLPair] = []
    /// Unknown keys held back (not reported) because they look like a key of `holdingBack`
    /// that the map lacks: that key → the unknown key as written, and where. The caller
    /// reports each as the missing key's problem (`titel:` → no title).
    private(set) var misspelt: [String: Located<String>] = [:]

    init(_ pairs: [YAMLPair], known: [String], holdingBack: [String] = [], into bag: inout DiagnosticBag) {
        self.pairs.reserveCapacity(pairs.count)
        let lacking = holdingBack.filter { key in !pairs.contains { $0.key == key } }
        for pair in pairs {
            guard known.contains(where: { Self.same($0, pair.key) }) else {
                let suggestion = Suggestions.closest(to: pair.key, in: known)
                if let suggestion, lacking.contains(suggestion), misspelt[suggestion] == nil {
                    misspelt[suggestion] = Located(value: pair.key, location: pair.keyLocation)
                    continue
                }
                let hint = suggestion.map { "; did you mean '\($0)'?" }
                    ?? "; known keys are \(known.joined(separator: ", "))"
                bag.warning("unknown-key", at: pair.keyLocation, "unknown key '\(pair.key)' is ignored\(hint)")
                continue
            }
            self.pairs.append(pair)
        }
    }

    /// The value of `key` (the last one, should a key ever come twice).
    subscript(key: String) -> YAMLNode? {
        for index in pairs.indices.reversed() where Self.same(pairs[index].key, key) { return pairs[index].value }
        return nil
    }

    /// `a == b`, the lengths first: keys are short, most differ in length, and `==` of two
    /// different strings goes through the standard library's general comparison (the
    /// readers look each file's keys up some twenty times).
    @inline(__always)
    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a == b
    }
}
