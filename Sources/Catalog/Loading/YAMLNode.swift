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
    /// - Parameter firstLine: the file line of the YAML's first line (2 in front matter).
    static func parse(_ yaml: String, file: SourceFile, firstLine: Int, into bag: inout DiagnosticBag) -> YAMLNode? {
        do {
            guard let node = try Yams.compose(yaml: yaml) else { return nil }
            return convert(node, file: file, lineOffset: firstLine - 1)
        } catch let error as YamlError {
            bag.append(diagnostic(for: error, yaml: yaml, file: file, lineOffset: firstLine - 1))
        } catch {
            bag.error("yaml-syntax", at: file.location(line: firstLine), "the YAML cannot be read: \(error)")
        }
        return nil
    }

    private static func convert(_ node: Node, file: SourceFile, lineOffset: Int) -> YAMLNode {
        let location = position(node.mark, file: file, lineOffset: lineOffset)
        switch node {
        case .scalar(let scalar):
            return YAMLNode(value: .scalar(scalar.string, isPlain: scalar.style == .plain), location: location)
        case .sequence(let sequence):
            return YAMLNode(value: .sequence(sequence.map { convert($0, file: file, lineOffset: lineOffset) }),
                            location: location)
        case .mapping(let mapping):
            let pairs = mapping.map { key, value in
                YAMLPair(key: key.string ?? "", keyLocation: position(key.mark, file: file, lineOffset: lineOffset),
                         value: convert(value, file: file, lineOffset: lineOffset))
            }
            return YAMLNode(value: .mapping(pairs), location: location)
        case .alias(let alias):
            return YAMLNode(value: .scalar(alias.anchor.rawValue, isPlain: true), location: location)
        }
    }

    private static func position(_ mark: Mark?, file: SourceFile, lineOffset: Int) -> SourceLocation {
        guard let mark else { return file.location(line: lineOffset + 1) }
        return file.location(line: mark.line + lineOffset, column: max(mark.column, 1))
    }
}
