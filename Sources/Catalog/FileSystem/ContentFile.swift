import Foundation

/// The one way a content file is opened for reading, whatever it stands for (a Markdown
/// file, catalog.yml, an image, the stylesheet or logo, linked media): it must be a regular
/// file. A FIFO would block the open (or the read) for ever, a device could be read
/// without end; both are refused at once, before any byte is read.
enum ContentFile {
    enum Failure: Error, Equatable {
        case unreadable(String)
        case tooLarge(Int)
        /// What the file is instead: "a FIFO", "a socket", "a device", "a directory".
        case notRegular(String)
    }

    /// An open regular file and its size; the caller closes `descriptor`.
    struct Opened {
        var descriptor: Int32
        var size: Int
        var identity: Identity
    }

    /// Which file was read: a file opened again by the same path is the same file only if
    /// device, inode and size agree (a file replaced by another, or by a symbolic link to
    /// one, has another inode).
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int(info.st_size)
        }
    }

    /// Opens `path` without blocking (O_NONBLOCK: a FIFO with no writer would block the
    /// open itself), fstat's the descriptor and keeps it only when it is a regular file
    /// of at most `limit` bytes.
    /// - Parameter noFollow: refuse a final symbolic link (for a path whose links were
    ///   already resolved and checked).
    static func open(_ path: String, limit: Int, noFollow: Bool = false) -> Result<Opened, Failure> {
        let descriptor = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (noFollow ? O_NOFOLLOW : 0))
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return .failure(.unreadable(reason))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(.notRegular(describe(info.st_mode)))
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            close(descriptor)
            return .failure(.tooLarge(size))
        }
        return .success(Opened(descriptor: descriptor, size: size, identity: Identity(info)))
    }

    /// The whole file's bytes (fewer if it shrank while read): one open, one fstat and one read.
    static func read(_ path: String, limit: Int, noFollow: Bool = false) -> Result<Data, Failure> {
        readIdentified(path, limit: limit, noFollow: noFollow).map(\.data)
    }

    /// `read`, with the identity of the file that was read.
    static func readIdentified(_ path: String, limit: Int, noFollow: Bool = false)
        -> Result<(data: Data, identity: Identity), Failure> {
        switch open(path, limit: limit, noFollow: noFollow) {
        case .success(let opened):
            defer { close(opened.descriptor) }
            return readAll(opened).map { ($0, opened.identity) }
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// The bytes of an open file, read to its size at open (fewer if it shrank).
    static func readAll(_ opened: Opened) -> Result<Data, Failure> {
        var data = Data(count: opened.size)
        var total = 0
        let failed = data.withUnsafeMutableBytes { buffer -> Bool in
            while total < opened.size {
                let count = Foundation.read(opened.descriptor, buffer.baseAddress! + total, opened.size - total)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return count < 0 }
                total += count
            }
            return false
        }
        guard !failed else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        if total < opened.size { data.removeSubrange(total...) }
        return .success(data)
    }

    static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFDIR: "a directory"
        default: "not a regular file"
        }
    }

    /// The message of a `file-not-regular` diagnostic about the file `what` names.
    static func notRegularMessage(_ what: String, is kind: String) -> String {
        "\(what) is \(kind), not a regular file, and is not read; replace it with an ordinary file or remove it"
    }
}
