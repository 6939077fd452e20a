import Foundation

/// The build's output sink: writes into the staging directory, but a file whose bytes
/// equal what the current output already holds (compared byte for byte, never by a hash
/// that content could collide with) is hard-linked from there instead of written. The staging directory is still swapped in whole (cli.md), yet an unchanged
/// file keeps its inode and modification time and costs one `link` instead of a write.
///
/// Stages may call `write` from several threads.
///
/// Every file and directory is made through `OutputDirectory`, relative to the staging
/// directory opened once: a build creates tens of thousands of them, the kernel then
/// resolves only the path below the staging directory, and no path can leave it.
public final class IncrementalSink: OutputSink {
    let staging: URL
    let output: URL
    /// Path → stamp of every file the last build wrote: the files that may be linked.
    private let previous: [String: FileStamp]
    private let state = Locked(Written())
    private let directory: OutputDirectory
    /// The current output, where unchanged files are linked from (nil on a first build).
    private let current: OutputDirectory?

    struct Written {
        /// Path → the stamp of what was written (taken from the open file, so that saving
        /// the build state stats nothing).
        var records: [String: FileStamp] = [:]
        /// Each a part of the path of a file written (its key in `records`), which it keeps
        /// alive: a `String` of its own per directory was 20 MB at 250,000 versions.
        var directories: Set<Substring> = []
        /// The directory made last and the one found in `directories` last: a page's
        /// parent is usually the one found for the page before it, and files of one
        /// directory come one after another, so most are found here without hashing.
        var lastMade: Substring?
        var lastFound: Substring?
        var linked = 0
    }

    init(staging: URL, output: URL, previous: [String: FileStamp]) throws {
        self.staging = staging
        self.output = output
        self.previous = previous
        directory = try OutputDirectory(path: staging.path)
        current = previous.isEmpty ? nil : try? OutputDirectory(path: output.path)
    }

    public func write(_ relativePath: String, _ data: Data) throws {
        try makeParent(of: relativePath)
        // Never write through an existing name: it may be a link to the live output. Links
        // are only made from a previous output, so a first build has none to remove.
        if !previous.isEmpty { try directory.remove(relativePath) }
        if let stamp = reuse(relativePath, data) {
            state.withLock { $0.records[relativePath] = stamp; $0.linked += 1 }
            return
        }
        let stamp = try writeFile(relativePath, data)
        state.withLock { $0.records[relativePath] = stamp }
    }

    /// Streams the file in pieces of 1 MB, so that a linked video costs no memory for its
    /// size; linked from the current output instead when that holds the same bytes.
    public func copyFile(_ relativePath: String, from absolutePath: String) throws {
        let source = try PublishPolicy.openMedia(absolutePath)
        defer { close(source.descriptor) }
        try makeParent(of: relativePath)
        if !previous.isEmpty { try directory.remove(relativePath) }
        if let current, let old = previous[relativePath], old.size == source.size,
           let stamp = current.stampIfHolding(relativePath, sameAs: source.descriptor, size: source.size),
           (try? directory.link(relativePath, from: current)) == true {
            state.withLock { $0.records[relativePath] = stamp; $0.linked += 1 }
            return
        }
        guard lseek(source.descriptor, 0, SEEK_SET) == 0 else {
            throw PublishPolicy.MediaReadError(path: absolutePath, failure: .unreadable(OutputDirectory.reason()))
        }
        let stamp = try streamFile(relativePath, from: source.descriptor, path: absolutePath)
        state.withLock { $0.records[relativePath] = stamp }
    }

    /// Path → stamp of every file written (a rename of the staging directory
    /// keeps both), and how many were linked rather than written.
    var written: (records: [String: FileStamp], linked: Int) {
        state.withLock { ($0.records, $0.linked) }
    }

    /// Every directory made below the staging directory, relative to it.
    var directories: [String] {
        state.withLock { $0.directories.map(String.init) }
    }

    /// Links the current output's file when the last build wrote it and it holds exactly
    /// these bytes; its stamp when it was linked. A file the last build wrote with another
    /// size is not opened.
    private func reuse(_ relativePath: String, _ data: Data) -> FileStamp? {
        guard let current, let old = previous[relativePath], old.size == data.count,
              let stamp = current.stampIfHolding(relativePath, data),
              (try? directory.link(relativePath, from: current)) == true else { return nil }
        return stamp
    }

    /// Creates the parent directories with one `mkdir` each, remembering what exists:
    /// the site puts every page in a directory of its own, and FileManager's
    /// `createDirectory(withIntermediateDirectories:)` stats every component every time.
    /// Paths are split at their last `/` byte: `lastIndex(of:)` on the characters
    /// would break the whole path into grapheme clusters for every file.
    private func makeParent(of relativePath: String) throws {
        guard let slash = relativePath.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
        try makeDirectory(relativePath[..<slash])
    }

    private func makeDirectory(_ relative: Substring) throws {
        guard !state.withLock({ $0.exists(relative) }) else { return }
        if let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) { try makeDirectory(relative[..<slash]) }
        try directory.makeDirectory(String(relative))
        state.withLock {
            $0.directories.insert(relative)
            $0.lastMade = relative
        }
    }

    /// The first 16 bytes of the SHA-256, in hex (`OutputDigest`'s digits): what the body
    /// state keeps of a front matter and of its own bytes (`BodyStateFile`).
    static func hash(_ data: some DataProtocol) -> String {
        OutputDigest(of: data).hex
    }

    /// Writes what `source` reads to its end into the file; its stamp, taken before it is closed.
    private func streamFile(_ relativePath: String, from source: Int32, path: String) throws -> FileStamp {
        let descriptor = try directory.createFile(relativePath)
        defer { close(descriptor) }
        let failure = OutputDirectory.copyAll(from: source, to: descriptor).map { "\(path): \($0)" }
        var info = stat()
        guard failure == nil, fstat(descriptor, &info) == 0 else {
            throw IncrementalError.write(directory.full(relativePath), failure ?? OutputDirectory.reason())
        }
        return FileStamp(info)
    }

    /// Writes the file and returns its stamp, taken before it is closed.
    private func writeFile(_ relativePath: String, _ data: Data) throws -> FileStamp {
        let descriptor = try directory.createFile(relativePath)
        defer { close(descriptor) }
        var info = stat()
        guard OutputDirectory.writeAll(descriptor, data), fstat(descriptor, &info) == 0 else {
            throw IncrementalError.write(directory.full(relativePath), OutputDirectory.reason())
        }
        return FileStamp(info)
    }
}

extension IncrementalSink.Written {
    /// Whether `directory` was made by this sink.
    mutating func exists(_ directory: Substring) -> Bool {
        if directory == lastMade || directory == lastFound { return true }
        guard directories.contains(directory) else { return false }
        lastFound = directory
        return true
    }
}
