import Foundation

/// `body-state.bin`: a format line, the hash of the rest, then the rest (`StateByteWriter`).
/// A file of another version, damaged (the hash differs), cut short or with bytes left
/// over reads as nil, which makes the build a full one.
extension BodyState {
    static let formatLine = "catalog-body-state 1\n"
    static let hashLength = 32

    func serialized(identity: [String]) -> [UInt8] {
        // The header's hash is written in place once the rest is: at 250,000 versions the
        // state is about 100 MB, and every copy of it would add to the build's peak.
        let header = Array(Self.formatLine.utf8)
        var out = StateByteWriter(capacity: 256 * files.count + 4096)
        out.raw(header + [UInt8](repeating: UInt8(ascii: "0"), count: Self.hashLength))
        let start = out.count
        out.strings(identity)
        out.signed(buildState.size)
        out.signed(buildState.modified)
        out.unsigned(buildState.inode)
        out.strings(locales.map(\.rawValue))
        out.int(contextCount)
        out.unsigned(UInt64(documentCounts.count))
        for (locale, count) in documentCounts.sorted(by: { $0.key < $1.key }) {
            out.string(locale.rawValue)
            out.int(count)
        }
        out.unsigned(UInt64(files.count))
        // In the dictionary's order: the reader makes a dictionary again, and sorting the
        // paths was a twentieth of a one-edit build's CPU time at 10,000 contexts.
        for (path, file) in files {
            out.string(path)
            Self.write(file, to: &out)
        }
        let hash = IncrementalSink.hash(out.bytes[start...])
        out.replace(at: header.count, with: Array(hash.utf8))
        return out.bytes
    }

    private static func write(_ file: File, to out: inout StateByteWriter) {
        out.bool(file.isTranslation)
        out.int(file.frontMatterBytes)
        out.string(file.frontMatterHash)
        out.unsigned(UInt64(file.pages.count))
        for page in file.pages {
            out.string(page.path)
            out.string(page.locale.rawValue)
            out.int(page.document)
            out.int(page.bodyStart)
            out.int(page.bodyEnd)
            out.unsigned(UInt64(page.links.count))
            for link in page.links {
                out.string(link.url)
                out.bool(link.isImage)
                out.bool(link.result != nil)
                if let result = link.result { out.string(result) }
            }
            out.strings(page.strongTexts)
            out.string(page.summary)
            out.string(page.customTypeName)
        }
    }

    /// Nil unless `bytes` are a whole state of this format saved by the program and for the
    /// content and output that `identity` names.
    init?(bytes: [UInt8], identity: [String]) {
        let header = Array(Self.formatLine.utf8)
        let hashLength = Self.hashLength
        guard bytes.count > header.count + hashLength, Array(bytes[..<header.count]) == header else { return nil }
        guard Array(IncrementalSink.hash(bytes[(header.count + hashLength)...]).utf8) == Array(bytes[header.count..<header.count + hashLength]) else {
            return nil
        }
        var reader = StateByteReader(bytes, from: header.count + hashLength)
        guard reader.strings() == identity, !reader.failed else { return nil }
        let stamp = FileStamp(size: reader.signed(), modified: reader.signed(), inode: reader.unsigned())
        let locales = reader.strings().map(LocaleID.init(rawValue:))
        let contextCount = reader.int()
        var counts: [LocaleID: Int] = [:]
        for _ in 0..<reader.count() { counts[LocaleID(rawValue: reader.string())] = reader.int() }
        var files: [String: File] = [:]
        let fileCount = reader.count()
        files.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            let path = reader.string()
            guard let file = Self.readFile(&reader) else { return nil }
            files[path] = file
        }
        guard !reader.failed, reader.isAtEnd else { return nil }
        self.init(buildState: stamp, locales: locales, contextCount: contextCount, documentCounts: counts, files: files)
    }

    private static func readFile(_ reader: inout StateByteReader) -> File? {
        var file = File(isTranslation: reader.bool(), frontMatterBytes: reader.int(), frontMatterHash: reader.string(),
                        pages: [])
        for _ in 0..<reader.count() {
            let path = reader.string(), locale = LocaleID(rawValue: reader.string())
            let document = reader.int(), start = reader.int(), end = reader.int()
            var links: [LinkRecord] = []
            for _ in 0..<reader.count() {
                let url = reader.string(), isImage = reader.bool()
                links.append(LinkRecord(url: url, isImage: isImage, result: reader.bool() ? reader.string() : nil))
            }
            let strong = reader.strings()
            file.pages.append(Page(path: path, locale: locale, document: document, bodyStart: start, bodyEnd: end,
                                   links: links, strongTexts: strong, summary: reader.string(),
                                   customTypeName: reader.string()))
            guard !reader.failed, 0 <= start, start <= end else { return nil }
        }
        return reader.failed ? nil : file
    }

    /// The saved state, or nil when there is none usable (see `init(bytes:identity:)`).
    static func read(from directory: URL, identity: [String]) -> BodyState? {
        guard case .success(let data) = SourceText.readBytes(directory.appendingPathComponent(fileName).path,
                                                             limit: Int.max) else { return nil }
        return BodyState(bytes: [UInt8](data), identity: identity)
    }

    /// Saved atomically; a state that cannot be saved is removed, so that no old one is
    /// taken with a newer `build-state.tsv`.
    func save(in directory: URL, identity: [String]) {
        let url = directory.appendingPathComponent(Self.fileName)
        do {
            var bytes = serialized(identity: identity)
            try bytes.withUnsafeMutableBytes { raw in
                try AtomicFile.write(Data(bytesNoCopy: raw.baseAddress!, count: raw.count, deallocator: .none), to: url)
            }
        } catch {
            Self.remove(from: directory)
        }
    }

    static func remove(from directory: URL) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(fileName))
    }
}
