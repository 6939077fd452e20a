import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes a folder and everything below it with a few system calls per entry: each
/// entry is unlinked by name relative to its folder's descriptor (`unlinkat`), a folder
/// emptied through its own descriptor first, and no symbolic link is followed. Staging
/// folders that dead builds left go this way (`StaleStaging`), and an interrupt's when
/// no remover process can be started (`DetachedRemoval`): at 10,000 pages Foundation's
/// `removeItem` (a `stat` and a path string per entry) took several times longer.
enum TreeRemoval {
    /// Removes `path` (a file, or a folder with everything in it); true when it is gone.
    @discardableResult
    static func remove(_ path: String) -> Bool {
        if unlink(path) == 0 || errno == ENOENT { return true }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        empty(descriptor)
        return rmdir(path) == 0 || errno == ENOENT
    }

    /// Removes each of `folders` (the innermost first) while it is empty, and stops at the
    /// first that is not: the folders above an output that a failed build made.
    static func removeEmptyFolders(_ folders: [String]) {
        for folder in folders where rmdir(folder) != 0 { break }
    }

    /// Removes every entry of the folder open as `descriptor`, and closes it.
    private static func empty(_ descriptor: Int32) {
        guard let folder = fdopendir(descriptor) else {
            close(descriptor)
            return
        }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            // A folder (by the entry's type, or when unlinking it says so) is emptied first.
            let isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            withUnsafePointer(to: &entry.pointee.d_name) { name in
                name.withMemoryRebound(to: CChar.self, capacity: 256) { name in
                    guard !isDotOrDotDot(name) else { return }
                    guard isFolder || (unlinkat(descriptor, name, 0) != 0 && (errno == EISDIR || errno == EPERM)) else { return }
                    let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    if child >= 0 { empty(child) }
                    unlinkat(descriptor, name, AT_REMOVEDIR)
                }
            }
        }
    }

    private static func isDotOrDotDot(_ name: UnsafePointer<CChar>) -> Bool {
        name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0))
    }
}
