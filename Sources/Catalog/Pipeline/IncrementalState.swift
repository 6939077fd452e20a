import Foundation

/// An output file as the last build left it: the hash of its bytes and its stamp.
struct OutputRecord: Hashable, Sendable {
    var hash: String
    var stamp: FileStamp
}

/// What the last successful build saw and wrote, saved in the cache directory as
/// `build-state.tsv` (one line per file; a text format because it loads in milliseconds
/// at 10k files, where a JSON decoder would not).
struct BuildState: Sendable, Equatable {
    static let fileName = "build-state.tsv"
    static let formatLine = "catalog-build-state 1"

    /// Absolute content and output paths and the program's stamp: a state is only reused
    /// by the same program building the same content into the same output.
    var identity: [String]
    var inputs: [String: FileStamp]
    var outputs: [String: OutputRecord]
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
        // A name with a tab or a line break cannot be written in this format: save nothing,
        // so that the next build is a full one (correct, only slower).
        func writable(_ name: String) -> Bool {
            !name.utf8.contains { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
        }
        guard inputs.keys.allSatisfy(writable), outputs.keys.allSatisfy(writable) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(120 * (inputs.count + outputs.count) + 512)
        for line in [Self.formatLine] + identity + ["clean\t\(isClean ? 1 : 0)"] {
            out.append(contentsOf: line.utf8)
            out.append(UInt8(ascii: "\n"))
        }
        for (path, stamp) in inputs.sorted(by: { $0.key < $1.key }) {
            Self.append(["I", path], stamp, to: &out)
        }
        for (path, record) in outputs.sorted(by: { $0.key < $1.key }) {
            Self.append(["O", path, record.hash], record.stamp, to: &out)
        }
        return out
    }

    /// One line: the fields, tab-separated, then the stamp's three numbers.
    private static func append(_ fields: [String], _ stamp: FileStamp, to out: inout [UInt8]) {
        for field in fields {
            out.append(contentsOf: field.utf8)
            out.append(UInt8(ascii: "\t"))
        }
        appendDecimal(stamp.size, to: &out)
        out.append(UInt8(ascii: "\t"))
        appendDecimal(stamp.modified, to: &out)
        out.append(UInt8(ascii: "\t"))
        appendDecimal(stamp.inode, to: &out)
        out.append(UInt8(ascii: "\n"))
    }

    /// `String(value)`'s digits, without the `String`.
    private static func appendDecimal(_ value: some BinaryInteger, to out: inout [UInt8]) {
        guard value > 0 else {
            if value == 0 { out.append(UInt8(ascii: "0")) } else { out.append(contentsOf: String(value).utf8) }
            return
        }
        var digits: [UInt8] = []
        var rest = value
        while rest > 0 {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        out.append(contentsOf: digits.reversed())
    }

    init(identity: [String], inputs: [String: FileStamp], outputs: [String: OutputRecord], isClean: Bool) {
        self.identity = identity
        self.inputs = inputs
        self.outputs = outputs
        self.isClean = isClean
    }

    /// Parses a saved state; nil when it is missing, damaged or of another format.
    /// Lines and fields are split on the UTF-8 bytes: both separators are ASCII, and
    /// splitting by Characters was most of a no-op build's time at 10k.
    init?(text: String) {
        let lines = Self.split(text[...], on: "\n").filter { !$0.isEmpty }
        guard lines.count >= 5, lines[0] == Self.formatLine else { return nil }
        identity = lines[1...3].map(String.init)
        isClean = lines[4] == "clean\t1"
        inputs = [:]
        outputs = [:]
        inputs.reserveCapacity(lines.count)
        outputs.reserveCapacity(lines.count)
        for line in lines.dropFirst(5) {
            let fields = Self.split(line, on: "\t")
            if fields.first == "I", fields.count == 5, let stamp = FileStamp(fields: fields[2...]) {
                inputs[String(fields[1])] = stamp
            } else if fields.first == "O", fields.count == 6, let stamp = FileStamp(fields: fields[3...]) {
                outputs[String(fields[1])] = OutputRecord(hash: String(fields[2]), stamp: stamp)
            } else {
                return nil
            }
        }
    }

    private static func split(_ text: Substring, on separator: Unicode.Scalar) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: separator), omittingEmptySubsequences: false).map(Substring.init)
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

    /// Written to a temporary file and renamed, so that an interrupted save leaves the
    /// old state or none, never half of one.
    func save(in directory: URL) throws {
        let url = directory.appendingPathComponent(Self.fileName)
        guard let bytes = serialized else {
            try? FileManager.default.removeItem(at: url)
            return
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: url, options: .atomic)
    }
}
