import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file a manifest names is not read.
public enum FileRefusal: Error, Sendable, Equatable {
    case missing
    /// The name, or a symbolic link on its way, leads out of the folder `build` writes.
    case outside
    case notRegular
    case tooLarge(limit: Int)

    /// Completes "… which " for a file that should be inside `folder`.
    func reason(in folder: String) -> String {
        switch self {
        case .missing: "does not exist in \(folder)"
        case .outside: "leads outside \(folder)"
        case .notRegular: "is not a regular file"
        case .tooLarge(let limit): "is larger than \(limit) bytes"
        }
    }
}

/// Opens only files that `build` could have written: a name resolved, after every
/// symbolic link, to a regular file strictly inside one folder of the output. `upload`
/// sends what it reads, so this is what keeps a crafted manifest from sending a key or
/// any other file of the machine (a name with `..`, an absolute path, a link out).
public enum ContainedFile {
    /// `name` is relative to `base` (as the manifest writes it); `folder` is where the
    /// file must end up, itself checked as a real folder of `output` (not a link away).
    public static func resolve(_ name: String, from base: URL, inside folder: String, of output: URL) throws(FileRefusal) -> URL {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\0") else { throw .outside }
        guard let root = realPath(output.path) else { throw .missing }
        let allowed = (root == "/" ? "" : root) + "/" + folder + "/"
        guard let resolved = realPath(base.path + "/" + name) else { throw .missing }
        guard resolved.hasPrefix(allowed), resolved.count > allowed.count else { throw .outside }
        return URL(fileURLWithPath: resolved)
    }

    /// The bytes of a regular file, at most `limit` of them. The last component is not
    /// followed unless `followingLink` (it was resolved already) and the file is opened
    /// without blocking, so a FIFO or device swapped in cannot hang the upload.
    public static func read(_ file: URL, limit: Int, followingLink: Bool = false) throws(FileRefusal) -> Data {
        let descriptor = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw errno == ELOOP ? .outside : .missing }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegular }
        guard info.st_size <= limit else { throw .tooLarge(limit: limit) }
        guard let data = try? handle.read(upToCount: limit + 1) ?? Data() else { throw .missing }
        guard data.count <= limit else { throw .tooLarge(limit: limit) }
        return data
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// What the first bytes of an image say it is: the only two formats Apple takes.
enum ImageSniffer {
    static func contentType(of data: Data) -> String? {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        return nil
    }
}
