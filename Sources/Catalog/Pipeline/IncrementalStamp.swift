import Foundation

/// What `stat` says about a file, enough to tell that it has not changed since it was
/// last seen without reading it (size, modification time in nanoseconds, inode).
struct FileStamp: Hashable, Sendable {
    var size: Int64
    var modified: Int64
    var inode: UInt64

    /// Follows symbolic links: a link's target is what the build reads.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        size = Int64(info.st_size)
        modified = info.modifiedNanoseconds
        inode = UInt64(info.st_ino)
    }

    init(size: Int64, modified: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.inode = inode
    }

    /// File times advance in coarse ticks (a few milliseconds on Linux), so a file written
    /// again within the tick in which it was stamped can keep the same stamp. As git does
    /// for its index, a stamp taken that close to the file's last change is not trusted.
    static let racyWindow: Int64 = 100_000_000

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// This stamp, or one that matches no file when it was taken too soon after a change.
    func trusted(at now: Int64) -> FileStamp {
        modified < now - Self.racyWindow ? self : FileStamp(size: -1, modified: -1, inode: 0)
    }

    var fields: String { "\(size)\t\(modified)\t\(inode)" }

    init?(fields: ArraySlice<Substring>) {
        guard fields.count == 3, let size = Int64(fields[fields.startIndex]),
              let modified = Int64(fields[fields.startIndex + 1]),
              let inode = UInt64(fields[fields.startIndex + 2]) else { return nil }
        self.init(size: size, modified: modified, inode: inode)
    }
}

/// Every file under the content directory (hidden ones too: an image in `_media/` or a
/// stylesheet is as much an input as a Markdown file), relative path → stamp, as
/// `ContentWalk` lists them (links followed only inside, each directory entered once).
/// One readdir per directory and one stat per file; no file is opened.
enum TreeStamps {
    /// - Parameter trusted: replace stamps too close to the present by ones that match
    ///   nothing (for stamps kept to compare with later; see `FileStamp.racyWindow`).
    /// - Parameter directories: also list each directory, as `path/` with `directoryStamp`
    ///   (its presence matters, not its times: an empty directory is a context too).
    static func collect(_ root: URL, trusted: Bool = false, directories: Bool = false) -> [String: FileStamp] {
        collectWithListing(root, trusted: trusted, directories: directories).stamps
    }

    /// `collect`'s stamps and the walk they were taken from (hidden entries included, every
    /// file stat'ed), which `build` hands on to its loader rather than walk again.
    static func collectWithListing(_ root: URL, trusted: Bool = false, directories: Bool = false)
        -> (stamps: [String: FileStamp], listing: ContentWalk.Listing) {
        // Taken before the walk: a stamp is trusted only if it was old enough then.
        let now = FileStamp.now()
        let listing = ContentWalk(root: root.path, includeHidden: true, stamps: true).run()
        let stamps = listing.stamps(directories: directories)
        return (trusted ? stamps.mapValues { $0.trusted(at: now) } : stamps, listing)
    }

    /// What a directory is listed with (see `collect`).
    static let directoryStamp = FileStamp(size: 0, modified: 0, inode: 0)
}
