import Foundation

/// The one walk of the content directory, which the scanner (`build`, `validate`), the
/// up-to-date check and `serve`'s watcher all list the content with, so that each sees the
/// same tree and every walk ends:
///
/// - A symbolic link is followed only when its resolved target is inside the content
///   directory; one that leads out is listed as `.outside` and not entered, one that leads
///   to a hidden file or folder (`.env`, `.git/`) as `.hidden` and not entered either.
/// - Every directory entered is remembered by (device, inode): a link to a directory the
///   walk has already entered (an ancestor, as in `a -> .`, or one entered elsewhere) is
///   listed as `.repeated` and not entered again, so each directory is read once.
/// - Directories are entered in a fixed order (the plain tree first, on every core, then
///   the links in path order, then hidden entries), so the same content always gives the
///   same listing, whichever command walks it.
struct ContentWalk: Sendable {
    /// What an entry of a directory is, after any link in its place was resolved.
    enum Kind: Sendable, Equatable {
        case file
        case directory
        /// A FIFO, socket or device: listed, never to be read as content.
        case special
        /// A link that resolves to nothing: a dangling link, or (`isLoop`) one that leads
        /// back to itself through other links.
        case broken(isLoop: Bool)
        /// A link that leads outside the content directory (its target is not entered,
        /// only stat'ed to say whether it is a directory).
        case outside(isDirectory: Bool)
        /// A link to a directory already entered, at this content-relative path ("" for
        /// the content directory itself).
        case repeated(String)
        /// A link whose target inside the content directory is hidden (a component of its
        /// content-relative path, given, starts with `.`): never entered or read through the
        /// link, since a hidden file is never published (`book/notes.md -> ../.drafts/x.md`).
        case hidden(String, isDirectory: Bool)
    }

    struct Entry: Sendable {
        var name: String
        var kind: Kind
        /// The stat of the file (of a link's target when followed, of the link itself when
        /// not), when the walk takes stamps; nil for directories.
        var stamp: FileStamp?
        var isLink: Bool
    }

    /// Each directory entered, by content-relative path ("" is the root), with its entries
    /// in no particular order (the scanner sorts them; the stamps need no order).
    struct Listing: Sendable {
        var directories: [String: [Entry]] = [:]
    }

    /// Names starting with `.` or `_`: not contexts, walked only for stamps (`includeHidden`).
    static func isHidden(_ name: String) -> Bool { name.hasPrefix(".") || name.hasPrefix("_") }

    /// Directories nested deeper than this are not entered (paths would outgrow PATH_MAX).
    static let depthLimit = 64

    let root: String
    /// Names starting with `.` or `_` (not contexts) are listed only when this is set.
    let includeHidden: Bool
    /// Whether every file is stat'ed for its stamp (the up-to-date check and the watcher).
    let stamps: Bool

