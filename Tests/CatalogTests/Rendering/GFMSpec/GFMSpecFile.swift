import Foundation

/// The examples of the GFM spec (Tests/Fixtures/gfm-spec/spec.txt), read as cmark-gfm's
/// own `test/spec_tests.py` reads them: numbered from 1 in file order, `→` standing for a
/// tab, and the examples marked `disabled` left out (their numbers stay taken).
struct GFMSpecExample {
    var number: Int
    var markdown: String
    var html: String
}

enum GFMSpecFile {
    static let url = Repository.root.appendingPathComponent("Tests/Fixtures/gfm-spec/spec.txt")

    static func examples() throws -> [GFMSpecExample] {
        let fence = String(repeating: "`", count: 32)
        var examples: [GFMSpecExample] = []
        var number = 0, state = 0, disabled = false
        var markdown = "", html = ""
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(fence + " example") {
                state = 1
                disabled = trimmed.split(separator: " ").contains("disabled")
            } else if trimmed == fence {
                number += 1
                if !disabled {
                    examples.append(GFMSpecExample(number: number, markdown: tabs(markdown), html: tabs(html)))
                }
                state = 0
                markdown = ""
                html = ""
            } else if trimmed == "." && state == 1 {
                state = 2
            } else if state == 1 {
                markdown += line + "\n"
            } else if state == 2 {
                html += line + "\n"
            }
        }
        return examples
    }

    private static func tabs(_ text: String) -> String { text.replacingOccurrences(of: "→", with: "\t") }
}
