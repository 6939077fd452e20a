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
        return .success(Opened(descriptor: descriptor, size: size))
    }

    /// The whole file's bytes (fewer if it shrank while read): one open, one fstat and one read.
    static func read(_ path: String, limit: Int, noFollow: Bool = false) -> Result<Data, Failure> {
        let opened: Opened
        switch open(path, limit: limit, noFollow: noFollow) {
        case .success(let file): opened = file
        case .failure(let failure): return .failure(failure)
        }
        defer { close(opened.descriptor) }
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
