import Foundation

/// The state that builds kept at the cache's root before each output had a folder of its
/// own there (`BuildStateFolder`): `build-state.tsv` and `body-state.bin`, up to about 80
/// and 100 MB at 250,000 versions, which no build reads any more. A build removes them
/// when it finds them, and only when each is a regular file (not a link) that begins with
/// its format's name, so that nothing else that a cache folder holds is taken for one.
enum OldRootState {
    static let files = [(name: BuildState.fileName, format: "catalog-build-state "),
                        (name: BodyState.fileName, format: "catalog-body-state ")]

    static func remove(in cache: URL) {
        let directory = open(cache.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return }
        defer { close(directory) }
        for file in files where begins(file.name, with: file.format, in: directory) {
            unlinkat(directory, file.name, 0)
        }
    }

    private static func begins(_ name: String, with format: String, in directory: Int32) -> Bool {
        let file = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let expected = Array(format.utf8)
        var bytes = [UInt8](repeating: 0, count: expected.count)
        return read(file, &bytes, expected.count) == expected.count && bytes == expected
    }
}
