import Crypto
import Foundation

/// Collects a build's files in memory, so that nothing reaches the output before every
/// stage has succeeded. Stages may write from several threads.
final class MemorySink: OutputSink {
    private let files = Locked<[String: Data]>([:])
    private let copies = Locked<[String: LiveOutput.Copy]>([:])

    func write(_ relativePath: String, _ data: Data) throws {
        files.withLock { $0[relativePath] = data }
    }

    /// Keeps where the file is and its stamp, not its bytes (a linked video would stay in
    /// memory until the output is written); `LiveOutput` copies it, 1 MB at a time, only
    /// when its stamp changed.
    func copyFile(_ relativePath: String, from absolutePath: String) throws {
        let file = try PublishPolicy.openMedia(absolutePath)
        var info = stat()
        let stamped = fstat(file.descriptor, &info) == 0
        close(file.descriptor)
        guard stamped else {
            throw PublishPolicy.MediaReadError(path: absolutePath, failure: .unreadable(OutputDirectory.reason()))
        }
        let copy = LiveOutput.Copy(source: absolutePath, stamp: FileStamp(info).trusted(at: FileStamp.now()))
        copies.withLock { $0[relativePath] = copy }
    }

    var written: [String: Data] { files.withLock { $0 } }
    var copied: [String: LiveOutput.Copy] { copies.withLock { $0 } }
}

/// The output directory of a long-lived build (`serve`) and what it holds, so that a
/// rebuild writes only the files whose bytes changed and removes only those that are gone.
///
/// The first build replaces the output whole through a staging directory, like `build`
/// (cli.md), which also clears whatever an earlier run left there. Later builds apply
/// their difference in place (each file's bytes written over, or a new file through a
/// temporary file and a rename: `replace`), and only after every stage succeeded in
/// memory, so a failed build leaves the output as it was.
/// The preview server reads the output under `lock` (as a reader: requests are answered
/// side by side), so a page never shows a half-applied difference; the lock is held only
/// while a difference is applied, never while a rebuild renders. After a failed write the output's state is unknown and the next build is a
/// whole replacement again.
final class LiveOutput: Sendable {
    let directory: URL
    /// Held for writing while the output changes; readers of the output hold it for reading.
    let lock = ReadWriteLock()
    /// A linked file of the content copied into the output: where it is, and its stamp when
    /// the build saw it (one too recent to trust matches nothing, so it is copied again).
    struct Copy: Equatable, Sendable {
        var source: String
        var stamp: FileStamp
    }

    private struct State {
        /// Path → the hash of the bytes of every file except pages (payloads, search
        /// index, sitemap…): what a rebuild compares its files with. Not the bytes, which
        /// would keep about 25 MB at 10,000 contexts for as long as `serve` runs.
        var files: [String: SHA256Digest] = [:]
        /// Path → the linked file copied there.
        var copies: [String: Copy] = [:]
        /// Every page in the output.
        var pages: Set<String> = []
        var isKnown = false
    }

    private let state = Locked(State())

    /// Replace an output the build did not make (`serve --force`).
    let force: Bool

    init(directory: URL, force: Bool = false) {
        self.directory = directory.standardizedFileURL
        self.force = force
    }

    var isKnown: Bool { state.withLock { $0.isKnown } }

    /// Makes the output hold exactly `files` and `pages` (pages rendered this build in
    /// `files`, those taken from the memo unchanged in the output already).
    /// - Returns: how many files were written and removed.
    /// - Parameter copies: linked files to copy (`MemorySink.copied`), copied again only
    ///   when their stamp changed.
    func apply(files: [String: Data], copies: [String: Copy] = [:], pages: Set<String>) throws -> (written: Int, removed: Int) {
        let previous = state.withLock { $0 }
        // Pages are not recorded: a page in `files` was rendered again, and is written.
        let hashes = files.filter { !pages.contains($0.key) }.mapValues { SHA256.hash(data: $0) }
        guard previous.isKnown else {
            try replaceWhole(files, copies: copies)
            state.withLock { $0 = State(files: hashes, copies: copies, pages: pages, isKnown: true) }
            return (files.count + copies.count, 0)
        }
        let changed = files.filter { path, _ in hashes[path].map { $0 != previous.files[path] } ?? true }
        let recopied = copies.filter { path, copy in previous.copies[path] != copy || copy.stamp.size < 0 }
        let kept = { (path: String) in files[path] != nil || copies[path] != nil || pages.contains(path) }
        let gone = previous.files.keys.filter { !kept($0) } + previous.copies.keys.filter { !kept($0) }
            + previous.pages.filter { !kept($0) }
        try apply(changed, copies: recopied, removing: gone)
        state.withLock { $0 = State(files: hashes, copies: copies, pages: pages, isKnown: true) }
        return (changed.count + recopied.count, gone.count)
    }

