import CCatalogSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How an interrupt leaves no staging folder behind and still ends within a moment: the
/// folder is renamed aside, to `.NAME.trash-PID`, and removed by a process of its own
/// (`cb_spawn_tree_remover`, PID's) once this one has ended. Removing a partial site of a
/// few thousand pages in the interrupted process took 2.5 to 4 s on a loaded disk; the
/// rename takes microseconds whatever the folder holds.
///
/// The remover starts removing only when this process has ended (it waits for the end of
/// a pipe whose write end only this process holds), so no thread of the build can still
/// write into the folder. A remover that is killed leaves the trash folder to the next
/// build: `StaleStaging` removes those whose process no longer runs, and leaves alone
/// the one a remover is still removing.
///
/// Why a process and not a thread, nor a time budget: the interrupt's promise is an exit
/// within a second *and* nothing left behind, and only work that outlives the process
/// keeps both; a budget would leave the rest until a build that may never come.
enum DetachedRemoval {
    /// A folder handed to a remover.
    struct Handed {
        /// The remover's PID; the folder's name is now `trashPrefix + pid`.
        let pid: pid_t
        /// The pipe's write end: closing it (or ending this process) starts the removal.
        let go: Int32

        /// Lets the remover begin now instead of at this process's end.
        func start() { close(go) }
    }

    /// Renames `folder` to `trashPrefix` followed by a remover's PID, and starts that
    /// remover, which then removes each of `thenRemove` while it is empty (a failed
    /// build's output folders that it made, the innermost first); nil when none could be
    /// started or the rename failed (the folder is then where it was).
    static func handOver(_ folder: String, trashPrefix: String, thenRemove: [String] = []) -> Handed? {
        var go: Int32 = -1
        // Copied before the fork: the remover may call nothing that allocates.
        let paths = thenRemove.map { strdup($0) } + [nil]
        defer { paths.forEach { free($0) } }
        let pid = paths.withUnsafeBufferPointer { list in
            list.withMemoryRebound(to: UnsafePointer<CChar>?.self) { cb_spawn_tree_remover(trashPrefix, $0.baseAddress, &go) }
        }
        guard pid > 0 else { return nil }
        guard rename(folder, trashPrefix + String(pid)) == 0 else {
            // Let go at once, the remover finds no folder and ends (a moment: waited for).
            close(go)
            waitpid(pid, nil, 0)
            return nil
        }
        return Handed(pid: pid, go: go)
    }
}
