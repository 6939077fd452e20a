/// The plan as `--dry-run` prints it: counts first, then one line per item, in the
/// order a real run would act.
extension UploadPlan {
    public func report(environment: CatalogEnvironment) -> String {
        var lines = [
            "Upload plan for the \(environment.rawValue) environment:",
            "  create:    \(counts(.create))",
            "  replace:   \(counts(.replace))",
            "  delete:    \(contextDeletes.count + thumbnailDeletes.count) (\(contextDeletes.count) contexts, \(thumbnailDeletes.count) thumbnails)",
            "  unchanged: \(unchangedContexts) contexts, \(unchangedThumbnails) thumbnails",
            "  requests:  \(contextBatches.count) context requests, \(thumbnails.count) thumbnail uploads, \(contextDeletes.count + thumbnailDeletes.count) deletes",
        ]
        for (index, batch) in contextBatches.enumerated() {
            lines.append("request \(index + 1) (\(batch.count) contexts):")
            lines += batch.map { "  \(contextChanges[$0.key]?.rawValue ?? "create") context \($0.key)" }
        }
        lines += thumbnails.map { "\(thumbnailChanges[$0.thumbnailId]?.rawValue ?? "create") thumbnail \($0.thumbnailId)" }
        lines += contextDeletes.map { "delete context \($0)" }
        lines += thumbnailDeletes.map { "delete thumbnail \($0)" }
        if isEmpty { lines.append("Nothing to do: the \(environment.rawValue) environment is up to date.") }
        // Thumbnail ids come from the manifest: nothing in them may reach the terminal raw.
        return TerminalText.escapeLines(lines.joined(separator: "\n"))
    }

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
