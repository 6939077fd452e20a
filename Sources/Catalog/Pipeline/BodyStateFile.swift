import Foundation

/// `body-state.bin`: a format line, the hash of the rest, then the rest
/// (`StateByteWriter`): one record per page, in the order the site stage wrote them (each
/// with its body file's path and what is known of that file), a 0, and a trailer with
/// the identity, the build state's stamp, the locales and the counts. Records come first
/// so that a cold build writes them as its pages are written (`BodyStateWriter`) and
/// holds none of them. A file of another version, damaged (the hash differs), cut short
/// or with bytes left over reads as nil, which makes the build a full one.
extension BodyState {
    static let formatLine = "catalog-body-state 2\n"
    static let hashLength = 32
    static let recordTag: UInt64 = 1

    /// The whole file in memory (the state of a one-edit build; tests).
    func serialized(identity: [String]) -> [UInt8] {
        let header = Array(Self.formatLine.utf8)
        var out = StateByteWriter(capacity: 256 * files.count + 4096)
        out.raw(header + [UInt8](repeating: UInt8(ascii: "0"), count: Self.hashLength))
        let start = out.count
        writeRecords { out.raw($0) }
        writeTrailer(identity: identity, to: &out)
        let hash = IncrementalSink.hash(out.bytes[start...])
        out.replace(at: header.count, with: Array(hash.utf8))
        return out.bytes
    }

    /// Every page's record, in the dictionary's order of files (the reader makes a
    /// dictionary again, and sorting the paths was a twentieth of a one-edit build's CPU
    /// time at 10,000 contexts), handed over a piece at a time.
    private func writeRecords(_ emit: ([UInt8]) -> Void) {
        var out = StateByteWriter(capacity: BodyStateWriter.chunkSize + 65536)
        for (path, file) in files {
            for page in file.pages {
                Self.writeRecord(path: path, file: file, page: page, to: &out)
                if out.count >= BodyStateWriter.chunkSize { emit(out.bytes); out.clear() }
            }
        }
        emit(out.bytes)
    }

    /// The end of the records and what follows them.
    func writeTrailer(identity: [String], to out: inout StateByteWriter) {
        out.unsigned(0)
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
    }

    /// One page of a body file, with the file's fields (its `pages` are not written).
    static func writeRecord(path: String, file: File, page: Page, to out: inout StateByteWriter) {
        out.unsigned(recordTag)
        out.string(path)
        out.bool(file.isTranslation)
        out.int(file.frontMatterBytes)
        out.string(file.frontMatterHash)
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

    /// Nil unless `bytes` are a whole state of this format saved by the program and for the
    /// content and output that `identity` names. A file's fields are its first record's;
    /// a file whose front matter was not known (`frontMatterBytes` < 0) is left out.
    init?(bytes: [UInt8], identity: [String]) {
        let header = Array(Self.formatLine.utf8)
        let hashLength = Self.hashLength
        guard bytes.count > header.count + hashLength, Array(bytes[..<header.count]) == header else { return nil }
        guard Array(IncrementalSink.hash(bytes[(header.count + hashLength)...]).utf8) == Array(bytes[header.count..<header.count + hashLength]) else {
            return nil
        }
        var reader = StateByteReader(bytes, from: header.count + hashLength)
        guard let files = Self.readRecords(&reader) else { return nil }
        guard reader.strings() == identity, !reader.failed else { return nil }
        let stamp = FileStamp(size: reader.signed(), modified: reader.signed(), inode: reader.unsigned())
        let locales = reader.strings().map(LocaleID.init(rawValue:))
        let contextCount = reader.int()
        var counts: [LocaleID: Int] = [:]
        for _ in 0..<reader.count() { counts[LocaleID(rawValue: reader.string())] = reader.int() }
        guard !reader.failed, reader.isAtEnd else { return nil }
        self.init(buildState: stamp, locales: locales, contextCount: contextCount, documentCounts: counts,
                  files: files.filter { $0.value.frontMatterBytes >= 0 })
    }

    private static func readRecords(_ reader: inout StateByteReader) -> [String: File]? {
        var files: [String: File] = [:]
        while !reader.failed {
            let tag = reader.unsigned()
            if tag == 0 { return reader.failed ? nil : files }
            guard tag == recordTag else { return nil }
            let path = reader.string()
            let file = File(isTranslation: reader.bool(), frontMatterBytes: reader.int(), frontMatterHash: reader.string(),
                            pages: [])
            guard let page = readPage(&reader) else { return nil }
            if let index = files.index(forKey: path) {
                files.values[index].pages.append(page)
            } else {
                files[path] = File(isTranslation: file.isTranslation, frontMatterBytes: file.frontMatterBytes,
                                   frontMatterHash: file.frontMatterHash, pages: [page])
            }
        }
        return nil
    }

    private static func readPage(_ reader: inout StateByteReader) -> Page? {
        let path = reader.string(), locale = LocaleID(rawValue: reader.string())
        let document = reader.int(), start = reader.int(), end = reader.int()
        var links: [LinkRecord] = []
        for _ in 0..<reader.count() {
            let url = reader.string(), isImage = reader.bool()
            links.append(LinkRecord(url: url, isImage: isImage, result: reader.bool() ? reader.string() : nil))
        }
        let strong = reader.strings()
        let page = Page(path: path, locale: locale, document: document, bodyStart: start, bodyEnd: end, links: links,
                        strongTexts: strong, summary: reader.string(), customTypeName: reader.string())
        return reader.failed || start < 0 || start > end ? nil : page
    }

    /// The saved state, or nil when there is none usable (see `init(bytes:identity:)`).
    static func read(from directory: URL, identity: [String]) -> BodyState? {
        guard case .success(let data) = SourceText.readBytes(directory.appendingPathComponent(fileName).path,
                                                             limit: Int.max) else { return nil }
        return BodyState(bytes: [UInt8](data), identity: identity)
    }

    /// Saved atomically, a megabyte at a time; a state that cannot be saved is removed,
    /// so that no old one is taken with a newer `build-state.tsv`.
    func save(in directory: URL, identity: [String]) {
        let writer = BodyStateWriter(directory: directory)
        writeRecords { writer.append($0) }
        if !writer.commit({ writeTrailer(identity: identity, to: &$0) }) { Self.remove(from: directory) }
    }

    static func remove(from directory: URL) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(fileName))
    }
}
