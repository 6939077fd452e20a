import Foundation
@testable import Catalog

/// A content directory made for one test from path → text (or bytes), removed afterwards
/// by the caller (`defer { content.remove() }`).
struct TempContent {
    let url: URL

    static let minimalCatalog = """
        bundleIdentifier: com.example.test
        title: Test Books
        defaultLocale: en-us
        locales: [en-us, es-us]
        """

    /// `minimalCatalog` with an absolute `site.baseURL`: its site has a sitemap.
    static let sitemapCatalog = minimalCatalog + "\nsite:\n  baseURL: https://example.org/books/\n"

    init(_ files: [String: String], catalog: String? = minimalCatalog) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("catalog-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        if let catalog { try write("catalog.yml", catalog) }
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// Writes `text` whole, as an editor saves (`saveWhole`).
    func save(_ path: String, _ text: String) throws {
        try saveWhole(text, to: url.appendingPathComponent(path))
    }

    /// The content root with display paths relative to the content directory's parent,
    /// so diagnostics read `content/…` no matter where the temporary directory is.
    var root: ContentRoot {
        let parent = url.deletingLastPathComponent().path
        let named = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent)
        return ContentRoot(path: named.lastPathComponent, currentDirectory: parent)
    }

    /// The display prefix diagnostics use for this content (e.g. `catalog-test-…/`).
    var prefix: String { root.displayPrefix }

    func load() -> LoadResult { CatalogLoader.load(root) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

extension LoadResult {
    /// Diagnostics as `rule file-relative-to-content:line:column` strings, sorted.
    func summaries(prefix: String) -> [String] {
        diagnostics.sorted.map { d in
            let file = d.location.file.hasPrefix(prefix) ? String(d.location.file.dropFirst(prefix.count)) : d.location.file
            return "\(d.severity == .error ? "error" : "warning") \(d.rule) \(file):\(d.location.line):\(d.location.column)"
        }
    }
}

/// Writes `text` whole, as an editor saves (a new file renamed into place), making its
/// folders: for an edit that a watching `serve` must see as one change. Written in place,
/// the file is empty between its truncation and its write: on a loaded machine a rebuild
/// can come in between, and a test that counts rebuilds counts one too many.
func saveWhole(_ text: String, to file: URL) throws {
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file, options: .atomic)
}
