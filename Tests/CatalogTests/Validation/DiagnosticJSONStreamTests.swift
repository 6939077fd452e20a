import Testing
@testable import Catalog

/// `--format json` written in pieces: the same bytes as the whole document serialized at once.
@Suite struct DiagnosticJSONStreamTests {
    /// The document as one `JSON` value, as the printer made it before it was streamed.
    static func whole(_ diagnostics: [Diagnostic], extra: [(String, JSON)]) -> String {
        let items = diagnostics.map { d in
            JSON.fields([
                "file": .string(d.location.file), "line": .int(Int64(d.location.line)),
                "column": .int(Int64(d.location.column)), "severity": .string(d.severity.rawValue),
                "rule": .string(d.rule.rawValue), "message": .string(d.message),
            ])
        }
        let errors = diagnostics.count { $0.severity == .error }
        return JSON.object([("diagnostics", .array(items)), ("errorCount", .int(Int64(errors))),
                            ("warningCount", .int(Int64(diagnostics.count - errors)))] + extra).serialized(pretty: true) + "\n"
    }

    static let diagnostics: [Diagnostic] = (1...40).map { line in
        Diagnostic(line % 3 == 0 ? "topic" : "raw-html", line % 3 == 0 ? .error : .warning,
                   at: SourceLocation(file: "content/é \"\(line)\".md", line: line, column: 2), "<b>\(line)</b> & \u{2028}")
    }

    static let extra: [(String, JSON)] = [("output", .object([("path", .string("site")), ("written", .bool(false))]))]

    @Test(arguments: [0, 1, 2, 40])
    func piecesMakeTheWholeDocument(count: Int) {
        let diagnostics = Array(Self.diagnostics.prefix(count))
        var pieces: [[UInt8]] = []
        DiagnosticFormatter.json(diagnostics, extra: Self.extra, chunk: 256) { pieces.append($0) }
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == Self.whole(diagnostics, extra: Self.extra))
        #expect(DiagnosticFormatter.json(diagnostics) == Self.whole(diagnostics, extra: []))
    }

    @Test func aLongListIsWrittenInSeveralPieces() {
        var sizes: [Int] = []
        DiagnosticFormatter.json(Self.diagnostics, chunk: 1024) { sizes.append($0.count) }
        #expect(sizes.count > 3)
        #expect(sizes.dropLast().allSatisfy { $0 >= 1024 && $0 < 1024 + 400 })
    }
}
