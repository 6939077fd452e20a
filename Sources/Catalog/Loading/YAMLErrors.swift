import Yams

extension YAMLReader {
    /// Turns Yams' errors into diagnostics at the parser's position, in plain words.
    static func diagnostic(for error: YamlError, yaml: String, file: SourceFile, lineOffset: Int) -> Diagnostic {
        func at(_ mark: Mark) -> SourceLocation {
            file.location(line: mark.line + lineOffset, column: max(mark.column, 1))
        }
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
             .composer(_, let problem, let mark, _):
            return .error("yaml-syntax", at: at(mark), "invalid YAML: \(explain(problem))")
        case .duplicatedKeysInMapping(let keys, let context):
            let key = keys.first ?? ""
            let second = secondOccurrence(of: key, after: context.mark, in: yaml)
                .map { file.location(line: $0.line + lineOffset, column: $0.column) } ?? at(context.mark)
            return .error("duplicate-key", at: second,
                          "the key '\(key)' is given twice in one map; keep only one of them")
        case .reader(let problem, _, _, _):
            return .error("yaml-syntax", at: file.location(line: lineOffset + 1), "invalid YAML: \(problem)")
        default:
            return .error("yaml-syntax", at: file.location(line: lineOffset + 1), "the YAML cannot be read")
        }
    }

    /// libyaml's messages, with the advice an author needs.
    private static func explain(_ problem: String) -> String {
        if problem.contains("tab") {
            return problem + " (indent with spaces, not tabs)"
        }
        if problem.contains("quoted scalar") {
            return problem + " (close the quote)"
        }
        if problem.contains("mapping values are not allowed") {
            return problem + " (quote a value that contains ': ', or fix the indentation)"
        }
        return problem
    }

    /// The position of the repeated key: the next line after the first key that starts
    /// with the same key at the same column. Yams reports only the first one.
    private static func secondOccurrence(of key: String, after first: Mark, in yaml: String) -> (line: Int, column: Int)? {
        let lines = yaml.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard first.line >= 1, first.line < lines.count else { return nil }
        for index in first.line..<lines.count {
            let text = String(decoding: lines[index], as: UTF8.self)
            let indent = text.prefix { $0 == " " }.count
            let rest = text.dropFirst(indent)
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(spelling + ":") {
                if indent + 1 == first.column { return (index + 1, indent + 1) }
            }
        }
        return nil
    }
}
