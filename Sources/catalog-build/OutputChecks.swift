import Catalog
import Foundation

/// What `build` and `serve` check before they start: an output that would replace or sit
/// in the content, one that holds someone else's files, or a folder that cannot be written
/// stops the command (status 2) with what to do.
enum OutputChecks {
    static func check(output: String, content: String, force: Bool) throws {
        let cwd = FileManager.default.currentDirectoryPath
        let url = URL(fileURLWithPath: output)
        if let problem = OutputGuard.problem(output: url, content: ContentRoot(path: content), currentDirectory: cwd,
                                             displayPath: output) {
            throw UsageProblem(problem, rule: "output-unusable", path: output)
        }
        if !force, let problem = OutputOwnership.problem(output: url, displayPath: output) {
            throw UsageProblem(problem, rule: "output-unusable", path: output)
        }
        if let failure = OutputFailure.check(output: output) {
            throw UsageProblem(failure.description, rule: "output-unusable", path: output)
        }
    }

    /// An error thrown while writing the output, told in the user's words: an output that
    /// cannot be used is status 2, anything else (a full disk) status 1.
    static func report(_ error: any Error, output: String) -> any Error {
        let failure = OutputFailure.from(error, output: output)
        if failure.kind == .unusable { return UsageProblem(failure.description, rule: "output-unusable", path: output) }
        Output.standardError("error: \(failure.description)\n")
        return Exit.contentError
    }
}
