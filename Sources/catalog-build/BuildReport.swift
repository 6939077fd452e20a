import Catalog
import Foundation

/// What `build` says when it ends: the diagnostics, then one summary in the user's words
/// (text on standard error), or the JSON document with what was written (`output`).
struct BuildReport {
    let output: String
    let report: ReportOptions
    let seconds: Double

    func print(_ result: BuildResult) {
        report.printer.print(result.diagnostics, extraJSON: [("output", json(result))])
        guard report.talks else { return }
        Output.standardError(text(result))
    }

    func text(_ result: BuildResult) -> String {
        let folder = output.hasSuffix("/") ? output : output + "/"
        if result.upToDate { return "\(folder) is up to date: nothing changed since the last build\n" }
        guard result.wrote else {
            let cause = result.diagnostics.hasErrors ? "" : " (--strict makes warnings stop the build)"
            return "Nothing was written\(cause); \(folder) is as it was\n"
        }
        let written = result.written
        let counts = [Self.count(written.pages, "page"), Self.count(written.thumbnails, "thumbnail"),
                      Self.count(written.payloadRequests, "payload request"),
                      result.diagnostics.warningCount == 0 ? "no warnings" : Self.count(result.diagnostics.warningCount, "warning")]
        return "Built \(folder) in \(String(format: "%.1f", seconds)) s: \(counts.joined(separator: ", "))\n"
            + "Open \(folder)index.html to see it\n"
    }

    func json(_ result: BuildResult) -> JSON {
        var fields: [(String, JSON)] = [("path", .string(output)), ("written", .bool(result.wrote)),
                                        ("upToDate", .bool(result.upToDate))]
        if result.wrote {
            fields += [("pages", .int(Int64(result.written.pages))), ("thumbnails", .int(Int64(result.written.thumbnails))),
                       ("payloadRequests", .int(Int64(result.written.payloadRequests))),
                       ("contextVersions", .int(Int64(result.contextCount))),
                       ("seconds", .double((seconds * 1000).rounded() / 1000))]
        }
        return .object(fields)
    }

    static func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// `--verbose`: where the content was found and where the output goes.
    static func locations(_ location: ContentLocation, output: String?) -> String {
        let how = switch location.origin {
        case .given: "as given"
        case .defaultFolder: "the default"
        case .found: "found at or above the current folder"
        }
        return "Content: \(location.content) (\(how))\n" + (output.map { "Output: \($0)\n" } ?? "")
    }
}
