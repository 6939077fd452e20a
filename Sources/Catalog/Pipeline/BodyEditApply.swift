import Foundation

extension BodyEditBuild {
    /// Stages the new output (every directory made again, every unchanged file linked from
    /// the current output, the changed ones written), swaps it in and saves both states.
    func apply(_ files: [String: Data], removed: Set<String>, state next: BodyState,
               timer: inout StageTimer) throws -> BuildResult {
        let output = options.output.standardizedFileURL
        let staged = try StagedOutput(output: output, force: options.force, trash: options.trash)
        do {
            try timer.measure("body edit: stage") { try stage(files, removed: removed, into: staged.staging, from: output) }
        } catch let cancelled as BuildCancelled {
            throw cancelled
        } catch {
            // The output is as it was: a full build can still make it.
            staged.discard()
            throw BodyEditFallback(reason: "the output could not be staged (\(error))")
        }
        let remover = try timer.measure("write/swap") { try staged.swap() }
        timer.measure("body edit: save state") { save(files, removed: removed, state: next) }
        let paths = Set(previous.outputs.keys).subtracting(removed).union(files.keys)
        return BuildResult(diagnostics: DiagnosticBag(), wrote: true, contextCount: state.contextCount,
                           written: OutputCounts(paths: paths), oldOutputRemover: remover)
    }

    /// Directories depth by depth and links in chunks, on every core (they are the
    /// kernel's work: 11,000 directories and 12,000 links at 10k contexts).
    private func stage(_ files: [String: Data], removed: Set<String>, into staging: URL, from output: URL) throws {
        let staging = try OutputDirectory(path: staging.path)
        let current = try OutputDirectory(path: output.path)
        let levels = Dictionary(grouping: previous.directories.keys.filter { !$0.isEmpty }) { $0.utf8.count { $0 == UInt8(ascii: "/") } }
        for depth in levels.keys.sorted() {
            try Self.inChunks(levels[depth] ?? []) { try staging.makeDirectory($0) }
        }
        let linked = previous.outputs.keys.filter { files[$0] == nil && !removed.contains($0) }
        try Self.inChunks(linked) { path in
            guard try staging.link(path, from: current) else {
                throw IncrementalError.write(staging.full(path), OutputDirectory.reason())
            }
        }
        for (path, data) in files { try staging.write(path, data) }
    }

    /// `body` for every item, on every core; the first error is thrown.
    private static func inChunks(_ items: [String], _ body: @Sendable (String) throws -> Void) throws {
        let size = 512
        let chunks = stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min($0 + size, items.count)]) }
        let failures = ConcurrentMap.map(chunks) { chunk -> String? in
            do {
                for item in chunk { try body(item) }
                return nil
            } catch {
                return "\(error)"
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw BodyEditFallback(reason: failure) }
    }

    /// The build state as a full build would save it (stamps of the files written taken
    /// now, in place), then the body state that goes with it.
    private func save(_ files: [String: Data], removed: Set<String>, state next: BodyState) {
        guard let cache = incremental.stateDirectory else { return }
        let output = options.output.standardizedFileURL.path
        var saved = previous
        saved.inputs = incremental.inputs
        for path in removed { saved.outputs[path] = nil }
        for path in files.keys { saved.outputs[path] = FileStamp(path: output + "/" + path) }
        saved.directories = OutputStamps.collect(Array(previous.directories.keys), in: output) ?? [:]
        guard (try? saved.save(in: cache)) != nil,
              let stamp = FileStamp(path: cache.appendingPathComponent(BuildState.fileName).path) else {
            BodyState.remove(from: cache)
            return
        }
        var state = next
        state.buildState = stamp
        state.save(in: cache, identity: previous.identity)
    }
}
