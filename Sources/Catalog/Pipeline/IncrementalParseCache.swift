import Foundation

/// Parsed content files kept in memory between the builds of a long-lived process
/// (`serve`): a file whose stamp has not changed is not read or parsed again, so an edit
/// costs one parse. Keyed by path and mode (a file can move from leaf to translation).
///
/// Not persisted on disk: decoding a saved parse costs about what parsing does, so the
/// one-shot `build` command parses everything (on all cores) and saves on writing instead.
public final class IncrementalParseCache: Sendable {
    private struct Key: Hashable {
        var path: String
        var mode: String
        /// The locales of catalog.yml: they decide how a localized value is read.
        var locales: [LocaleID]
    }

    private struct Entry {
        var stamp: FileStamp
        var file: ParsedFile
    }

    private let entries = Locked<[Key: Entry]>([:])
    private let parses = Locked(0)

    public init() {}

    /// The cached parse when the file's stamp is unchanged; otherwise parses it (the stamp
    /// is taken first, so an edit during the parse is seen by the next build).
    func file(_ request: ParseRequest, reader: FrontMatterReader, parse: () -> ParsedFile) -> ParsedFile {
        let key = Key(path: request.relativePath, mode: "\(request.mode)", locales: reader.locales)
        let now = FileStamp.now()
        let stamp = FileStamp(path: reader.root.absolutePath(request.relativePath))?.trusted(at: now)
        if let stamp, stamp.size >= 0, let entry = entries.withLock({ $0[key] }), entry.stamp == stamp {
            return entry.file
        }
        let file = parse()
        parses.withLock { $0 += 1 }
        if let stamp { entries.withLock { $0[key] = Entry(stamp: stamp, file: file) } }
        return file
    }

    /// Parses `request` again (a long-lived build's edit), keeping the new parse.
    /// - Returns: the parse kept before (nil when there was none) and the new one.
    func reparse(_ request: ParseRequest, reader: FrontMatterReader) -> (old: ParsedFile?, new: ParsedFile) {
        let key = Key(path: request.relativePath, mode: "\(request.mode)", locales: reader.locales)
        let stamp = FileStamp(path: reader.root.absolutePath(request.relativePath))?.trusted(at: FileStamp.now())
        let file = ParsedFiles.parseOne(request, reader: reader)
        parses.withLock { $0 += 1 }
        let old = entries.withLock { entries in
            defer { entries[key] = stamp.map { Entry(stamp: $0, file: file) } }
            return entries[key]?.file
        }
        return (old, file)
    }

    /// Drops the entries of files that no longer exist, so renames do not grow the cache.
    func keep(only paths: Set<String>) {
        entries.withLock { $0 = $0.filter { paths.contains($0.key.path) } }
    }

    /// The number of files held.
    public var count: Int { entries.withLock { $0.count } }

    /// How many files were parsed (not taken from the cache) since this cache was made.
    public var parseCount: Int { parses.withLock { $0 } }
}
