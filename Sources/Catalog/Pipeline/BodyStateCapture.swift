import Foundation

extension IncrementalBuild {
    /// Saves the body state of a build that has just saved its `build-state.tsv`, or
    /// removes the old one when this build cannot give one (diagnostics, a page not
    /// recorded). A body file that changed while the build ran is left out (the recorder
    /// compares its stamps), so that an edit of it is a full build.
    func saveBodyState(_ recorder: BodyStateRecorder, locales: [LocaleID], contextCount: Int, isClean: Bool) {
        guard let stateDirectory else { return }
        guard isClean, let stamp = FileStamp(path: stateDirectory.appendingPathComponent(BuildState.fileName).path),
              recorder.commit(buildState: stamp, locales: locales, contextCount: contextCount,
                              identity: BuildState.identity(content: content, output: output)) else {
            recorder.discard()
            BodyState.remove(from: stateDirectory)
            return
        }
    }
}
