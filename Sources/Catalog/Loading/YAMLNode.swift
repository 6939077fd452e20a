import Yams

/// A YAML value with the file position of every key and value, converted once from
/// Yams' nodes so that the readers never see Yams types.
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

/// Parses YAML text into `YAMLNode`s, reporting syntax errors at the parser's position.
enum YAMLReader {
    /// Yams resolves aliases by sharing the anchored node, so a few lines of anchors can
    /// stand for billions of values ("billion laughs"); converting stops past this many.
    static let maximumValues = 100_000

    /// - Parameter firstLine: the file line of the YAML's first line (2 in front matter).
    static func parse(_ yaml: String, file: SourceFile, firstLine: Int, into bag: inout DiagnosticBag) -> YAMLNode? {
        let yaml = yamlLines(yaml)
        do {
            // The basic resolver: tags are never read (values are typed by FieldReader), and
            // the default one runs regular expressions on every scalar, even to hash keys for
            // the duplicate check. UTF-8 explicitly: the default reads the environment per call.
            guard let node = try Yams.compose(yaml: yaml, .basic, .default, .utf8) else { return nil }
            var converter = Converter(file: file, lineOffset: firstLine - 1)
            return try converter.convert(node)
        } catch let error as YamlError {
            bag.append(diagnostic(for: error, yaml: yaml, file: file, lineOffset: firstLine - 1))
        } catch is Converter.TooManyValues {
            bag.error("yaml-syntax", at: file.location(line: firstLine),
                      "the YAML stands for more than \(maximumValues) values through its aliases (*name); write the values out instead")
        } catch {
            bag.error("yaml-syntax", at: file.location(line: firstLine), "the YAML cannot be read: \(error)")
        }
        return nil
    }

    /// libyaml also ends lines at U+0085, U+2028 and U+2029, which editors and the
    /// front-matter split show within a line; as spaces they keep every position in step.
    static func yamlLines(_ yaml: String) -> String {
        let breaks: Set<Unicode.Scalar> = ["\u{85}", "\u{2028}", "\u{2029}"]
        guard yaml.unicodeScalars.contains(where: breaks.contains) else { return yaml }
        var scalars = String.UnicodeScalarView()
        for scalar in yaml.unicodeScalars { scalars.append(breaks.contains(scalar) ? " " : scalar) }
        return String(scalars)
    }

    /// Yams nodes → `YAMLNode`s, counting every value it makes.
    private struct Converter {
        struct TooManyValues: Error {}

        let file: SourceFile
        let lineOffset: Int
        var remaining = YAMLReader.maximumValues

        mutating func convert(_ node: Node) throws -> YAMLNode {
            remaining -= 1
            guard remaining >= 0 else { throw TooManyValues() }
            let location = position(node.mark)
            switch node {
            case .scalar(let scalar):
                return YAMLNode(value: .scalar(scalar.string, isPlain: scalar.style == .plain), location: location)
            case .sequence(let sequence):
                var items: [YAMLNode] = []
                for item in sequence { items.append(try convert(item)) }
                return YAMLNode(value: .sequence(items), location: location)
            case .mapping(let mapping):
                var pairs: [YAMLPair] = []
                for (key, value) in mapping {
                    pairs.append(YAMLPair(key: key.string ?? "", keyLocation: position(key.mark), value: try convert(value)))
                }
                return YAMLNode(value: .mapping(pairs), location: location)
            case .alias(let alias):
                return YAMLNode(value: .scalar(alias.anchor.rawValue, isPlain: true), location: location)
            }
        }

        private func position(_ mark: Mark?) -> SourceLocation {
            guard let mark else { return file.location(line: lineOffset + 1) }
            return file.location(line: mark.line + lineOffset, column: max(mark.column, 1))
        }
    }
}
