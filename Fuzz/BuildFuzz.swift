import Catalog
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer entry point for the whole front end (built by `scripts/fuzz SECONDS build`
/// against the library as SwiftPM builds it, instrumented): the input bytes describe a
/// content folder (files, folders, symbolic links, FIFOs; see `FuzzContent`), which is
/// written to a fresh folder on tmpfs and then validated and built twice, as a pull
/// request would be in CI (the second build takes the up-to-date check's path).
///
/// Besides crashes, sanitizer reports and hangs (libFuzzer's `-timeout`), it stops when a
/// run changed anything outside its output and cache: the work folder holds a sentinel
/// file and the content, and both are listed before and after.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBuild(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let content = FuzzContent.parse(Data(bytes: data, count: size))
    let work = FuzzWork()
    defer { work.remove() }
    content.write(into: work.content)
    let before = work.listing()
    _ = CatalogLoader.load(ContentRoot(path: work.content.path))
    for _ in 0..<2 {
        let options = BuildOptions(content: ContentRoot(path: work.content.path), output: work.output,
                                   cacheDirectory: work.cache)
        _ = try? Build.run(options)
    }
    let after = work.listing()
    if before != after {
        let changed = Set(before.keys).symmetricDifference(after.keys).union(before.keys.filter { before[$0] != after[$0] })
        fatalError("a build changed what lies outside its output: \(changed.sorted().prefix(10))")
    }
    return 0
}

/// A content folder described by text, so that seeds are easy to write and mutations
/// stay meaningful. Each entry starts with a line `@@ KIND PATH` (or `@@ l PATH -> TARGET`):
///
///     @@ f book/index.md        a file; the lines up to the next `@@ ` line are its bytes
///     @@ d book/empty           a folder
///     @@ l book/loop -> ..      a symbolic link, its target exactly as written
///     @@ p book/lesson.md       a FIFO
///
/// Text before the first entry is `catalog.yml`. Entry paths are made relative and
/// stripped of `.` and `..` (the content is made inside the folder; what it points at
/// through links and references is the fuzzer's to choose).
struct FuzzContent {
    enum Entry {
        case file(String, Data)
        case directory(String)
        case link(String, target: String)
        case fifo(String)
    }

    var entries: [Entry] = []

    static func parse(_ data: Data) -> FuzzContent {
        var result = FuzzContent()
        let marker = Array("\n@@ ".utf8)
        let bytes = Array(data)
        var starts: [Int] = []
        if bytes.starts(with: marker.dropFirst()) { starts.append(0) }
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index] == marker[0], Array(bytes[index..<index + marker.count]) == marker { starts.append(index + 1) }
            index += 1
        }
        result.entries.append(.file("catalog.yml", Data(bytes[0..<(starts.first ?? bytes.count)])))
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1] - 1 : bytes.count
            let record = bytes[(start + 3)..<max(start + 3, end)]
            let header = record.prefix { $0 != UInt8(ascii: "\n") }
            let body = Data(record.dropFirst(header.count + 1))
            if let entry = entry(String(decoding: header, as: UTF8.self), body: body) { result.entries.append(entry) }
        }
        return result
    }

    private static func entry(_ header: String, body: Data) -> Entry? {
        guard let kind = header.first, header.dropFirst().first == " " else { return nil }
        let rest = String(header.dropFirst(2))
        switch kind {
        case "f": return clean(rest).map { .file($0, body) }
        case "d": return clean(rest).map { .directory($0) }
        case "p": return clean(rest).map { .fifo($0) }
        case "l":
            let parts = rest.components(separatedBy: " -> ")
            guard parts.count == 2, let path = clean(parts[0]), !parts[1].isEmpty else { return nil }
            return .link(path, target: parts[1])
        default: return nil
        }
    }

    /// A path made relative, without `.`, `..`, empty or NUL-holding components.
    private static func clean(_ path: String) -> String? {
        let parts = path.split(separator: "/").filter { $0 != "." && $0 != ".." && !$0.contains("\0") }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    func write(into root: URL) {
        let manager = FileManager.default
        for entry in entries {
            switch entry {
            case .file(let path, let data):
                let url = root.appendingPathComponent(path)
                try? manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                // A path already taken by a link or folder keeps what it is.
                if !manager.fileExists(atPath: url.path) { _ = manager.createFile(atPath: url.path, contents: data) }
            case .directory(let path):
                try? manager.createDirectory(at: root.appendingPathComponent(path), withIntermediateDirectories: true)
            case .link(let path, let target):
                let url = root.appendingPathComponent(path)
                try? manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? manager.createSymbolicLink(atPath: url.path, withDestinationPath: target)
            case .fifo(let path):
                let url = root.appendingPathComponent(path)
                try? manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                _ = mkfifo(url.path, 0o644)
            }
        }
    }
}

/// A fresh folder on tmpfs for one input: `sentinel.txt`, `content/`, `out/site` (the
/// output) and `cache/`.
struct FuzzWork {
    let root: URL
    var content: URL { root.appendingPathComponent("content") }
    var output: URL { root.appendingPathComponent("out/site") }
    var cache: URL { root.appendingPathComponent("cache") }

    init() {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        root = URL(fileURLWithPath: base).appendingPathComponent("catalog-fuzz-\(getpid())/w")
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root.appendingPathComponent("sentinel.txt").path,
                                       contents: Data("sentinel\n".utf8))
    }

    /// Removes the process's whole folder (`catalog-fuzz-PID`), not only `w`: libFuzzer's
    /// workers are processes of their own, and each left an empty folder on tmpfs.
    func remove() { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }

    /// Every entry below the work folder but the output and the cache, by kind and bytes.
    func listing() -> [String: String] {
        var entries: [String: String] = [:]
        list(root.path, relative: "", into: &entries)
        return entries
    }

    /// A file's bytes, read with POSIX calls: FileManager.contents(atPath:) loses a 4 kB
    /// buffer on every empty file it reads (Foundation on Linux), which LeakSanitizer
    /// reported by the hundred thousand after an hour.
    private func bytes(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var result: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return result }
            result.append(contentsOf: chunk[0..<count])
        }
    }

    private func list(_ path: String, relative: String, into entries: inout [String: String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names {
            let rel = relative.isEmpty ? name : relative + "/" + name
            if rel == "out/site" || rel == "cache" { continue }
            let full = path + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                entries[rel] = "dir"
                list(full, relative: rel, into: &entries)
            case S_IFLNK:
                entries[rel] = "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "")
            case S_IFREG:
                entries[rel] = "file \(info.st_size) \(bytes(full).hashValue)"
            default:
                entries[rel] = "special \(info.st_mode & S_IFMT)"
            }
        }
    }
}
