import Foundation

/// One content file read and parsed: its fields and the problems reading it found.
struct ParsedFile: Sendable {
    var fields: ContextFields
    var diagnostics: [Diagnostic]
}

/// A file to parse and how (context, translation or home page).
struct ParseRequest: Sendable {
    var relativePath: String
    var mode: FrontMatterReader.Mode
}

/// Reads and parses every Markdown file of a scanned tree on all cores before the tree is
/// laid out. Each file is independent (its own YAML, its own diagnostics), so the order
/// they are parsed in cannot change the result; `TreeBuilder` then takes them in its own
/// deterministic order, each file once. Taking moves the file out: copying every file's
/// fields into the tree and then freeing the parsed copy showed in profiles at 10k files.
final class ParsedFiles: Sendable {
    private let indices: [String: Int]
    private let files: Locked<[ParsedFile?]>

    private init(indices: [String: Int], files: [ParsedFile?]) {
        self.indices = indices
        self.files = Locked(files)
    }

    /// The parsed file at `relativePath`, moved out; nil when it was not parsed here or
    /// was already taken.
    func take(_ relativePath: String) -> ParsedFile? {
        guard let index = indices[relativePath] else { return nil }
        return files.withLock { $0[index].take() }
    }

    /// Parses `requests` concurrently, taking what `cache` already has (a long-lived
    /// process's parses of unchanged files) instead of parsing it again.
    static func parse(_ requests: [ParseRequest], reader: FrontMatterReader,
                      cache: IncrementalParseCache? = nil, progress: ProgressCounter? = nil) -> ParsedFiles {
        let results: [ParsedFile?] = ConcurrentMap.map(requests) { request in
            defer { progress?.advance() }
            return cache?.file(request, reader: reader) { parseOne(request, reader: reader) } ?? parseOne(request, reader: reader)
        }
        cache?.keep(only: Set(requests.map(\.relativePath)))
        var indices: [String: Int] = [:]
        indices.reserveCapacity(requests.count)
        for (index, request) in requests.enumerated() { indices[request.relativePath] = index }
        return ParsedFiles(indices: indices, files: results)
    }

    static func parseOne(_ request: ParseRequest, reader: FrontMatterReader) -> ParsedFile {
        var bag = DiagnosticBag()
        let fields = reader.read(request.relativePath, mode: request.mode, into: &bag)
        return ParsedFile(fields: fields, diagnostics: bag.items)
    }
}

/// Fixed slots that concurrent iterations fill, each its own index, so no lock is needed:
/// distinct elements of one buffer never race.
extension ScannedDirectory {
    /// Every file the tree builder will read, with its mode. The root's `index.md` and its
    /// translations are the home page; every other index and leaf defines a context.
    func parseRequests(isRoot: Bool = true) -> [ParseRequest] {
        var requests: [ParseRequest] = []
        if let index { requests.append(ParseRequest(relativePath: index, mode: isRoot ? .home : .context)) }
        for path in indexTranslations.values where isRoot || index != nil {
            requests.append(ParseRequest(relativePath: path, mode: isRoot ? .home : .translation))
        }
        for leaf in leaves {
            requests.append(ParseRequest(relativePath: leaf.relativePath, mode: .context))
            for path in leaf.translations.values { requests.append(ParseRequest(relativePath: path, mode: .translation)) }
        }
        for directory in directories { requests += directory.parseRequests(isRoot: false) }
        return requests
    }
}
