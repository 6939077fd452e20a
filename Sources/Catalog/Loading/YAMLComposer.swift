import Yams

/// The reader `YAMLReader` replaced: Yams' `compose`, then a conversion of its nodes. Kept
/// for the rare document whose map keys are lists, maps or aliases, which Yams compares
/// as whole trees, and as the reference the event reader is tested against
/// (`YAMLReaderEquivalenceTests`). It reports only the first duplicate key, as Yams does.
enum YAMLComposer {
    /// - Parameter yaml: text already passed through `YAMLReader.yamlLines`.
    static func parse(_ yaml: String, file: SourceFile, firstLine: Int, into bag: inout DiagnosticBag) -> YAMLNode? {
        do {
            // The basic resolver: tags are never read (values are typed by FieldReader), and
            // the default one runs regular expressions on every scalar, even to hash keys for
            // the duplicate check. UTF-8 explicitly: the default reads the environment per call.
            guard let node = try Yams.compose(yaml: yaml, .basic, .default, .utf8) else { return nil }
            var converter = Converter(file: file, lineOffset: firstLine - 1)
            return try converter.convert(node)
        } catch let error as YamlError {
            bag.append(YAMLReader.diagnostic(for: error, yaml: yaml, file: file, lineOffset: firstLine - 1))
        } catch is Converter.TooManyValues {
            bag.append(YAMLReader.tooManyValues(file: file, firstLine: firstLine))
        } catch {
            bag.error("yaml-syntax", at: file.location(line: firstLine), "the YAML cannot be read: \(error)")
        }
        return nil
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
