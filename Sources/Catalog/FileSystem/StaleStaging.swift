import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Removes the staging folders (`.NAME.building-PID`, and `.NAME.old-PID` of a swap
/// without exchange) that a build of the same output left beside it when it crashed or
/// was killed: those whose process no longer runs (`kill(pid, 0)` answers ESRCH). One
/// whose process still runs, or that is not a folder, is left alone.
enum StaleStaging {
    static func remove(beside output: URL) {
        let parent = output.deletingLastPathComponent().path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for name in names {
            guard let pid = processID(in: name, output: output.lastPathComponent), pid != getpid(),
                  kill(pid, 0) == -1, errno == ESRCH else { continue }
            var info = stat()
            let path = parent + "/" + name
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The PID of a staging folder's name for `output`, or nil when the name is no such folder's.
    static func processID(in name: String, output: String) -> pid_t? {
        for kind in [".building-", ".old-"] {
            let prefix = "." + output + kind
            guard name.hasPrefix(prefix) else { continue }
            let digits = name.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }), let pid = pid_t(digits), pid > 0 else { return nil }
            return pid
        }
        return nil
    }
}