    /// Writes `files` and `copies` and removes `removed` under the output's lock. After a
    /// failure the directory's content is unknown, so the next build replaces it whole.
    private func apply(_ files: [String: Data], copies: [String: Copy] = [:], removing removed: [String]) throws {
        do {
            try lock.writing {
                let root = try OutputDirectory(path: directory.path)
                for (path, data) in files { try Self.replace(path, with: data, in: root) }
                for (path, copy) in copies { try Self.replace(path, copying: copy.source, in: root) }
                for path in removed { try Self.remove(path, in: root) }
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
        let written = changed.filter { path, data in
            pages.contains(path) || previous.files[path].map { $0 != SHA256.hash(data: data) } ?? true
        }
        try apply(written, removing: removed)
        state.withLock { state in
            for (path, data) in changed where !pages.contains(path) { state.files[path] = SHA256.hash(data: data) }
            for path in removed { state.files[path] = nil }
        }
        return (written.count, removed.count)
    }

    private func replaceWhole(_ files: [String: Data], copies: [String: Copy]) throws {
        let staged = try StagedOutput(output: directory, force: force)
        do {
            let sink = try IncrementalSink(staging: staged.staging, output: directory, previous: [:])
            for (path, data) in files { try sink.write(path, data) }
            for (path, copy) in copies { try sink.copyFile(path, from: copy.source) }
            try lock.writing { try staged.commit() }
        } catch {
            staged.discard()
            throw error
        }
    }

    /// Gives a file new bytes: over the old ones when it exists with no other name
    /// (`overwrite`), otherwise written beside it and renamed over it. No `fsync`
    /// (Foundation's atomic write syncs, which cost up to tens of milliseconds a file on a
    /// busy disk, for an output that the next `serve` replaces whole anyway), and the
    /// directory is made only when it is missing. Every name goes through `OutputDirectory`.
    private static func replace(_ path: String, with data: Data, in root: OutputDirectory) throws {
        if try overwrite(path, with: data, in: root) { return }
        try renameOver(path, in: root) { OutputDirectory.writeAll($0, data) ? nil : OutputDirectory.reason() }
    }

    /// Gives a file the bytes of the regular file at `source`, streamed into a new file
    /// beside it and renamed over it (never written over: it may be a link `build` made).
    private static func replace(_ path: String, copying source: String, in root: OutputDirectory) throws {
        let file = try PublishPolicy.openMedia(source)
        defer { close(file.descriptor) }
        try renameOver(path, in: root) { OutputDirectory.copyAll(from: file.descriptor, to: $0) }
    }

    /// Writes a new file beside `path` with `write` (which answers why it failed, or nil)
    /// and renames it over `path`, making the directory only when it is missing; the new
    /// file is removed if anything failed.
    private static func renameOver(_ path: String, in root: OutputDirectory, write: (Int32) -> String?) throws {
        let parent = (path as NSString).deletingLastPathComponent
        let temporary = (parent.isEmpty ? "" : parent + "/") + ".live-\(UInt64.random(in: 0...UInt64.max)).tmp"
        let descriptor: Int32
        if let made = try? root.createFile(temporary, exclusive: true) {
            descriptor = made
        } else {
            if !parent.isEmpty { try root.makeDirectories(parent) }
            descriptor = try root.createFile(temporary, exclusive: true)
        }
        let failure = write(descriptor)
        let closed = close(descriptor) == 0
        do {
            guard failure == nil, closed else { throw IncrementalError.write(root.full(path), failure ?? OutputDirectory.reason()) }
            try root.rename(temporary, to: path)
        } catch {
            _ = try? root.remove(temporary)
            throw error
        }
    }

    /// Writes `data` over a regular file's bytes and cuts it to their length: four calls,
    /// and unlike a rename over it or an `O_TRUNC`, no write-back of the file that ext4
    /// starts at once (`auto_da_alloc`), which a busy disk made take tens of milliseconds.
    /// The preview server reads under `lock`, so it never sees a file half written. False,
    /// with the file maybe half written, when that failed or the file has another name
    /// (a link `build` made to it must keep its bytes): then the caller renames over it.
    private static func overwrite(_ path: String, with data: Data, in root: OutputDirectory) throws -> Bool {
        guard let descriptor = try root.openExisting(path) else { return false }
        var status = stat()
        let written = fstat(descriptor, &status) == 0 && status.st_nlink == 1 && (status.st_mode & S_IFMT) == S_IFREG
            && OutputDirectory.writeAll(descriptor, data) && ftruncate(descriptor, off_t(data.count)) == 0
        return close(descriptor) == 0 && written
    }

    /// Removes a file and then its parent directories as long as they are empty (a
    /// deleted context's page leaves no empty directory behind, as a clean build would not).
    private static func remove(_ relative: String, in root: OutputDirectory) throws {
        try root.remove(relative)
        var directory = (relative as NSString).deletingLastPathComponent
        while !directory.isEmpty, try root.removeDirectory(directory) {
            directory = (directory as NSString).deletingLastPathComponent
        }
    }
}
