/// The result of `upload --verify` as it is printed: counts, one line per context that
/// is not as built (with the fields that differ), what was not checked, and what to run.
extension VerifyResult {
    /// `commands` are the user's command lines that fix what was found.
    public struct Commands: Sendable {
        public var upload: String
        public var prune: String
        public var rebuildState: String

        public init(upload: String, prune: String, rebuildState: String) {
            self.upload = upload
            self.prune = prune
            self.rebuildState = rebuildState
        }
    }

    /// `stateNote` is the line about the state file: that it was rewritten, or nil to
    /// say whether it agrees with Apple (`disagreements`).
    public func report(environment: CatalogEnvironment, disagreements: Int, stateNote: String?, commands: Commands) -> String {
        let name = environment.rawValue
        var lines = [
            "Verify of the \(name) environment: \(UploadPlan.count(built.count, "context")) in the build, "
                + "\(left.count + gone.count) more in the state file",
            "  equal:     \(equalCount)",
            "  different: \(different.count)",
            "  missing:   \(missing.count) (in the build, not at Apple)",
            "  left:      \(left.count) (no longer in the build, still at Apple)",
            "  gone:      \(gone.count) (in the state file only, no longer at Apple)",
        ]
        for (key, fields) in different {
            lines.append("different context \(key)")
            lines += fields.map { "  \($0.field): the build has \(Self.show($0.local)), Apple has \(Self.show($0.remote))" }
        }
        lines += missing.map { "missing context \($0)" }
        lines += left.map { "left context \($0)" }
        lines += gone.map { "gone context \($0)" }
        lines.append("Not checked: thumbnails, and contexts that neither the build nor the state file names "
            + "(the Catalog API has no call that lists contexts).")
        lines.append(matches ? "The \(name) environment holds every context of the build, as built."
            : "The \(name) environment differs from the build.")
        if let stateNote {
            lines.append(stateNote)
        } else if disagreements > 0 {
            lines.append("The state file records \(UploadPlan.count(disagreements, "context")) otherwise than Apple holds "
                + "them, so an upload planned from it would skip or misname them. Rewrite it from what Apple holds:\n  "
                + commands.rebuildState)
        }
        if !matches {
            let fixes = different.count + missing.count
            if fixes > 0 { lines.append("To send the \(UploadPlan.count(fixes, "context")) that differ or are missing:\n  " + commands.upload) }
            if !left.isEmpty { lines.append("To delete the \(UploadPlan.count(left.count, "context")) left at Apple:\n  " + commands.prune) }
        }
        return TerminalText.escapeLines(lines.joined(separator: "\n"))
    }

    /// A value as compact JSON, cut at 80 characters; "nothing" when the field is absent.
    static func show(_ value: JSON?) -> String {
        guard let text = value?.serialized() else { return "nothing" }
        return text.count <= 80 ? text : String(text.prefix(79)) + "…"
    }
}
