import CCatalogSystem
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the build writes below its output: every file and directory it creates,
/// links, renames or removes under the staging directory (and `serve`'s live output) goes
/// through here, by a path relative to a directory opened once.
///
/// Two guards, so that no bug in naming can write outside:
/// - every relative path is checked by its text (`problem(_:)`): no empty, `.` or `..`
///   component, not absolute, no NUL;
/// - files are opened with `cb_open_beneath` (Linux `openat2` with `RESOLVE_BENEATH |
///   RESOLVE_NO_MAGICLINKS`, and `O_NOFOLLOW`; where the kernel lacks `openat2`, a walk
///   that opens every directory on the way with `O_NOFOLLOW`), and a directory that
///   already exists where one is made must be a real directory, not a symbolic link.
///
/// `makeDirectory` makes one level: its parent must have been made (or found) through
/// this directory before, which every caller does by making parents first. A refused
/// path throws `OutputPathError.refused`, naming the path.
public final class OutputDirectory: Sendable {
    public let path: String
    let descriptor: Int32
    /// False: skip `openat2` and use the fallback (tests of the fallback only).
    private let beneath: Bool

    public init(path: String, kernelContainment: Bool = true) throws {
        self.path = path
        beneath = kernelContainment
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputPathError.failed(path, Self.reason()) }
    }

    deinit { close(descriptor) }

    /// Creates (or truncates) the file and returns its open descriptor, write-only.
    public func createFile(_ relative: String, exclusive: Bool = false) throws -> Int32 {
        try check(relative)
        let flags = O_WRONLY | O_CREAT | (exclusive ? O_EXCL : O_TRUNC)
        let descriptor = beneath ? cb_open_beneath(self.descriptor, relative, flags, 0o666)
            : cb_open_nofollow(self.descriptor, relative, flags, 0o666)
        guard descriptor >= 0 else { throw failure(relative) }
        return descriptor
    }

    /// Opens an existing file for writing; nil when it does not exist or is no regular
    /// name below the directory (then the caller writes a new file instead).
    func openExisting(_ relative: String) throws -> Int32? {
        try check(relative)
        let descriptor = beneath ? cb_open_beneath(self.descriptor, relative, O_WRONLY, 0)
            : cb_open_nofollow(self.descriptor, relative, O_WRONLY, 0)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Opens an existing file for reading; nil when it does not exist or is no regular
    /// name below the directory.
    func openForReading(_ relative: String) throws -> Int32? {
        try check(relative)
        let descriptor = beneath ? cb_open_beneath(self.descriptor, relative, O_RDONLY, 0)
            : cb_open_nofollow(self.descriptor, relative, O_RDONLY, 0)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Writes a whole file.
    public func write(_ relative: String, _ data: Data) throws {
        let descriptor = try createFile(relative)
        defer { close(descriptor) }
        guard Self.writeAll(descriptor, data) else { throw failure(relative) }
    }

    /// Makes one directory whose parent exists. True when it was made, false when a
    /// directory was there already; refused when something else (a link) is there.
    @discardableResult
    public func makeDirectory(_ relative: String) throws -> Bool {
        try check(relative)
        if mkdirat(descriptor, relative, 0o777) == 0 { return true }
        guard errno == EEXIST else { throw failure(relative) }
        var info = stat()
        guard fstatat(descriptor, relative, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw failure(relative) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw OutputPathError.refused(full(relative), "it exists and is not a directory (a symbolic link leads anywhere)")
        }
        return false
    }

    /// Makes a directory and every missing parent, each one level at a time.
    public func makeDirectories(_ relative: String) throws {
        var made = ""
        for component in relative.split(separator: "/", omittingEmptySubsequences: false) {
            made = made.isEmpty ? String(component) : made + "/" + component
            try makeDirectory(made)
        }
    }

    /// Hard-links `relative` of `source` to the same name here; false when that failed.
    func link(_ relative: String, from source: OutputDirectory) throws -> Bool {
        try check(relative)
        return linkat(source.descriptor, relative, descriptor, relative, 0) == 0
    }

    /// Renames within the directory.
    func rename(_ from: String, to: String) throws {
        try check(from)
        try check(to)
        guard renameat(descriptor, from, descriptor, to) == 0 else { throw failure(to) }
    }

    /// Removes a file (not a directory); true when it was removed.
    @discardableResult
    func remove(_ relative: String) throws -> Bool {
        try check(relative)
        return unlinkat(descriptor, relative, 0) == 0
    }

    /// Removes an empty directory; true when it was removed.
    func removeDirectory(_ relative: String) throws -> Bool {
        try check(relative)
        return unlinkat(descriptor, relative, AT_REMOVEDIR) == 0
    }

    func full(_ relative: String) -> String { path + "/" + relative }

    private func check(_ relative: String) throws {
        if let problem = Self.problem(relative) { throw OutputPathError.refused(full(relative), problem) }
    }

    /// A refusal when the kernel refused to leave the directory, else the failure.
    private func failure(_ relative: String) -> OutputPathError {
        switch errno {
        case EXDEV: .refused(full(relative), "it resolves outside the output folder")
        case ELOOP: .refused(full(relative), "it passes through a symbolic link")
        case ENOTDIR: .refused(full(relative), "a folder on its way is a symbolic link or a file")
        default: .failed(full(relative), Self.reason())
        }
    }

    static func reason() -> String { String(cString: strerror(errno)) }

    /// Writes every byte of `data`, resuming after short writes and interruptions.
    static func writeAll(_ descriptor: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Writes what `source` reads, from where it is to its end, 1 MB at a time; nil when
    /// done, else why not.
    static func copyAll(from source: Int32, to descriptor: Int32) -> String? {
        let chunk = 1 << 20
        return withUnsafeTemporaryAllocation(byteCount: chunk, alignment: 16) { buffer -> String? in
            while true {
                let count = systemRead(source, buffer.baseAddress!, chunk)
                if count < 0 && errno == EINTR { continue }
                if count < 0 { return "cannot read the file copied: \(reason())" }
                if count == 0 { return nil }
                guard writeAll(descriptor, UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { return reason() }
            }
        }
    }

    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        guard var next = buffer.baseAddress else { return true }
        var left = buffer.count
        while left > 0 {
            let count = systemWrite(descriptor, next, left)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            next += count
            left -= count
        }
        return true
    }
}

extension OutputDirectory {
    /// Why a relative path may not be written below the directory, or nil when it may:
    /// it is empty or absolute, a component is empty, `.` or `..`, or it holds a NUL byte.
    /// One pass over the UTF-8 bytes (a build checks some 11,000 paths).
    public static func problem(_ relative: String) -> String? {
        var relative = relative
        return relative.withUTF8 { bytes -> String? in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            guard let first = bytes.first else { return "the path is empty" }
            if first == slash { return "the path is absolute" }
            var start = 0
            for index in 0...bytes.count {
                if index < bytes.count {
                    if bytes[index] == 0 { return "the path holds a NUL byte" }
                    guard bytes[index] == slash else { continue }
                }
                let length = index - start
                if length == 0 { return "the path has an empty component" }
                if length <= 2 && bytes[start] == dot && (length == 1 || bytes[start + 1] == dot) {
                    return length == 1 ? "the path has a `.` component" : "the path has a `..` component"
                }
                start = index + 1
            }
            return nil
        }
    }
}

/// A write below the output that was refused or failed; the path is the full one.
public enum OutputPathError: Error, CustomStringConvertible, Equatable {
    /// The path would leave the output folder: a defect of the tool, never of content.
    case refused(String, String)
    case failed(String, String)

    public var description: String {
        switch self {
        case .refused(let path, let reason):
            "refused to write \(path): \(reason); nothing is written outside the output (this is a defect of catalog-build, please report it)"
        case .failed(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
