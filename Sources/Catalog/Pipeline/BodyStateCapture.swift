import Foundation

extension IncrementalBuild {
    /// Saves the body state of a build that has just saved its `build-state.tsv`, or
    /// removes the old one when this build cannot give one (diagnostics, a page not
    /// recorded). A body file that changed while the build ran is left out, so that an
    /// edit of it is a full build.
    func saveBodyState(_ recorder: BodyStateRecorder, locales: [LocaleID], contextCount: Int, isClean: Bool) {
        guard let cacheDirectory else { return }
        guard isClean, recorder.isComplete,
              let stamp = FileStamp(path: cacheDirectory.appendingPathComponent(BuildState.fileName).path) else {
            BodyState.remove(from: cacheDirectory)
            return
        }
        let root = content.path
        let wanted = recorder.files.keys.compactMap { path -> (String, FileStamp, Int)? in
            guard let input = inputs[path], input.size >= 0, let bytes = recorder.bodyBytes[path] else { return nil }
            return (path, input, Int(input.size) - bytes)
        }
        let hashes = ConcurrentMap.map(wanted) { path, stamp, length in
            (path, Self.frontMatterHash(root + "/" + path, length: length, unchangedSince: stamp))
        }
        var files: [String: BodyState.File] = [:]
        for case let (path, hash?) in hashes {
            guard var file = recorder.files[path] else { continue }
            file.frontMatterBytes = hash.length
            file.frontMatterHash = hash.hash
            files[path] = file
        }
        let state = BodyState(buildState: stamp, locales: locales, contextCount: contextCount, documentCounts: recorder.documentCounts, files: files)
        state.save(in: cacheDirectory, identity: BuildState.identity(content: content, output: output))
    }

    /// The hash of a file's first `length` bytes, when the file still has `stamp` once
    /// they are read (so they are the bytes the build read).
    static func frontMatterHash(_ path: String, length: Int, unchangedSince stamp: FileStamp) -> (length: Int, hash: String)? {
        guard length >= 0 else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: length)
        let read = length == 0 ? 0 : bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, length, 0) }
        var info = stat()
        guard read == length, fstat(descriptor, &info) == 0, FileStamp(info) == stamp else { return nil }
        return (length, IncrementalSink.hash(Data(bytes)))
    }
}
