import Foundation

/// Command lines the upload suggests: the user's own `upload` command, as typed, with
/// some flags taken out and others added, so that it names the same output,
/// environment, state file, address and credentials.
public enum SuggestedCommand {
    /// The upload that deletes what a run without `--prune` left at Apple.
    public static func prune(from arguments: [String]) -> String {
        line(from: arguments, removing: ["--dry-run", "--verify", "--rebuild-state"], adding: ["--prune"])
    }

    public static func line(from arguments: [String], removing: Set<String>, adding: [String] = []) -> String {
        var words = arguments.filter { !removing.contains($0) }
        words += adding.filter { !words.contains($0) }
        return words.map(quote).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back: bare when it holds only characters no shell
    /// treats specially, otherwise in single quotes (a quote inside becomes `'\''`).
    public static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./:=@%+,".unicodeScalars.contains(scalar))
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
