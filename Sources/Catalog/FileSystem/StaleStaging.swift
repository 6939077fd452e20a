import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the staging folders (`.NAME.building-PID`, `.NAME.old-PID` of a swap without
/// exchange, and `.NAME.trash-PID` that an interrupt renamed aside for its remover) that
/// a build of the same output left beside it when it crashed or was killed: those whose
/// process no longer runs (`kill(pid, 0)` answers ESRCH). One whose process still runs
/// (a build, or a remover at work), or that is not a folder, is left alone. The same for the
/// temporary files (`AtomicFile`) such a build left in the cache.
enum StaleStaging {
    static func remove(beside output: URL) {
        let parent = output.deletingLastPathComponent().path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for name in names {
            guard let pid = processID(in: name, output: output.lastPathComponent) else { continue }
            removeFolder(parent + "/" + name, ifEnded: pid)
        }
    }

    /// What an interrupt renames a staging folder of `output` to, before its remover's PID
    /// (`DetachedRemoval`): `.NAME.trash-` beside the output.
    static func trashPrefix(beside output: URL) -> String {
        trashPrefix(of: output, in: output.deletingLastPathComponent())
    }

    /// `.NAME.trash-` in `folder`: where a build puts `output`'s old tree for its remover.
    static func trashPrefix(of output: URL, in folder: URL) -> String {
        folder.standardizedFileURL.path + "/." + output.lastPathComponent + trashKind
    }

    /// Removes the old outputs (`.NAME.trash-PID`) that a remover which no longer runs
    /// left in `folder` (a build's cache).
    static func remove(in folder: URL, output: URL) {
        let path = folder.standardizedFileURL.path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        let prefix = "." + output.lastPathComponent + trashKind
        for name in names where name.hasPrefix(prefix) {
            guard let pid = processID(in: name, output: output.lastPathComponent) else { continue }
            removeFolder(path + "/" + name, ifEnded: pid)
        }
    }

    /// Removes the folder `path` (never what a link there points to) when `pid` has ended.
    private static func removeFolder(_ path: String, ifEnded pid: pid_t) {
        var info = stat()
        guard hasEnded(pid), lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        TreeRemoval.remove(path)
    }

    private static let trashKind = ".trash-"

    /// Removes the regular files `.NAME.tmp-PID-N` in `directory` whose process no longer runs.
    static func removeTemporaryFiles(in directory: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(".") {
            guard let pid = temporaryFileProcessID(name), hasEnded(pid) else { continue }
            var info = stat()
            let path = directory.path + "/" + name
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            unlink(path)
        }
    }

    /// The PID in an `AtomicFile` temporary file's name (`.NAME.tmp-PID-N`), or nil.
    static func temporaryFileProcessID(_ name: String) -> pid_t? {
        guard let marker = name.range(of: AtomicFile.marker, options: .backwards) else { return nil }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy(isNumber), let pid = pid_t(parts[0]), pid > 0 else { return nil }
        return pid
    }

    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) }
    }

    /// True when `pid` is not this process and no process has it.
    private static func hasEnded(_ pid: pid_t) -> Bool {
        pid != getpid() && kill(pid, 0) == -1 && errno == ESRCH
    }

    /// The PID of a staging folder's name for `output`, or nil when the name is no such folder's.
    static func processID(in name: String, output: String) -> pid_t? {
        for kind in [".building-", ".old-", trashKind] {
            let prefix = "." + output + kind
            guard name.hasPrefix(prefix) else { continue }
            let digits = name.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }), let pid = pid_t(digits), pid > 0 else { return nil }
            return pid
        }
        return nil
    }
}
