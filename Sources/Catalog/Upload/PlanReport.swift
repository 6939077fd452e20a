/// The plan as `--dry-run` prints it: counts first, then one line per item, in the
/// order a real run would act, then what the content lost and the run leaves at Apple.
extension UploadPlan {
    /// `pruneCommand` is the command line that deletes what this plan leaves at Apple
    /// (the same upload with `--prune`), printed when there is any.
    public func report(environment: CatalogEnvironment, pruneCommand: String) -> String {
        var lines = [
            "Upload plan for the \(environment.rawValue) environment:",
            "  create:    \(counts(.create))",
            "  replace:   \(counts(.replace))",
            "  delete:    \(contextDeletes.count + thumbnailDeletes.count) (\(contextDeletes.count) contexts, \(thumbnailDeletes.count) thumbnails)",
            "  unchanged: \(unchangedContexts) contexts, \(unchangedThumbnails) thumbnails",
        ]
        if !keptContexts.isEmpty || !keptThumbnails.isEmpty {
            lines.append("  left:      \(keptContexts.count + keptThumbnails.count) (\(keptContexts.count) contexts, "
                + "\(keptThumbnails.count) thumbnails) no longer in the content but still at Apple: not deleted without --prune")
        }
        lines += [
            "  requests:  \(contextBatches.count) context requests, \(thumbnails.count) thumbnail uploads, \(contextDeletes.count + thumbnailDeletes.count) deletes",
        ]
        for (index, batch) in contextBatches.enumerated() {
            lines.append("request \(index + 1) (\(batch.count) contexts):")
            lines += batch.map { "  \(contextChanges[$0.key]?.rawValue ?? "create") context \($0.key)" }
        }
        lines += thumbnails.map { "\(thumbnailChanges[$0.thumbnailId]?.rawValue ?? "create") thumbnail \($0.thumbnailId)" }
        lines += contextDeletes.map { "delete context \($0)" }
        lines += thumbnailDeletes.map { "delete thumbnail \($0)" }
        lines += keptContexts.map { "left context \($0)" }
        lines += keptThumbnails.map { "left thumbnail \($0)" }
        if let notice = leftoverNotice(environment: environment, pruneCommand: pruneCommand) {
            lines.append(notice)
        } else if isEmpty {
            lines.append("Nothing to do: the \(environment.rawValue) environment is up to date.")
        }
        // Thumbnail ids come from the manifest: nothing in them may reach the terminal raw.
        return TerminalText.escapeLines(lines.joined(separator: "\n"))
    }

    /// What a run without `--prune` leaves at Apple that the content no longer has, and
    /// the command that deletes it; nil when it leaves nothing. Printed by every plan and
    /// after every upload, so that no run calls the environment up to date while it
    /// still holds removed books or chapters.
    public func leftoverNotice(environment: CatalogEnvironment, pruneCommand: String) -> String? {
        guard !keptContexts.isEmpty || !keptThumbnails.isEmpty else { return nil }
        let items = [Self.count(keptContexts.count, "context"), Self.count(keptThumbnails.count, "thumbnail")]
            .filter { !$0.hasPrefix("0 ") }.joined(separator: " and ")
        let (verb, them) = keptContexts.count + keptThumbnails.count == 1 ? ("is", "it") : ("are", "them")
        let seen = keptContexts.isEmpty ? "" : ", where teachers can still find and assign the context\(keptContexts.count == 1 ? "" : "s")"
        return "Not up to date: \(items) that the content no longer has \(verb) still in the \(environment.rawValue) "
            + "environment\(seen). To delete \(them) (leaf first, in every locale), run:\n  " + pruneCommand
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    private func counts(_ change: Change) -> String {
        let contexts = contextChanges.values.filter { $0 == change }.count
        let thumbnails = thumbnailChanges.values.filter { $0 == change }.count
        return "\(contexts + thumbnails) (\(contexts) contexts, \(thumbnails) thumbnails)"
    }
}

extension UploadSummary {
    public var report: String {
        var line = "sent \(contextsSent) contexts and \(thumbnailsSent) thumbnails, "
            + "skipped \(contextsSkipped) unchanged contexts and \(thumbnailsSkipped) thumbnails, "
            + "deleted \(contextsDeleted) contexts and \(thumbnailsDeleted) thumbnails"
        if failed > 0 { line += ", \(failed) not done" }
        return line
    }
}
