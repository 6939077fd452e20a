/// The pairs of a YAML map by key, with unknown keys reported as warnings that name the
/// closest known key. (Duplicate keys are rejected earlier, by the YAML parser.)
struct KeyedFields {
    private var values: [String: YAMLNode] = [:]
    private(set) var keyLocations: [String: SourceLocation] = [:]

    init(_ pairs: [YAMLPair], known: [String], into bag: inout DiagnosticBag) {
        for pair in pairs {
            guard known.contains(pair.key) else {
                let hint = Suggestions.closest(to: pair.key, in: known).map { "; did you mean '\($0)'?" }
                    ?? "; known keys are \(known.joined(separator: ", "))"
                bag.warning("unknown-key", at: pair.keyLocation, "unknown key '\(pair.key)' is ignored\(hint)")
                continue
            }
            values[pair.key] = pair.value
            keyLocations[pair.key] = pair.keyLocation
        }
    }

    subscript(key: String) -> YAMLNode? { values[key] }

    var keys: Dictionary<String, YAMLNode>.Keys { values.keys }
}
