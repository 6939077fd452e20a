/// Parses YAML text into `YAMLNode`s, reporting syntax errors at the parser's position.
///
/// It reads libyaml's events directly (`YAMLEventParser`, `YAMLTreeBuilder`). A document
/// with a key that is itself a list, a map or an alias is read by Yams' composer instead
/// (`YAMLComposer`, the reader this one replaced), which compares such keys as trees.
enum YAMLReader {
    /// Aliases share the anchored value, so a few lines of anchors can stand for billions
    /// of values ("billion laughs"); a document that stands for more than this is refused.
    static let maximumValues = 100_000

    /// Reads `yaml` with libyaml's events. (A hand-written reader for the commonest front
    /// matter once came first; bench/yaml measured that it saved about 6 % of a build's CPU,
    /// under the 10 % that would pay for a second reader.)
    /// - Parameter firstLine: the file line of the YAML's first line (2 in front matter).
    static func parse(_ yaml: String, file: SourceFile, firstLine: Int, into bag: inout DiagnosticBag) -> YAMLNode? {
        let yaml = yamlLines(yaml)
        var builder = YAMLTreeBuilder(file: file, lineOffset: firstLine - 1, maximumValues: maximumValues)
        let failure = YAMLEventParser.withParser(yaml) { parser in readDocument(&parser, into: &builder) }
        switch failure {
        case .failure(let failure)?:
            bag.append(contentsOf: builder.duplicates.sorted { $0.location < $1.location })
            bag.append(diagnostic(for: failure, yaml: yaml, file: file, lineOffset: firstLine - 1))
        case .needsComposer?:
            return YAMLComposer.parse(yaml, file: file, firstLine: firstLine, into: &bag)
        case nil where !builder.duplicates.isEmpty:
            bag.append(contentsOf: builder.duplicates.sorted { $0.location < $1.location })
        case nil where builder.rootCount > maximumValues:
            bag.append(tooManyValues(file: file, firstLine: firstLine))
        case nil:
            return builder.root
        }
        return nil
    }

    /// The YAML stands for more values than `maximumValues`: through many keys or list
    /// items, or through aliases that repeat a value (the message fits either).
    static func tooManyValues(file: SourceFile, firstLine: Int) -> Diagnostic {
        .error("yaml-too-large", at: file.location(line: firstLine),
               "the YAML stands for more than \(maximumValues) values (keys' values and list items, each alias (*name) counted as all the values it repeats); a front matter needs a few dozen: remove the keys the catalog does not read, and write values out instead of repeating them through aliases")
    }

    /// Reads the stream's single document into `builder`, asking for events in the order
    /// Yams' `Parser.singleRoot` did, so that a broken document fails at the same event.
    private static func readDocument(_ parser: inout YAMLEventParser,
                                     into builder: inout YAMLTreeBuilder) -> YAMLTreeBuilder.Stop? {
        do throws(YAMLTreeBuilder.Stop) {
            _ = try next(&parser)  // the stream start
            if case .streamEnd = try next(&parser) { return nil }  // no document: nothing
            repeat {
                try builder.add(try next(&parser))
            } while !builder.isComplete
            _ = try next(&parser)  // the document end
            let after = try next(&parser)
            if case .streamEnd = after { return nil }
            let mark: YAMLMark = if case .documentStart(let mark) = after { mark } else { YAMLMark(line: 1, column: 1) }
            return .failure(.syntax(context: (text: "expected a single document in the stream", mark: YAMLMark(line: 1, column: 1)),
                                    problem: "but found another document", mark: mark))
        } catch {
            return error
        }
    }

    private static func next(_ parser: inout YAMLEventParser) throws(YAMLTreeBuilder.Stop) -> YAMLEvent {
        switch parser.next() {
        case .success(let event): return event
        case .failure(let failure): throw .failure(failure)
        }
    }

    /// libyaml also ends lines at U+0085, U+2028 and U+2029, which editors and the
    /// front-matter split show within a line; as spaces they keep every position in step.
    /// Scanned as bytes: all three begin with 0xC2 or 0xE2, which plain text rarely has.
    static func yamlLines(_ yaml: String) -> String {
        var text = yaml
        guard text.withUTF8({ $0.contains { $0 == 0xC2 || $0 == 0xE2 } }) else { return yaml }
        let breaks: Set<Unicode.Scalar> = ["\u{85}", "\u{2028}", "\u{2029}"]
        guard yaml.unicodeScalars.contains(where: breaks.contains) else { return yaml }
        var scalars = String.UnicodeScalarView()
        for scalar in yaml.unicodeScalars { scalars.append(breaks.contains(scalar) ? " " : scalar) }
        return String(scalars)
    }
}
