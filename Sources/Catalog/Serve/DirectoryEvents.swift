import Foundation

/// The kernel's change notifications (`FileEvents`: inotify on Linux, FSEvents on macOS)
/// on every directory of the content tree: tells the watcher *that* something changed,
/// so that it lists the tree only then, instead of every interval (at 100,000 files a
/// listing takes about 350 ms).
///
/// They see only the watched tree: a symbolic link's target elsewhere can change unseen,
/// so `init` fails for a tree that has one (the watcher polls instead), as it does when
/// the system has no notifications or no watches left.
///
/// Unchecked `Sendable`: made by `ContentWatcher.start`, then used by its thread alone.
final class DirectoryEvents: @unchecked Sendable {
    private let events: FileEvents
    private let root: String

    init?(root: String) {
        guard let events = FileEvents(root: root) else { return nil }
        self.events = events
        self.root = root
        guard watchAll() else { return nil }
    }

    /// Watches every directory of the tree below `root` (the kernel drops the watches of
    /// removed ones). False when the tree has a symbolic link or a watch cannot be added:
    /// events alone would then miss changes.
    private func watchAll() -> Bool { watch(from: [root]) }

    /// What `follow` found among the changed paths.
    enum Followed { case nothingNew, newDirectories, uncovered }

    /// Watches the directories among `changed` (paths relative to the root, directories
    /// ending in `/`, as `TreeStamps` lists them) and everything below them. `uncovered`
    /// when one of them is a symbolic link or cannot be watched.
    func follow(_ changed: some Sequence<String>) -> Followed {
        var added = false
        for path in changed {
            let full = root + "/" + (path.hasSuffix("/") ? String(path.dropLast()) : path)
            switch Self.kind(at: full) {
            case .link: return .uncovered
            case .directory:
                guard watch(from: [full]) else { return .uncovered }
                added = true
            case .other: break
            }
        }
        return added ? .newDirectories : .nothingNew
    }

    private func watch(from starts: [String]) -> Bool {
        var directories = starts
        while let directory = directories.popLast() {
            guard events.watch(directory: directory) else { return false }
            guard let entries = Self.subdirectories(of: directory) else { return false }
            directories.append(contentsOf: entries)
        }
        return true
    }

    /// Waits up to `milliseconds` for events and takes them all; true when there were any.
    func wait(milliseconds: Int32) -> Bool { events.wait(milliseconds: milliseconds) }

    /// The directory's subdirectories, or nil when it holds a symbolic link.
    private static func subdirectories(of path: String) -> [String]? {
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = directoryEntryName(entry)
            guard name != ".", name != ".." else { continue }
            let full = path + "/" + name
            switch kind(entry.pointee.d_type, full) {
            case .directory: found.append(full)
            case .link: return nil
            case .other: break
            }
        }
        return found
    }

    private enum Kind { case directory, link, other }

    private static func kind(_ type: UInt8, _ path: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK): return .link
        case Int32(DT_UNKNOWN): return kind(at: path)
        default: return .other
        }
    }

    /// What `lstat` says a path is (`other` when it is gone).
    private static func kind(at path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFLNK: return .link
        default: return .other
        }
    }
}
