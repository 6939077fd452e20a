/// A YAML value with the file position of every key and value, built once from libyaml's
/// events (`YAMLReader`) so that the readers never see parser types.
struct YAMLNode: Sendable {
    enum Value: Sendable {
        /// `isPlain` is false for quoted and block scalars, whose text is never a number.
        case scalar(String, isPlain: Bool)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    var value: Value
    var location: SourceLocation

    var scalar: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    var isNull: Bool {
        if case .scalar(let text, true) = value { return ["", "~", "null", "Null", "NULL"].contains(text) }
        return false
    }

    var kindName: String {
        switch value {
        case .scalar: isNull ? "nothing" : "text"
        case .sequence: "a list"
        case .mapping: "a map"
        }
    }
}

struct YAMLPair: Sendable {
    var key: String
    var keyLocation: SourceLocation
    var value: YAMLNode
}
