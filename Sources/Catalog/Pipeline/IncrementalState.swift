import Foundation

/// What the last successful build saw and wrote, saved in the cache directory as
/// `build-state.tsv` (one line per file; a text format because it loads in milliseconds
/// at 10k files, where a JSON decoder would not).
struct BuildState: Sendable, Equatable {
    static let fileName = "build-state.tsv"
    /// Version 3 keeps no digest of an output file (`IncrementalSink` compares bytes): a
    /// state of version 2 is another format, read as no state (a full build).
    static let formatLine = "catalog-build-state 3"

    /// Absolute content and output paths and the program's stamp: a state is only reused
    /// by the same program building the same content into the same output.
    var identity: [String]
    var inputs: [String: FileStamp]
    /// Every file of the output with the stamp it had when written (or linked).
    var outputs: [String: FileStamp]
    /// Every directory of the output (the output itself as ""), with its stamp: an entry
    /// added to or removed from a directory changes its modification time, so a no-op
    /// check stats these instead of listing 11,000 directories at 10k contexts.
    var directories: [String: FileStamp] = [:]
    /// True when the build reported no diagnostic: only then may a later run skip
    /// everything (a warning must be printed again, so such a build is rerun).
    var isClean: Bool

    static func identity(content: URL, output: URL) -> [String] {
        let program = Bundle.main.executablePath.flatMap { FileStamp(path: $0) }
        return ["content\t" + content.path, "output\t" + output.standardizedFileURL.path,
                "program\t" + (program?.fields ?? "unknown")]
    }

    /// The file's bytes, made without a `String` per line or field (at 10k contexts the
    /// state has 30,000 lines, and saving it is part of every build's serial end).
    var serialized: [UInt8]? {
        var all: [UInt8] = []
        return serialize { all.append(contentsOf: $0) } ? all : nil
    }

    /// The file's bytes in pieces of about `chunkSize` bytes, each handed to `emit` in turn,
    /// so that a large state (80 MB at 250,000 versions) is never whole in memory; false,
    /// and nothing emitted, when a name cannot be written in this format (then nothing is
    /// saved, and the next build is a full one: correct, only slower).
    func serialize(chunkSize: Int = 1 << 20, _ emit: ([UInt8]) throws -> Void) rethrows -> Bool {
        // The three tables are sorted at once, on every core: sorting is most of saving,
        // and saving is part of every build's serial end (0.4 s at 187,000 files). By
        // UTF-8 bytes: `<` cost twice as much, and any fixed order serves here. Pairs,
        // not keys: looking each sorted key up again was 0.6% of a build at 250,000
        // versions. (The pairs take 40 bytes a file, 32 MB at 250,000 versions; the
        // catalog, freed before the states are saved, took far more.)
        let sorted = ConcurrentMap.map([inputs, outputs, directories]) { table -> [(key: String, value: FileStamp)]? in
            let pairs = table.sorted { $0.key.utf8Precedes($1.key) }
            return pairs.allSatisfy { Self.isWritable($0.key) } ? pairs : nil
        }
        guard let inputPairs = sorted[0], let outputPairs = sorted[1], let directoryPairs = sorted[2] else { return false }
        var out: [UInt8] = []
        out.reserveCapacity(chunkSize + 4096)
        func flushIfFull() throws {
            guard out.count >= chunkSize else { return }
            try emit(out)
            out.removeAll(keepingCapacity: true)
        }
        for line in [Self.formatLine] + identity + ["clean\t\(isClean ? 1 : 0)"] {
            out.append(contentsOf: line.utf8)
            out.append(UInt8(ascii: "\n"))
        }
        let tables: [(kind: Unicode.Scalar, pairs: [(key: String, value: FileStamp)])] =
            [("I", inputPairs), ("O", outputPairs), ("D", directoryPairs)]
        for (kind, pairs) in tables {
            for (path, stamp) in pairs {
                Self.append(kind, path, stamp, to: &out)
                try flushIfFull()
            }
        }
        if !out.isEmpty { try emit(out) }
        return true
    }

