import Foundation

/// A `build` after an edit of Markdown bodies alone, done from the last build's saved
/// state (`BodyState`) without loading the catalog: the changed bodies are rendered into
/// their old pages' bytes, the search packs of their locales printed again, and every
/// other file of the output hard-linked into the staging directory, which replaces the
/// output whole as usual. Anything else is a full build (`BodyEditFallback` says why).
struct BodyEditBuild {
    /// At most this many changed files: beyond, a full build is about as quick.
    static let maximumFiles = 64

    let options: BuildOptions
    let incremental: IncrementalBuild
    let previous: BuildState
    let state: BodyState
    let changed: [String]

    /// The build made as a body edit, or why it cannot be one (nothing was changed then).
    static func attempt(_ options: BuildOptions, incremental: IncrementalBuild,
                        timer: inout StageTimer) throws -> Result<BuildResult, BodyEditFallback> {
        do {
            let edit = try timer.measure("body edit: check") { try plan(options, incremental: incremental).get() }
            let (files, removed, state) = try timer.measure("body edit: pages, search") { try edit.render() }
            var result = try edit.apply(files, removed: removed, state: state, timer: &timer)
            result.route = "body edit: \(edit.changed.count) changed file\(edit.changed.count == 1 ? "" : "s"), "
                + "\(files.count) output file\(files.count == 1 ? "" : "s") written, the rest linked"
            // Both states (tens of thousands of entries) are freed on another thread.
            BackgroundRelease.drop((consume edit, consume files, consume state))
            return .success(result)
        } catch let fallback as BodyEditFallback {
            return .failure(fallback)
        }
    }

    /// Why there is no edit to apply when more than `maximumFiles` files changed, saying
    /// how many of them only may have: those modified too close to the moment the last
    /// build read them for their times to tell (`FileStamp.racyWindow`), as the files of a
    /// copy or checkout made just before that build are.
    static func manyChanged(_ count: Int, untold: Int) -> String {
        guard untold > 0 else { return "\(count) files changed" }
        let which = untold == count ? "all of them" : "\(untold) of them"
        return "\(count) files changed or may have (for \(which), the last build could not tell: they had been "
            + "modified within 0.1 s of its reading them, as a fresh copy's files are)"
    }

    /// The edit to apply, or why there is none.
    static func plan(_ options: BuildOptions, incremental: IncrementalBuild) -> Result<BodyEditBuild, BodyEditFallback> {
        func fallback(_ reason: String) -> Result<BodyEditBuild, BodyEditFallback> { .failure(BodyEditFallback(reason: reason)) }
        guard options.parseCache == nil, let cache = incremental.stateDirectory else { return fallback("no cache folder") }
        guard let previous = incremental.previous else { return fallback("no state of an earlier build of this content into this output by this program") }
        guard previous.isClean else { return fallback("the last build reported diagnostics") }
        let inputs = incremental.inputs
        guard inputs.count == previous.inputs.count, inputs.keys.allSatisfy({ previous.inputs[$0] != nil }) else {
            return fallback("content files were added, removed or renamed")
        }
        let changed = inputs.filter { $0.value != previous.inputs[$0.key] || $0.value.size < 0 }.map(\.key).sorted()
        guard !changed.isEmpty else { return fallback("the output changed since the last build") }
        guard changed.count <= maximumFiles else {
            return fallback(manyChanged(changed.count, untold: changed.filter { previous.inputs[$0]!.size < 0 }.count))
        }
        // Read only once the cheap checks above have passed.
        let identity = BuildState.identity(content: options.content.url, output: options.output)
        guard let state = BodyState.read(from: cache, identity: identity),
              FileStamp(path: cache.appendingPathComponent(BuildState.fileName).path) == state.buildState else {
            return fallback("no body state saved with the last build's state (or it is stale, damaged or of another version)")
        }
        if let other = changed.first(where: { state.files[$0] == nil }) {
            return fallback("\(other) changed, and the last build saved no body state for it "
                            + "(not the body of a context page, or edited while that build ran)")
        }
        // A page another page links into by an id (`quiz.md#setup`): its ids may have changed,
        // and only a whole build checks those links again (`OtherPageAnchors`).
        if let linked = changed.first(where: state.isLinkedIntoByID) {
            return fallback("other pages link to places in \(linked) (`#…`), which only a whole build checks again")
        }
        // The pages read and written are ones the last build wrote (and the output still holds).
        guard changed.allSatisfy({ state.files[$0]!.pages.allSatisfy { previous.outputs[$0.path] != nil } }) else {
            return fallback("the body state names pages the last build did not write")
        }
        let stamps = previous.outputs.map { ($0.key, $0.value) } + previous.directories.map { ($0.key, $0.value) }
        guard !previous.directories.isEmpty, OutputStamps.allMatch(stamps, in: options.output.standardizedFileURL.path) else {
            return fallback("the output changed since the last build")
        }
        return .success(BodyEditBuild(options: options, incremental: incremental, previous: previous, state: state,
                                      changed: changed))
    }

    /// The pages and search files that change, path → bytes, the search files that go,
    /// and the state after the edit.
    func render() throws(BodyEditFallback) -> (files: [String: Data], removed: Set<String>, state: BodyState) {
        let output = options.output.standardizedFileURL
        let rendered = try ConcurrentMap.map(changed) { path in
            Result { () throws(BodyEditFallback) in
                try BodyEditPages(path, file: state.files[path]!, locales: state.locales, content: options.content, output: output)
            }
        }.map { result throws(BodyEditFallback) in try result.get() }
        var files: [String: Data] = [:], removed = Set<String>(), next = state
        var terms: [LocaleID: [Int: SearchTerms]] = [:]
        for (path, pages) in zip(changed, rendered) {
            files.merge(pages.pages) { $1 }
            next.files[path] = pages.file
            for (locale, documents) in pages.terms { terms[locale, default: [:]].merge(documents) { $1 } }
        }
        for (locale, documents) in terms.sorted(by: { $0.key < $1.key }) {
            let search = try searchFiles(locale, documents: documents, output: output)
            files.merge(search.changed) { $1 }
            removed.formUnion(search.removed)
        }
        return (files, removed, next)
    }

    /// A locale's packs and manifest printed again for the documents' new terms: those
    /// whose bytes differ, and the packs that are no more.
    private func searchFiles(_ locale: LocaleID, documents: [Int: SearchTerms],
                             output: URL) throws(BodyEditFallback) -> (changed: [String: Data], removed: Set<String>) {
        let folder = "search/\(locale.rawValue)/"
        let packPaths = previous.outputs.keys.filter { $0.hasPrefix(folder + "t-") }
        let old = Dictionary(uniqueKeysWithValues: (packPaths + [folder + "manifest.js"]).map { path in
            (path, try? Data(contentsOf: output.appendingPathComponent(path)))
        })
        guard let count = state.documentCounts[locale], !old.values.contains(nil),
              var search = BodyEditSearch(locale: locale, packs: packPaths.compactMap { old[$0] ?? nil }) else {
            throw BodyEditFallback(reason: "the search index of \(locale.rawValue) is not as the last build wrote it")
        }
        search.replace(documents)
        let new = search.files(documentCount: count)
        let changed = new.filter { old[$0.key] ?? nil != $0.value }
        return (changed, Set(old.keys).subtracting(new.keys))
    }
}
