import Yams

extension YAMLReader {
    /// Turns libyaml's errors into diagnostics at the parser's position, in plain words.
    static func diagnostic(for failure: YAMLParseFailure, yaml: String, file: SourceFile, lineOffset: Int) -> Diagnostic {
        switch failure {
        case .syntax(let context, let problem, let mark):
            // libyaml's context says what it was reading and where that began (an unclosed
            // quote is found only at the end of the text, far from the quote itself).
            let started = context.map { " \($0.text) that starts at line \($0.mark.line + lineOffset), column \($0.mark.column)" } ?? ""
            return .error("yaml-syntax", at: file.location(line: mark.line + lineOffset, column: max(mark.column, 1)),
                          "invalid YAML: \(explain(problem + started))")
        case .reader(let problem, let offset):
            let position = offset.map { self.position(ofCharacter: $0, in: yaml) } ?? (line: 1, column: 1)
            let character = offset.flatMap { yaml.dropFirst($0).first?.unicodeScalars.first }
            return .error("yaml-syntax", at: file.location(line: position.line + lineOffset, column: position.column),
                          "invalid YAML: \(explain(readerProblem: problem, at: character))")
        case .unreadable:
            return .error("yaml-syntax", at: file.location(line: lineOffset + 1), "the YAML cannot be read")
        }
    }

    /// The same for Yams' errors (`YAMLComposer`).
    static func diagnostic(for error: YamlError, yaml: String, file: SourceFile, lineOffset: Int) -> Diagnostic {
        func mark(_ mark: Mark) -> YAMLMark { YAMLMark(line: mark.line, column: mark.column) }
        switch error {
        case .scanner(let context, let problem, let at, _), .parser(let context, let problem, let at, _),
             .composer(let context, let problem, let at, _):
            let context = context.map { (text: $0.text, mark: mark($0.mark)) }
            return diagnostic(for: .syntax(context: context, problem: problem, mark: mark(at)),
                              yaml: yaml, file: file, lineOffset: lineOffset)
        case .duplicatedKeysInMapping(let keys, let context):
            let key = keys.first ?? ""
            let second = secondOccurrence(of: key, after: context.mark, in: yaml)
                .map { file.location(line: $0.line + lineOffset, column: $0.column) }
                ?? file.location(line: context.mark.line + lineOffset, column: max(context.mark.column, 1))
            return .error("duplicate-key", at: second,
                          "the key '\(key)' is given twice in one map; keep only one of them")
        case .reader(let problem, let offset, _, _):
            return diagnostic(for: .reader(problem: problem, characterOffset: offset),
                              yaml: yaml, file: file, lineOffset: lineOffset)
        default:
            return diagnostic(for: .unreadable, yaml: yaml, file: file, lineOffset: lineOffset)
        }
    }

    /// The 1-based line and column of the character at `offset` (libyaml's reader counts
    /// from the start of the text, not by lines).
    private static func position(ofCharacter offset: Int, in yaml: String) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for character in yaml.prefix(offset) {
            if character.isNewline { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// libyaml's reader's messages, with the character it stopped at: YAML text may not
    /// hold most control characters (DEL, the C0 and C1 controls but tab and line breaks)
    /// nor the noncharacters U+FFFE and U+FFFF. An escape would only bring a
    /// `text-control-character` warning: no reader sees one.
    private static func explain(readerProblem problem: String, at character: Unicode.Scalar?) -> String {
        guard problem.contains("control characters are not allowed"), let character else { return problem }
        let kind = character.properties.generalCategory == .control ? "control character" : "character"
        return "the \(kind) \(ControlCharacters.code(character)), which no reader sees, is not allowed in YAML; remove it"
    }

    /// libyaml's messages, with the advice an author needs.
    private static func explain(_ problem: String) -> String {
        if problem.contains("Maximum nesting level") {
            return "the values are nested too deeply (more than 1000 levels); flatten them"
        }
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

    /// The position of the repeated key, which Yams does not give (it reports the first):
    /// in a block map the next line that starts with the key at the first key's column; in
    /// a flow map (`{a: 1, a: 2}`) the next `key:` after the first one.
    private static func secondOccurrence(of key: String, after first: Mark, in yaml: String) -> (line: Int, column: Int)? {
        let lines = yaml.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard first.line >= 1, first.line <= lines.count else { return nil }
        let spellings = [key, "\"\(key)\"", "'\(key)'"].map { $0 + ":" }
        for index in first.line..<lines.count {
            let text = lines[index]
            let indent = text.prefix { $0 == " " }.count
            if indent + 1 == first.column, spellings.contains(where: text.dropFirst(indent).hasPrefix) {
                return (index + 1, indent + 1)
            }
        }
        return nextFlowKey(spellings, after: first, in: lines)
    }

    private static func nextFlowKey(_ spellings: [String], after first: Mark, in lines: [String]) -> (line: Int, column: Int)? {
        for index in (first.line - 1)..<lines.count {
            let characters = Array(lines[index])
            let start = index == first.line - 1 ? first.column : 0
            guard start < characters.count else { continue }
            for column in start..<characters.count where column == 0 || " ,{".contains(characters[column - 1]) {
                let rest = String(characters[column...])
                if spellings.contains(where: rest.hasPrefix) { return (index + 1, column + 1) }
            }
        }
        return nil
    }
}
