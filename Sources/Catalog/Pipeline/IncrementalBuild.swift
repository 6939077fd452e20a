import Foundation

/// Incremental builds across runs of `build`, through `build-state.tsv` in the output's
/// folder of the cache (`BuildStateFolder`):
///
/// - Up to date: when every content file has the stamp the last clean build saw and the
///   output is exactly as that build left it, nothing is read, parsed or written.
/// - Otherwise the content is loaded again (in parallel) and every stage runs, but the
///   `IncrementalSink` hard-links each unchanged output file from the current output into
///   the staging directory, so only changed bytes are written before the swap.
struct IncrementalBuild {
    let content: URL
    let output: URL
    let cacheDirectory: URL?
    /// Where the state of builds into this output is kept in the cache.
    let stateDirectory: URL?
    /// Stamps of the content taken before it is read: a file edited during the build
    /// then differs from what is saved, and the next build sees the change.
    let inputs: [String: FileStamp]
    let previous: BuildState?
    /// The walk the inputs were stamped from, until the loader takes it (`takeListing`):
    /// the content is then listed once per build, not twice.
    private var listing: ContentWalk.Listing?

    init(content: URL, output: URL, cacheDirectory: URL?) {
        self.content = content
        self.output = output.standardizedFileURL
        self.cacheDirectory = cacheDirectory
        stateDirectory = cacheDirectory.map { BuildStateFolder.url(in: $0, output: output) }
        // Directories too: an empty directory added is a context (or an error) to build.
        let walked = cacheDirectory.map { _ in TreeStamps.collectWithListing(content, trusted: true, directories: true) }
        inputs = walked?.stamps ?? [:]
        listing = walked?.listing
        let identity = BuildState.identity(content: content, output: output)
        previous = stateDirectory.flatMap { BuildState.read(from: $0, identity: identity) }
    }

    /// The content's listing, handed over once (nil without a cache, or once taken), so
    /// that it is not kept for the rest of the build.
    mutating func takeListing() -> ContentWalk.Listing? {
        defer { listing = nil }
        return listing
    }

    /// True when nothing changed since the last clean build, in the content or the output.
    /// The output is checked by stamps alone: every file and directory the last build
    /// recorded is stat'ed, and nothing is listed; a file added or removed anywhere changes
    /// the stamp of the directory it is in.
    var isUpToDate: Bool {
        guard let previous, previous.isClean, previous.inputs == inputs, !inputs.isEmpty,
              !inputs.values.contains(where: { $0.size < 0 }), !previous.directories.isEmpty else { return false }
        let stamps = previous.outputs.map { ($0.key, $0.value) } + previous.directories.map { ($0.key, $0.value) }
        return OutputStamps.allMatch(stamps, in: output.path)
    }

    func sink(staging: URL) throws -> IncrementalSink {
        try IncrementalSink(staging: staging, output: output, previous: previous?.outputs ?? [:])
    }

    /// Records what the build wrote, once the staging directory has become the output.
    func save(_ sink: IncrementalSink, isClean: Bool) {
        guard let stateDirectory else { return }
        let directories = OutputStamps.collect([""] + sink.directories, in: output.path)
        let state = BuildState(identity: BuildState.identity(content: content, output: output),
                               inputs: inputs, outputs: sink.written.records,
                               directories: directories ?? [:], isClean: isClean)
        // The cache only speeds builds up: failing to save it must not fail the build.
        try? state.save(in: stateDirectory)
    }
}