    /// Whether a name can be written on a line of this format.
    private static func isWritable(_ name: String) -> Bool {
        !name.utf8.contains { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }

    /// One line: the kind and the path, tab-separated, then the stamp's three numbers.
    private static func append(_ kind: Unicode.Scalar, _ path: String, _ stamp: FileStamp, to out: inout [UInt8]) {
        out.append(UInt8(ascii: kind))
        out.append(UInt8(ascii: "\t"))
        out.append(contentsOf: path.utf8)
        out.append(UInt8(ascii: "\t"))
        appendStamp(stamp, to: &out)
    }

    /// The stamp's three numbers, tab-separated, and the line's end.
    private static func appendStamp(_ stamp: FileStamp, to out: inout [UInt8]) {
        DecimalBytes.append(stamp.size, to: &out)
        out.append(UInt8(ascii: "\t"))
        DecimalBytes.append(stamp.modified, to: &out)
        out.append(UInt8(ascii: "\t"))
        DecimalBytes.append(stamp.inode, to: &out)
        out.append(UInt8(ascii: "\n"))
    }

    init(identity: [String], inputs: [String: FileStamp], outputs: [String: FileStamp],
         directories: [String: FileStamp] = [:], isClean: Bool) {
        self.identity = identity
        self.inputs = inputs
        self.outputs = outputs
        self.directories = directories
        self.isClean = isClean
    }

    /// Parses a saved state; nil when it is missing, damaged or of another format.
    /// Lines and fields are found in the UTF-8 bytes (both separators are ASCII) and the
    /// numbers read from them: a `Substring` per field was most of a no-op build's time.
    init?(text: String) {
        var text = text
        guard let state = text.withUTF8({ Self.parse($0) }) else { return nil }
        self = state
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> BuildState? {
        var lines: [Range<Int>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            if index > start { lines.append(start..<index) }
            start = index + 1
        }
        if bytes.count > start { lines.append(start..<bytes.count) }
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        guard lines.count >= 5, string(lines[0]) == formatLine else { return nil }
        var state = BuildState(identity: lines[1...3].map(string), inputs: [:], outputs: [:], isClean: string(lines[4]) == "clean\t1")
        state.inputs.reserveCapacity(lines.count)
        state.outputs.reserveCapacity(lines.count)
        for line in lines.dropFirst(5) {
            var fields: [Range<Int>] = []
            var fieldStart = line.lowerBound
            for index in line where bytes[index] == UInt8(ascii: "\t") {
                fields.append(fieldStart..<index)
                fieldStart = index + 1
            }
            fields.append(fieldStart..<line.upperBound)
            guard fields.count == 5, fields[0].count == 1, let stamp = stamp(fields[2...], in: bytes) else { return nil }
            switch bytes[fields[0].lowerBound] {
            case UInt8(ascii: "I"): state.inputs[string(fields[1])] = stamp
            case UInt8(ascii: "O"): state.outputs[string(fields[1])] = stamp
            case UInt8(ascii: "D"): state.directories[string(fields[1])] = stamp
            default: return nil
            }
        }
        return state
    }

    /// Size, modification time and inode, as `FileStamp.fields` writes them.
    private static func stamp(_ fields: ArraySlice<Range<Int>>, in bytes: UnsafeBufferPointer<UInt8>) -> FileStamp? {
        let numbers = fields.map { decimal($0, in: bytes) }
        guard let size = numbers[0], let modified = numbers[1], let inode = numbers[2].flatMap(UInt64.init(exactly:))
        else { return nil }
        return FileStamp(size: size, modified: modified, inode: inode)
    }

    /// A decimal integer (a leading minus allowed), nil when the field is anything else.
    private static func decimal(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var digits = range
        let negative = !digits.isEmpty && bytes[digits.lowerBound] == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var value: Int64 = 0
        for index in digits {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(digit))
            guard !overflow, !overflow2 else { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// The state saved in `directory` when it is of `identity` (this content, output and
    /// program); nil when it is missing, damaged, of another format or of another identity.
    /// The file's first lines say whose it is: a state of another catalog (80 MB at
    /// 250,000 versions) is recognised from them, and not read whole to be thrown away.
    /// - Parameter whole: reads and parses the whole file (`read(from:)`).
    static func read(from directory: URL, identity: [String],
                     whole: (URL) -> BuildState? = read(from:)) -> BuildState? {
        guard header(of: directory.appendingPathComponent(fileName)) == [formatLine] + identity else { return nil }
        return whole(directory).flatMap { $0.identity == identity ? $0 : nil }
    }

    /// The format line and the identity's three lines, from the file's first 16 kB;
    /// nil when there is no such file or fewer lines.
    static func header(of url: URL) -> [String]? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: 16_384) else { return nil }
        let lines = start.split(separator: UInt8(ascii: "\n"), maxSplits: 4, omittingEmptySubsequences: false)
        guard lines.count == 5 else { return nil }
        return lines.prefix(4).map { String(decoding: $0, as: UTF8.self) }
    }

    static func read(from directory: URL) -> BuildState? {
        // About 200 bytes per content and output file: 22 MB at 100,000 contexts, more
        // than a content file may have, so the content files' limit does not apply.
        guard case .success(let data) = SourceText.readBytes(directory.appendingPathComponent(fileName).path,
                                                             limit: Int.max) else {
            return nil
        }
        return BuildState(text: String(decoding: data, as: UTF8.self))
    }

    /// Written to a temporary file and renamed (`AtomicFile`), so that an interrupted save
    /// leaves the old state or none, never half of one, and no temporary file.
    func save(in directory: URL) throws {
        let url = directory.appendingPathComponent(Self.fileName)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Written as it is made, a megabyte at a time.
        let written = try AtomicFile.write(to: url) { write in try serialize(write) }
        if !written { try? FileManager.default.removeItem(at: url) }
    }
}
