import CCatalogSystem
import Foundation

/// What an interrupted command (Ctrl-C, SIGTERM) does: within a moment it asks the
/// pipeline's workers to stop (`BuildCancellation`), removes the temporary files it is
/// writing, renames the staging folder aside for a process of its own to remove
/// (`DetachedRemoval`), prints one line and exits 128 + signal, so that the output and
/// everything beside it are as they were.
///
/// The signal reaches a thread of its own through a pipe (`cb_signal_pipe_install`), not
/// a Dispatch source: while the thumbnail workers filled Dispatch's pool (as wide as the
/// machine), a source on a global queue waited for the stage to end (29.5 s measured).
public final class InterruptCleanup: @unchecked Sendable {
    public static let shared = InterruptCleanup()

    /// The line printed on an interrupt: before the output was replaced, and after.
    public struct Lines: Sendable {
        public var unchanged: String
        public var replaced: String

        public init(unchanged: String, replaced: String) {
            self.unchanged = unchanged
            self.replaced = replaced
        }
    }

    private let lock = NSLock()
    /// The staging folders to remove, each with the prefix of its name once renamed aside
    /// and the folders above it to remove after it when they are empty.
    private var paths: [String: (trashPrefix: String, then: [String])] = [:]
    private var temporaryFiles: Set<String> = []
    private var lines = Lines(unchanged: "", replaced: "")
    private var replaced = false
    private var installed = false
    /// What a signal does instead, once a command handles them itself (`handOver`).
    private var handler: (@Sendable (Int32) -> Void)?

    /// Removes `url` on an interrupt, renamed to `trashPrefix` and its remover's PID, and
    /// then each of `thenRemove` (the innermost first) while it is empty.
    func register(_ url: URL, trashPrefix: String, thenRemove: [URL] = []) {
        lock.withLock { paths[url.path] = (trashPrefix, thenRemove.map(\.path)) }
    }
    func unregister(_ url: URL) { lock.withLock { paths[url.path] = nil } }

    /// Handles SIGINT and SIGTERM from now on: stops the workers, removes what is
    /// registered, prints `lines` on standard error and exits 128 + signal.
    public func install(lines: Lines) {
        let start = lock.withLock {
            self.lines = lines
            defer { installed = true }
            return !installed
        }
        guard start else { return }
        let descriptor = cb_signal_pipe_install()
        guard descriptor >= 0 else { return }
        let thread = Thread { [self] in listen(descriptor) }
        thread.name = "catalog-build signals"
        thread.start()
    }

    /// From now on SIGINT and SIGTERM call `handler` with the signal instead, for a command
    /// that stops cleanly by itself (`serve` once its first build is written, `upload`
    /// between requests).
    public func handOver(to handler: @escaping @Sendable (Int32) -> Void) { lock.withLock { self.handler = handler } }

    /// Runs `swap` (the renames that replace the output) so that no interrupt comes
    /// between them: one that comes during the swap is handled once it is done, and then
    /// says that the output was replaced.
    func replacing(_ swap: () throws -> Void) rethrows {
        try lock.withLock {
            try swap()
            replaced = true
        }
    }

    /// Marks `path` as a temporary file being written (removed on an interrupt); false
    /// once an interrupt came, when nothing new may be started.
    func beginTemporary(_ path: String) -> Bool {
        lock.withLock {
            guard !BuildCancellation.isRequested else { return false }
            temporaryFiles.insert(path)
            return true
        }
    }

    func endTemporary(_ path: String) { lock.withLock { _ = temporaryFiles.remove(path) } }

    private func listen(_ descriptor: Int32) {
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return }
            stop(signal: Int32(byte))
        }
    }

    /// Holds the lock to the end: no swap (`replacing`) comes between the line chosen and
    /// the folders moved, and no temporary file is begun after the list is read.
    private func stop(signal: Int32) {
        lock.lock()
        if let instead = handler {
            lock.unlock()
            return instead(signal)
        }
        BuildCancellation.request()
        for file in temporaryFiles { unlink(file) }
        for (folder, (trashPrefix, then)) in paths
        where DetachedRemoval.handOver(folder, trashPrefix: trashPrefix, thenRemove: then) == nil {
            Self.removeWhole(folder)
            TreeRemoval.removeEmptyFolders(then)
        }
        let line = replaced ? lines.replaced : lines.unchanged
        if !line.isEmpty { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        // Ending closes the removers' pipes: they begin once no thread of this process runs.
        _exit(128 + signal)
    }

    /// For the thread that saw `BuildCancelled`: waits while the interrupt's thread cleans
    /// up and ends the process.
    public func awaitExit() -> Never {
        while true { sleep(60) }
    }

    /// Removes a staging folder whole (when no remover can be started), also while the
    /// build's threads are still writing into it: a file made between the listing and the removal of its folder leaves the
    /// folder not empty, so it is tried again. The threads write beneath the staging
    /// folder's descriptor (`OutputDirectory`), so once it is gone nothing is added.
    static func removeWhole(_ path: String) {
        for _ in 0..<100 {
            if TreeRemoval.remove(path) { return }
        }
    }
}

/// Set once an interrupt came: the pipeline's workers check it between images, pages
/// and requests and start nothing new, and the stage then throws `BuildCancelled`.
public enum BuildCancellation {
    private static let flag = Locked(false)

    public static var isRequested: Bool { flag.withLock { $0 } }

    static func request() { flag.withLock { $0 = true } }

    /// Throws `BuildCancelled` once an interrupt came.
    static func check() throws(BuildCancelled) {
        if isRequested { throw BuildCancelled() }
    }
}

/// A stage stopped because of an interrupt; the interrupt's thread ends the process.
public struct BuildCancelled: Error, Sendable {}