    init(root: String, includeHidden: Bool, stamps: Bool) {
        self.root = realpath(root, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) } ?? root
        self.includeHidden = includeHidden
        self.stamps = stamps
    }

    struct DirectoryID: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) { device = UInt64(info.st_dev); inode = UInt64(info.st_ino) }
    }

    /// An entry whose handling waits for the serial phases: a link, or a hidden entry.
    fileprivate struct Pending: Sendable {
        var parent: String
        var name: String
        var ancestors: [DirectoryID]
        var path: String { parent.isEmpty ? name : parent + "/" + name }
    }

    /// What a walk of part of the tree found.
    fileprivate struct Part: Sendable {
        var directories: [String: [Entry]] = [:]
        var entered: [DirectoryID: String] = [:]
        var links: [Pending] = []
        var hidden: [Pending] = []
    }

    func run() -> Listing {
        var info = stat()
        guard stat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return Listing() }
        var entered: [DirectoryID: String] = [:]
        var listing = Listing()
        // The plain tree (no link followed), the books on every core.
        var part = walkPlain(directory: "", id: DirectoryID(info), ancestors: [], depth: 0, fanOut: true)
        var links: [Pending] = [], hidden: [Pending] = []
        absorb(&part, into: &listing, entered: &entered, links: &links, hidden: &hidden)
        // Then each link, in path order; links met inside a linked directory join the queue.
        followAll(&links, listing: &listing, entered: &entered, hidden: &hidden)
        // Then what is hidden (for stamps only), in path order, skipping what was entered.
        while includeHidden, !hidden.isEmpty {
            let batch = hidden.sorted { $0.path < $1.path }
            hidden = []
            for pending in batch {
                var found = Part()
                if let entry = enterHidden(pending, into: &found, entered: entered) {
                    insert(entry, in: pending.parent, listing: &listing)
                }
                absorb(&found, into: &listing, entered: &entered, links: &links, hidden: &hidden)
                followAll(&links, listing: &listing, entered: &entered, hidden: &hidden)
            }
        }
        return listing
    }

    private func absorb(_ part: inout Part, into listing: inout Listing, entered: inout [DirectoryID: String],
                        links: inout [Pending], hidden: inout [Pending]) {
        for (path, entries) in part.directories { listing.directories[path, default: []].append(contentsOf: entries) }
        entered.merge(part.entered) { first, _ in first }
        links += part.links
        hidden += part.hidden
        part = Part()
    }

    private func followAll(_ links: inout [Pending], listing: inout Listing, entered: inout [DirectoryID: String],
                           hidden: inout [Pending]) {
        while !links.isEmpty {
            let batch = links.sorted { $0.path < $1.path }
            links = []
            for link in batch {
                var found = Part()
                let entry = follow(link, into: &found, entered: entered)
                insert(entry, in: link.parent, listing: &listing)
                absorb(&found, into: &listing, entered: &entered, links: &links, hidden: &hidden)
            }
        }
    }

    /// Adds an entry found later to its directory's list.
    private func insert(_ entry: Entry, in directory: String, listing: inout Listing) {
        listing.directories[directory, default: []].append(entry)
    }

    // MARK: - Links

    /// Resolves a link and, when it leads to a directory inside not yet entered, walks it.
    private func follow(_ link: Pending, into part: inout Part, entered: [DirectoryID: String]) -> Entry {
        let path = link.path, absolute = root + "/" + path
        var own = stat()
        lstat(absolute, &own)
        let linkStamp = stamps ? FileStamp(own) : nil
        guard let resolved = realpath(absolute, nil) else {
            return Entry(name: link.name, kind: .broken(isLoop: errno == ELOOP), stamp: linkStamp, isLink: true)
        }
        let target = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard target == root || target.hasPrefix(root + "/") else {
            let isDirectory = stat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            return Entry(name: link.name, kind: .outside(isDirectory: isDirectory), stamp: linkStamp, isLink: true)
        }
        guard stat(target, &info) == 0 else {
            return Entry(name: link.name, kind: .broken(isLoop: false), stamp: linkStamp, isLink: true)
        }
        if let inside = PublishPolicy.hiddenPath(target, under: root) {
            return Entry(name: link.name, kind: .hidden(inside, isDirectory: info.st_mode & S_IFMT == S_IFDIR),
                         stamp: linkStamp, isLink: true)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            let id = DirectoryID(info)
            if let seen = entered[id] ?? part.entered[id] {
                return Entry(name: link.name, kind: .repeated(seen), stamp: linkStamp, isLink: true)
            }
            if let index = link.ancestors.firstIndex(of: id) {
                return Entry(name: link.name, kind: .repeated(ancestorPath(of: link.parent, index: index)),
                             stamp: linkStamp, isLink: true)
            }
            if link.ancestors.count < Self.depthLimit {
                merge(walkPlain(directory: path, id: id, ancestors: link.ancestors, depth: link.ancestors.count, fanOut: false,
                                known: entered), into: &part)
            }
            return Entry(name: link.name, kind: .directory, isLink: true)
        case S_IFREG:
            return Entry(name: link.name, kind: .file, stamp: stamps ? FileStamp(info) : nil, isLink: true)
        default:
            return Entry(name: link.name, kind: .special, stamp: stamps ? FileStamp(info) : nil, isLink: true)
        }
    }

    /// The path of the ancestor at `index` of a directory's chain (0 is the root).
    private func ancestorPath(of directory: String, index: Int) -> String {
        directory.split(separator: "/").prefix(index).joined(separator: "/")
    }

    // MARK: - Hidden entries

    /// A hidden entry's own entry (nil for a link, which joins the links, and for a
    /// directory already entered), walking it when it is a directory.
    private func enterHidden(_ pending: Pending, into part: inout Part, entered: [DirectoryID: String]) -> Entry? {
        var info = stat()
        guard lstat(root + "/" + pending.path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            part.links.append(pending)
            return nil
        case S_IFDIR:
            let id = DirectoryID(info)
            guard entered[id] == nil, !pending.ancestors.contains(id) else { return nil }
            if pending.ancestors.count < Self.depthLimit {
                merge(walkPlain(directory: pending.path, id: id, ancestors: pending.ancestors, depth: pending.ancestors.count,
                                fanOut: false, known: entered), into: &part)
            }
            return Entry(name: pending.name, kind: .directory, isLink: false)
        case S_IFREG:
            return Entry(name: pending.name, kind: .file, stamp: stamps ? FileStamp(info) : nil, isLink: false)
        default:
            return Entry(name: pending.name, kind: .special, stamp: stamps ? FileStamp(info) : nil, isLink: false)
        }
    }

    // MARK: - The plain tree

    private func merge(_ found: Part, into part: inout Part) {
        part.directories.merge(found.directories) { $0 + $1 }
        part.entered.merge(found.entered) { first, _ in first }
        part.links += found.links
        part.hidden += found.hidden
    }

    /// Lists `directory` and every plain directory below it (links and hidden entries are
    /// left pending). With `fanOut`, the subdirectories of the first levels are walked on
    /// every core.
    /// - Parameter known: directories entered before (by the serial phases), listed as
    ///   `.repeated` instead of entered again.
    private func walkPlain(directory: String, id: DirectoryID, ancestors: [DirectoryID], depth: Int, fanOut: Bool,
                           known: [DirectoryID: String] = [:]) -> Part {
        var part = Part()
        walkPlain(directory: directory, id: id, ancestors: ancestors, depth: depth, fanOut: fanOut, known: known, into: &part)
        return part
    }

    /// `walkPlain` adding to `part` (one `Part` for a whole serial subtree, not one per directory).
    private func walkPlain(directory: String, id: DirectoryID, ancestors: [DirectoryID], depth: Int, fanOut: Bool,
                           known: [DirectoryID: String], into part: inout Part) {
        part.entered[id] = directory
        let chain = ancestors + [id]
        var subdirectories: [(String, DirectoryID)] = []
        part.directories[directory] = list(directory, chain: chain, known: known, into: &part, subdirectories: &subdirectories)
        if fanOut, subdirectories.count > 1, depth < 2 {
            let parts = ConcurrentMap.map(subdirectories.map { Branch(path: $0.0, id: $0.1) }) { branch in
                walkPlain(directory: branch.path, id: branch.id, ancestors: chain, depth: depth + 1, fanOut: true)
            }
            for found in parts { merge(found, into: &part) }
        } else {
            for (path, subID) in subdirectories where known[subID] == nil && part.entered[subID] == nil {
                walkPlain(directory: path, id: subID, ancestors: chain, depth: depth + 1, fanOut: false, known: known, into: &part)
            }
        }
    }

    private struct Branch: Sendable { var path: String; var id: DirectoryID }

    /// One directory's entries; its plain subdirectories (not yet walked) are
    /// handed back in `subdirectories`.
    private func list(_ directory: String, chain: [DirectoryID], known: [DirectoryID: String], into part: inout Part,
                      subdirectories: inout [(String, DirectoryID)]) -> [Entry] {
        guard let stream = opendir(directory.isEmpty ? root : root + "/" + directory) else { return [] }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while let raw = readdir(stream) {
            let name = directoryEntryName(raw)
            guard name != ".", name != ".." else { continue }
            let path = directory.isEmpty ? name : directory + "/" + name
            if Self.isHidden(name) {
                if includeHidden { part.hidden.append(Pending(parent: directory, name: name, ancestors: chain)) }
                continue
            }
            var type = Int(raw.pointee.d_type)
            var info = stat()
            let needsStat = type != Int(DT_LNK) && (type == Int(DT_DIR) || type == Int(DT_UNKNOWN) || stamps)
            if needsStat {
                guard fstatat(dirfd(stream), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                type = Self.direntType(info.st_mode)
            }
            switch type {
            case Int(DT_LNK):
                part.links.append(Pending(parent: directory, name: name, ancestors: chain))
            case Int(DT_DIR):
                let id = DirectoryID(info)
                if let index = chain.firstIndex(of: id) {
                    // A bind mount of an ancestor: as a looping link would be.
                    entries.append(Entry(name: name, kind: .repeated(ancestorPath(of: path, index: index)), isLink: false))
                } else if let seen = known[id] {
                    entries.append(Entry(name: name, kind: .repeated(seen), isLink: false))
                } else {
                    entries.append(Entry(name: name, kind: .directory, isLink: false))
                    if chain.count < Self.depthLimit { subdirectories.append((path, id)) }
                }
            case Int(DT_REG):
                entries.append(Entry(name: name, kind: .file, stamp: stamps ? FileStamp(info) : nil, isLink: false))
            default:
                entries.append(Entry(name: name, kind: .special, stamp: stamps ? FileStamp(info) : nil, isLink: false))
            }
        }
        return entries
    }

    /// `Int(…)`: Glibc imports the `DT_` constants as `Int`, Darwin as `Int32`.
    private static func direntType(_ mode: mode_t) -> Int {
        switch mode & S_IFMT {
        case S_IFDIR: Int(DT_DIR)
        case S_IFREG: Int(DT_REG)
        case S_IFLNK: Int(DT_LNK)
        default: Int(DT_UNKNOWN)
        }
    }
}

extension ContentWalk.Listing {
    /// Every file and directory listed, as the up-to-date check and the watcher compare
    /// them: relative path → stamp, directories as `path/` with `TreeStamps.directoryStamp`
    /// when `directories` is set.
    func stamps(directories withDirectories: Bool) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        stamps.reserveCapacity(directories.values.reduce(0) { $0 + $1.count })
        for (directory, entries) in directories {
            for entry in entries {
                let path = directory.isEmpty ? entry.name : directory + "/" + entry.name
                if case .directory = entry.kind {
                    if withDirectories { stamps[path + "/"] = TreeStamps.directoryStamp }
                } else if let stamp = entry.stamp {
                    stamps[path] = stamp
                }
            }
        }
        return stamps
    }
}
