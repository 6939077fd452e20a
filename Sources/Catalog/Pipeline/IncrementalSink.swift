import Crypto
import Foundation
import Synchronization

/// The build's output sink: writes into the staging directory, but a file whose bytes
/// equal what the current output already holds is hard-linked from there instead of
/// written. The staging directory is still swapped in whole (cli.md), yet an unchanged
/// file keeps its inode and modification time and costs one `link` instead of a write.
///
/// Stages may call `write` from several threads.
///
/// Files and directories are created relative to the staging directory, opened once
/// (`openat`, `mkdirat`): a build creates tens of thousands of them, and the kernel then
/// resolves only the path below the staging directory.
public final class IncrementalSink: OutputSink {
    let staging: URL
    let output: URL
    private let previous: [String: OutputRecord]
    private let state = Mutex(Written())
    private let stagingDescriptor: Int32
    private let stagingPath: String
    private let outputPath: String

    struct Written {
        /// Path → the hash and stamp of what was written (the stamp taken from the open
        /// file, so that saving the build state stats nothing).
        var records: [String: OutputRecord] = [:]
        var directories: Set<String> = []
        /// The directory made last and the one found in `directories` last: a page's
        /// parent is usually the one found for the page before it, and files of one
        /// directory come one after another, so most are found here without hashing.
        var lastMade: String?
        var lastFound: String?
        var linked = 0
    }

    init(staging: URL, output: URL, previous: [String: OutputRecord]) {
        self.staging = staging
        self.output = output
        self.previous = previous
        stagingPath = staging.path
        outputPath = output.path
        stagingDescriptor = open(stagingPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    deinit {
        if stagingDescriptor >= 0 { close(stagingDescriptor) }
    }

    public func write(_ relativePath: String, _ data: Data) throws {
        let hash = Self.hash(data)
        try makeParent(of: relativePath)
        // Never write through an existing name: it may be a link to the live output. Links
        // are only made from a previous output, so a first build has none to remove.
        if !previous.isEmpty { unlinkat(stagingDescriptor, relativePath, 0) }
        if let stamp = reuse(relativePath, hash: hash, size: data.count) {
            state.withLock { $0.records[relativePath] = OutputRecord(hash: hash, stamp: stamp); $0.linked += 1 }
            return
        }
        let stamp = try writeFile(relativePath, data)
        state.withLock { $0.records[relativePath] = OutputRecord(hash: hash, stamp: stamp) }
    }

    /// Path → hash and stamp of every file written (a rename of the staging directory
    /// keeps both), and how many were linked rather than written.
    var written: (records: [String: OutputRecord], linked: Int) {
        state.withLock { ($0.records, $0.linked) }
    }

    /// Every directory made below the staging directory, relative to it.
    var directories: Set<String> {
        state.withLock { $0.directories }
    }

    /// Links the current output's file when it holds these bytes (by hash) and has not
    /// been touched since the last build recorded it; its stamp when it was linked.
    private func reuse(_ relativePath: String, hash: String, size: Int) -> FileStamp? {
        guard let old = previous[relativePath], old.hash == hash, old.stamp.size == size else { return nil }
        let source = outputPath + "/" + relativePath
        guard FileStamp(path: source) == old.stamp,
              linkat(AT_FDCWD, source, stagingDescriptor, relativePath, 0) == 0 else { return nil }
        return old.stamp
    }

    /// Creates the parent directories with one `mkdir` each, remembering what exists:
    /// the site puts every page in a directory of its own, and FileManager's
    /// `createDirectory(withIntermediateDirectories:)` stats every component every time.
    /// Paths are split at their last `/` byte: `lastIndex(of:)` on the characters
    /// would break the whole path into grapheme clusters for every file.
    private func makeParent(of relativePath: String) throws {
        guard let slash = relativePath.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
        try makeDirectory(String(relativePath[..<slash]))
    }

    private func makeDirectory(_ relative: String) throws {
        guard !state.withLock({ $0.exists(relative) }) else { return }
        if let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) { try makeDirectory(String(relative[..<slash])) }
        if mkdirat(stagingDescriptor, relative, 0o777) != 0, errno != EEXIST {
            throw IncrementalError.write(relative, String(cString: strerror(errno)))
        }
        state.withLock {
            $0.directories.insert(relative)
            $0.lastMade = relative
        }
    }

    /// The first 16 bytes of the SHA-256, in hex (collisions are not a concern at 128 bits).
    static func hash(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(32)
        for byte in SHA256.hash(data: data).prefix(16) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// Writes the file and returns its stamp, taken before it is closed.
    private func writeFile(_ relativePath: String, _ data: Data) throws -> FileStamp {
        func failure() -> IncrementalError {
            IncrementalError.write(stagingPath + "/" + relativePath, String(cString: strerror(errno)))
        }
        let descriptor = openat(stagingDescriptor, relativePath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure() }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw failure() }
                offset += count
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure() }
        return FileStamp(info)
    }
}

extension IncrementalSink.Written {
    /// Whether `directory` was made by this sink.
    mutating func exists(_ directory: String) -> Bool {
        if directory == lastMade || directory == lastFound { return true }
        guard directories.contains(directory) else { return false }
        lastFound = directory
        return true
    }
}

enum IncrementalError: Error, CustomStringConvertible {
    case write(String, String)

    var description: String {
        switch self {
        case .write(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
