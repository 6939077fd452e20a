import Foundation
import Testing
@testable import Catalog

/// One fixture directory: `content/` (a content directory), `expected.txt` (one
/// `severity rule path:line:column` per line, paths relative to content/), and optionally
/// `via-binary` (checked through the built executable), `generate.txt` (files too big or
/// too many to commit, made when the fixture is copied), `previous/` (the content as an
/// earlier build saw it: the fixture is then checked by `build` after a build of that)
/// and `arguments.txt` (a command line that cannot start: run as written, with
/// `--format json`, it exits 2 with the document's one diagnostic; `content/` may then
/// be absent).
struct Fixture: CustomTestStringConvertible, Sendable {
    let name: String
    let url: URL

    var testDescription: String { name }
    var isViaBinary: Bool { FileManager.default.fileExists(atPath: url.appendingPathComponent("via-binary").path) }
    /// The words of `arguments.txt`, if the fixture has one.
    var arguments: [String]? {
        (try? String(contentsOf: url.appendingPathComponent("arguments.txt"), encoding: .utf8))
            .map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
    }

    var previous: URL? {
        let folder = url.appendingPathComponent("previous")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }

    var expected: [String] {
        get throws {
            let text = try String(contentsOf: url.appendingPathComponent("expected.txt"), encoding: .utf8)
            return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
    }

    /// The fixtures under Tests/Fixtures/<folder>, by name.
    static func all(in folder: String) -> [Fixture] {
        let base = Repository.root.appendingPathComponent("Tests/Fixtures/\(folder)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { Fixture(name: $0, url: base.appendingPathComponent($0)) }
    }

    /// Copies content/ into a fresh directory (so that generated files never touch the
    /// repository) and runs generate.txt there.
    func materialize() throws -> Workspace {
        let workspace = try Workspace()
        let content = url.appendingPathComponent("content")
        if FileManager.default.fileExists(atPath: content.path) {
            try FileManager.default.copyItem(at: content, to: workspace.content)
        }
        let script = url.appendingPathComponent("generate.txt")
        if let text = try? String(contentsOf: script, encoding: .utf8) {
            for line in text.split(separator: "\n") { try workspace.generate(line.split(separator: " ").map(String.init)) }
        }
        return workspace
    }
}

/// A temporary directory holding `content/`; diagnostics print paths as `content/…`.
struct Workspace {
    let parent: URL
    var content: URL { parent.appendingPathComponent("content") }
    var root: ContentRoot { ContentRoot(path: "content", currentDirectory: parent.path) }

    init() throws {
        parent = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: parent) }

    /// `pad PATH BYTES` grows a file with trailing spaces; `repeat COUNT TEMPLATE PATTERN`
    /// copies a template to COUNT paths (PATTERN takes a `%04d`).
    func generate(_ words: [String]) throws {
        switch (words.first, words.count) {
        case ("pad", 3):
            let file = content.appendingPathComponent(words[1])
            var data = try Data(contentsOf: file)
            data.append(Data(repeating: UInt8(ascii: " "), count: max(Int(words[2])! - data.count, 0)))
            try data.write(to: file)
        case ("repeat", 4):
            let template = try Data(contentsOf: content.appendingPathComponent(words[2]))
            for n in 1...Int(words[1])! {
                try template.write(to: content.appendingPathComponent(String(format: words[3], n)))
            }
        case ("fifo", 2):
            try FileManager.default.createDirectory(at: content.appendingPathComponent(words[1]).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            guard mkfifo(content.appendingPathComponent(words[1]).path, 0o644) == 0 else { throw POSIXError(.EIO) }
        case ("link", 3):
            try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent(words[1]).path,
                                                       withDestinationPath: words[2])
        default:
            Issue.record("unknown generate.txt line: \(words.joined(separator: " "))")
        }
    }

    /// Builds `previous` into `site` as `content/`, then runs the built executable's
    /// `build --format json` on this content, into the same output.
    func buildJSON(after previous: URL) throws -> (status: Int32, json: [String: Any]?, stdout: String) {
        let arguments = ["build", "--content", "content", "--output", "site", "--cache", "cache"]
        let saved = parent.appendingPathComponent("saved-content")
        try FileManager.default.moveItem(at: content, to: saved)
        try FileManager.default.copyItem(at: previous, to: content)
        let first = try BinaryRunner.run(arguments, in: parent)
        guard first.status == 0 else { return (first.status, nil, first.stderr) }
        try FileManager.default.removeItem(at: content)
        try FileManager.default.moveItem(at: saved, to: content)
        let outcome = try BinaryRunner.run(arguments + ["--format", "json"], in: parent)
        let object = try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return (outcome.status, object, outcome.stdout)
    }

    /// Runs the built executable's `validate --format json` on this content (or the
    /// command line given).
    func validateJSON(_ arguments: [String] = ["validate", "--format", "json", "--content", "content"]) throws
        -> (status: Int32, json: [String: Any]?, stdout: String) {
        let outcome = try BinaryRunner.run(arguments, in: parent)
        let object = try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return (outcome.status, object, outcome.stdout)
    }
}

/// `severity rule path:line:column`, the path relative to the content directory (`.` for
/// the directory itself), as expected.txt lists them.
func fixtureLine(severity: String, rule: String, file: String, line: Int, column: Int) -> String {
    let path = file == "content" ? "." : file.hasPrefix("content/") ? String(file.dropFirst("content/".count)) : file
    return "\(severity) \(rule) \(path):\(line):\(column)"
}

extension LoadResult {
    var fixtureLines: [String] {
        diagnostics.sorted.map { d in
            fixtureLine(severity: d.severity.rawValue, rule: d.rule.rawValue, file: d.location.file,
                        line: d.location.line, column: d.location.column)
        }
    }
}

/// The diagnostics of a `--format json` document as fixture lines.
func fixtureLines(json: [String: Any]) -> [String] {
    let items = json["diagnostics"] as? [[String: Any]] ?? []
    return items.map { item in
        fixtureLine(severity: item["severity"] as? String ?? "?", rule: item["rule"] as? String ?? "?",
                    file: item["file"] as? String ?? "?", line: item["line"] as? Int ?? 0, column: item["column"] as? Int ?? 0)
    }
}
