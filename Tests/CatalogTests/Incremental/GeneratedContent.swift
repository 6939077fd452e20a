import Foundation
@testable import Catalog

/// A small deterministic random number generator (SplitMix64), so that a failing edit
/// sequence can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Content for incremental tests: books → chapters → sections, as the benchmark has.
enum GeneratedContent {
    static func files(books: Int, chapters: Int, sections: Int) -> [String: String] {
        var files: [String: String] = [:]
        for b in 0..<books {
            let book = "b\(b)"
            files["\(book)/index.md"] = page(title: "Book \(b)", type: nil)
            for c in 0..<chapters {
                let chapter = "\(book)/c\(c)"
                files["\(chapter)/index.md"] = page(title: "Chapter \(b).\(c)", type: nil)
                for s in 0..<sections {
                    files["\(chapter)/s\(s).md"] = page(title: "Section \(b).\(c).\(s)", type: "section")
                }
            }
        }
        return files
    }

    static func page(title: String, type: String?, body: String = "Some text.") -> String {
        var yaml = "title: \"\(title)\"\nsummary: \"About \(title).\"\n"
        if let type { yaml += "type: \(type)\nsuggestedAge: 9-12\n" }
        return "---\n\(yaml)---\n# \(title)\n\n\(body)\n"
    }
}

/// Every file under a directory, relative path → bytes.
func treeContents(_ root: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [:] }
    let prefix = root.resolvingSymlinksInPath().path + "/"
    for case let url as URL in walker where !url.hasDirectoryPath {
        let path = url.resolvingSymlinksInPath().path
        guard let data = try? Data(contentsOf: url) else { continue }
        result[path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path] = data
    }
    return result
}

/// A scratch directory for outputs and caches, removed by the caller.
func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("incremental-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func inode(_ url: URL) -> UInt64? {
    FileStamp(path: url.path)?.inode
}

/// Sets every file's modification time ten seconds back, so that the stamps of files the
/// test has just written are trusted (see `FileStamp.racyWindow`).
func ageFiles(_ root: URL) {
    let past = Date().addingTimeInterval(-10)
    for path in TreeStamps.collect(root).keys {
        try? FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: root.appendingPathComponent(path).path)
    }
}

/// A build of `content` into `scratch/site`, with its cache (and build state) in `scratch/cache`.
func cachedBuildOptions(_ content: TempContent, scratch: URL) -> BuildOptions {
    BuildOptions(content: content.root, output: scratch.appendingPathComponent("site"),
                 cacheDirectory: scratch.appendingPathComponent("cache"))
}
