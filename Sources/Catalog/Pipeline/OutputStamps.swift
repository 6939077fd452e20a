import Foundation

/// Stamps of known paths below the output, taken with one `fstatat` each relative to the
/// open output directory, on every core: the no-op check and the state's directory
/// stamps, without listing any directory.
enum OutputStamps {
    /// True when every path still has its stamp (a missing path does not match).
    static func allMatch(_ expected: [(String, FileStamp)], in root: String) -> Bool {
        let matches = inParts(expected, root: root) { descriptor, part in
            part.allSatisfy { path, stamp in stampOf(path, in: descriptor) == stamp }
        }
        return matches?.allSatisfy { $0 } ?? false
    }

    /// Each path's stamp; nil when the root cannot be opened or a path is gone.
    static func collect(_ paths: [String], in root: String) -> [String: FileStamp]? {
        let parts = inParts(paths.map { ($0, ()) }, root: root) { descriptor, part -> [(String, FileStamp)]? in
            var stamps: [(String, FileStamp)] = []
            stamps.reserveCapacity(part.count)
            for (path, _) in part {
                guard let stamp = stampOf(path, in: descriptor) else { return nil }
                stamps.append((path, stamp))
            }
            return stamps
        }
        guard let parts, !parts.contains(where: { $0 == nil }) else { return nil }
        return Dictionary(parts.flatMap { $0! }, uniquingKeysWith: { first, _ in first })
    }

    /// `body` on slices of `items` on every core, with the root open; nil when it cannot be.
    private static func inParts<T: Sendable, R: Sendable>(_ items: [T], root: String,
                                                          _ body: @Sendable (Int32, ArraySlice<T>) -> R) -> [R]? {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let size = max(1, (items.count + 7) / 8)
        let slices = stride(from: 0, to: items.count, by: size).map { items[$0..<min($0 + size, items.count)] }
        return ConcurrentMap.map(slices) { body(descriptor, $0) }
    }

    /// Does not follow a final symbolic link: the output holds none of its own.
    private static func stampOf(_ path: String, in descriptor: Int32) -> FileStamp? {
        var info = stat()
        let result = path.isEmpty ? fstat(descriptor, &info) : fstatat(descriptor, path, &info, AT_SYMLINK_NOFOLLOW)
        return result == 0 ? FileStamp(info) : nil
    }
}
