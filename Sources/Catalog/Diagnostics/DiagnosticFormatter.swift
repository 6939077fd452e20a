import Foundation

/// Prints diagnostics in the formats of cli.md: compiler-style text (with a source excerpt
/// and caret when `excerpts` is on), one JSON document, or GitHub workflow commands.
///
/// Text and GitHub commands escape control characters (`ControlCharacters`, written
/// `\u{1B}`; GitHub's own `%0D` and `%0A` for CR and LF) in paths, messages and excerpts,
/// so that each diagnostic is one line and no escape sequence of a file name or identifier
/// reaches the terminal; JSON escapes them by its own rules.
public enum DiagnosticFormatter {
    public static func text(_ diagnostics: [Diagnostic], excerpts: Bool, colors: Bool = false) -> String {
        var sources = SourceLines()
        var out = ""
        for diagnostic in diagnostics {
            let location = diagnostic.location
            let severity = colors ? colored(diagnostic.severity) : diagnostic.severity.rawValue
            let file = ControlCharacters.escaped(location.file), message = ControlCharacters.escaped(diagnostic.message)
            out += "\(file):\(location.line):\(location.column): \(severity): \(message) [\(ControlCharacters.escaped(diagnostic.rule.rawValue))]\n"
            if excerpts, let raw = sources.line(location.line, of: location.file) {
                let line = ControlCharacters.escaped(raw, keepTabs: true)
                let gutter = String(location.line)
                let prefix = ControlCharacters.escaped(String(raw.prefix(max(location.column - 1, 0))), keepTabs: true)
                let caretOffset = prefix.map { $0 == "\t" ? "\t" : " " }.joined()
                out += " \(gutter) | \(line)\n"
                out += " \(String(repeating: " ", count: gutter.count)) | \(caretOffset)^\n"
            }
        }
        return out
    }

    public static func summaryLine(errors: Int, warnings: Int) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(errors, "error")), \(plural(warnings, "warning"))"
    }

    public static func json(_ diagnostics: [Diagnostic], extra: [(String, JSON)] = []) -> String {
        var out: [UInt8] = []
        json(diagnostics, extra: extra) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The JSON document in pieces of about `chunk` bytes, each handed to `write` as it is
    /// full: byte for byte `serialized(pretty: true)` of the whole document and a newline,
    /// without every diagnostic as a `JSON` value and the whole text in memory at once.
    public static func json(_ diagnostics: [Diagnostic], extra: [(String, JSON)] = [], chunk: Int = 1 << 20,
                            write: ([UInt8]) -> Void) {
        var out: [UInt8] = Array("{\n  \"diagnostics\": ".utf8)
        out.append(contentsOf: (diagnostics.isEmpty ? "[]" : "[").utf8)
        for (index, d) in diagnostics.enumerated() {
            out.append(contentsOf: (index == 0 ? "\n    " : ",\n    ").utf8)
            out.append(contentsOf: JSON.fields([
                "file": .string(d.location.file), "line": .int(Int64(d.location.line)),
                "column": .int(Int64(d.location.column)), "severity": .string(d.severity.rawValue),
                "rule": .string(d.rule.rawValue), "message": .string(d.message),
            ]).serializedUTF8(pretty: true, indent: 2))
            if out.count >= chunk {
                write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        if !diagnostics.isEmpty { out.append(contentsOf: "\n  ]".utf8) }
        let errors = diagnostics.count { $0.severity == .error }
        // The rest of the document, after its opening brace, as the whole document has it.
        let rest = JSON.object([
            ("errorCount", .int(Int64(errors))),
            ("warningCount", .int(Int64(diagnostics.count - errors))),
        ] + extra).serializedUTF8(pretty: true)
        out.append(UInt8(ascii: ","))
        out.append(contentsOf: rest.dropFirst())
        out.append(UInt8(ascii: "\n"))
        write(out)
    }

    /// `::error file=…,line=…,col=…,title=RULE::message`, escaped as GitHub requires.
    public static func github(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { d in
            let properties = "file=\(escapeProperty(d.location.file)),line=\(d.location.line),col=\(d.location.column),title=\(escapeProperty(d.rule.rawValue))"
            return "::\(d.severity.rawValue) \(properties)::\(escapeData(d.message))\n"
        }.joined()
    }

    private static func escapeData(_ text: String) -> String {
        ControlCharacters.escaped(text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A"))
    }

    private static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    private static func colored(_ severity: Severity) -> String {
        switch severity {
        case .error: "\u{1B}[1;31merror\u{1B}[0m"
        case .warning: "\u{1B}[1;33mwarning\u{1B}[0m"
        }
    }
}

/// Source lines for excerpts, each file read once.
struct SourceLines {
    private var cache: [String: [Substring]] = [:]

    mutating func line(_ number: Int, of path: String) -> String? {
        if cache[path] == nil {
            // Only a regular file, and not through a final link: a diagnostic may be about
            // a FIFO (which would block) or a link that leads outside (whose target's first
            // line must not be printed).
            guard case .success(let data) = ContentFile.read(path, limit: SourceText.maximumBytes, noFollow: true),
                  case .success(let text) = SourceText.decode(data) else { return nil }
            cache[path] = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        }
        guard let lines = cache[path], lines.indices.contains(number - 1) else { return nil }
        var line = lines[number - 1]
        if line.last == "\r" { line = line.dropLast() }
        return String(line)
    }
}
