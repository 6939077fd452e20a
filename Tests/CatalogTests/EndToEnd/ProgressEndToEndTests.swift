import Foundation
import Testing

/// `build`'s progress line seen by a terminal and by everything else: the binary runs
/// under `script`, which gives it a pseudo-terminal and copies what it shows to a file.
@Suite(.serialized) struct ProgressEndToEndTests {
    let work: URL
    let clear = "\r\u{1B}[K"

    init() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("progress-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    private var sample: String { Repository.root.appendingPathComponent("content").path }

    /// Runs `catalog-build ARGUMENTS` on a pseudo-terminal; returns what the terminal got.
    private func onTerminal(_ arguments: [String]) throws -> BinaryRunner.Outcome {
        let command = ([BinaryRunner.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try BinaryRunner.run(["-q", "-e", "-c", command, work.appendingPathComponent("typescript").path],
                                    in: work, executable: URL(fileURLWithPath: "/usr/bin/script"))
    }

    @Test func aTerminalSeesEachStageOnOneLineThatIsClearedBeforeTheDiagnostics() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try onTerminal(["build", "--content", sample, "--output", "site", "--cache", "cache"])
        #expect(run.status == 0, "\(run.stdout)")
        for stage in ["Loading", "Thumbnails", "Pages"] {
            #expect(run.stdout.contains(clear + stage + " "), "\(stage) in \(run.stdout.debugDescription)")
        }
        // Redrawn in place: no progress line is ever followed by a new line.
        #expect(!run.stdout.contains(try Regex(#"(Loading|Thumbnails|Pages) [0-9,]+/[0-9,]+\r?\n"#)))
        // Cleared at the end: after the last clear come the diagnostics and the summary.
        let end = run.stdout.components(separatedBy: clear).last ?? ""
        #expect(!["Loading", "Thumbnails", "Pages"].contains { end.hasPrefix($0) }, "\(end.debugDescription)")
        #expect(end.contains("Built "), "\(end.debugDescription)")
    }

    @Test(arguments: [["-q"], ["--format", "json"]])
    func quietOrJSONOnATerminalShowsNoProgress(flags: [String]) throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try onTerminal(["build", "--content", sample, "--output", "site", "--cache", "cache"] + flags)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("Loading") && !run.stdout.contains("Pages") && !run.stdout.contains("\u{1B}["))
    }

    @Test func aPipeGetsNoProgress() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["build", "--content", sample, "--output", "site", "--cache", "cache"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("Loading") && !run.stderr.contains("Pages") && !run.stderr.contains("Thumbnails"))
        #expect(!run.stderr.contains("\r") && !run.stderr.contains("\u{1B}["))
        #expect(run.stderr.contains("Built "), "\(run.stderr)")
    }
}
