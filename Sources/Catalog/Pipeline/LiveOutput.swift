import Foundation
import Synchronization

/// Collects a build's files in memory, so that nothing reaches the output before every
/// stage has succeeded. Stages may write from several threads.
final class MemorySink: OutputSink {
    private let files = Mutex<[String: Data]>([:])

    func write(_ relativePath: String, _ data: Data) throws {
        files.withLock { $0[relativePath] = data }
    }

    var written: [String: Data] { files.withLock { $0 } }
}

/// The output directory of a long-lived build (`serve`) and what it holds, so that a
/// rebuild writes only the files whose bytes changed and removes only those that are gone.
///
/// The first build replaces the output whole through a staging directory, like `build`
/// (cli.md), which also clears whatever an earlier run left there. Later builds apply
/// their difference in place, each file through a temporary file and a rename, and only
/// after every stage succeeded in memory, so a failed build leaves the output as it was.
/// The preview server reads the output under `lock`, so a page never shows a half-applied
/// difference. After a failed write the output's state is unknown and the next build is a
/// whole replacement again.
final class LiveOutput: Sendable {
    let directory: URL
    /// Held while the output changes; readers of the output take it too.
    let lock = Mutex(())
    private struct State {
        /// Path → bytes of every file except pages (payloads, search index, sitemap…).
        var files: [String: Data] = [:]
        /// Every page in the output.
        var pages: Set<String> = []
        var isKnown = false
    }

    private let state = Mutex(State())

    init(directory: URL) { self.directory = directory.standardizedFileURL }

    var isKnown: Bool { state.withLock { $0.isKnown } }

    /// Makes the output hold exactly `files` and `pages` (pages rendered this build in
    /// `files`, those taken from the memo unchanged in the output already).
    /// - Returns: how many files were written and removed.
    func apply(files: [String: Data], pages: Set<String>) throws -> (written: Int, removed: Int) {
        let previous = state.withLock { $0 }
        guard previous.isKnown else {
            try replaceWhole(files)
            record(files: files, pages: pages)
            return (files.count, 0)
        }
        let changed = files.filter { previous.files[$0.key] != $0.value }
        let gone = previous.files.keys.filter { files[$0] == nil && !pages.contains($0) }
            + previous.pages.filter { !pages.contains($0) && files[$0] == nil }
        try apply(changed, removing: gone)
        record(files: files, pages: pages)
        return (changed.count, gone.count)
    }

    /// Writes `files` and removes `removed` under the output's lock. After a failure the
    /// directory's content is unknown, so the next build replaces it whole.
    private func apply(_ files: [String: Data], removing removed: [String]) throws {
        do {
            try lock.withLock { _ in
                for (path, data) in files { try Self.replace(directory.path + "/" + path, with: data) }
                for path in removed { Self.remove(path, under: directory.path) }
            }
        } catch {
            state.withLock { $0 = State() }
            throw error
        }
    }

    /// Writes `changed` and removes `removed`, every other file staying as it is (a build
    /// that knows exactly what it changed). Pages stay the same set.
    /// - Returns: how many files were written and removed.
    func patch(changed: [String: Data], removed: [String], pages: Set<String>) throws -> (written: Int, removed: Int) {
        let previous = state.withLock { $0 }
        guard previous.isKnown else { throw IncrementalError.write(directory.path, "the output is not known") }
        let written = changed.filter { pages.contains($0.key) || previous.files[$0.key] != $0.value }
        try apply(written, removing: removed)
        state.withLock { state in
            for (path, data) in changed where !pages.contains(path) { state.files[path] = data }
            for path in removed { state.files[path] = nil }
        }
        return (written.count, removed.count)
    }

    /// Remembers the output's files; pages are recorded by name only (they are never
    /// compared: a page whose inputs changed is written again).
    private func record(files: [String: Data], pages: Set<String>) {
        let kept = files.filter { !pages.contains($0.key) }
        state.withLock { $0 = State(files: kept, pages: pages, isKnown: true) }
    }

    private func replaceWhole(_ files: [String: Data]) throws {
        let staged = try StagedOutput(output: directory)
        do {
            let sink = IncrementalSink(staging: staged.staging, output: directory, previous: [:])
            for (path, data) in files { try sink.write(path, data) }
            try lock.withLock { _ in try staged.commit() }
        } catch {
            staged.discard()
            throw error
        }
    }

    /// Writes beside the file and renames over it: a reader sees the old or the new bytes.
    private static func replace(_ path: String, with data: Data) throws {
        let parent = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let temporary = parent + "/.live-\(UInt64.random(in: 0...UInt64.max)).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw IncrementalError.write(path, "cannot create \(temporary)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw IncrementalError.write(path, reason)
        }
    }

    /// Removes a file and then its parent directories as long as they are empty (a
    /// deleted context's page leaves no empty directory behind, as a clean build would not).
    private static func remove(_ relative: String, under root: String) {
        unlink(root + "/" + relative)
        var directory = (relative as NSString).deletingLastPathComponent
        while !directory.isEmpty, rmdir(root + "/" + directory) == 0 {
            directory = (directory as NSString).deletingLastPathComponent
        }
    }
}
