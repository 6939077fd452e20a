import Foundation

/// A directory of the content tree, before any file is read.
struct ScannedDirectory: Sendable, Equatable {
    var relativePath: String
    var name: String
    /// `index.md`, if present (relative path).
    var index: String?
    var indexTranslations: [LocaleID: String]
    var leaves: [ScannedLeaf]
    var directories: [ScannedDirectory]
}

/// A leaf `.md` file and its translations.
struct ScannedLeaf: Sendable, Equatable {
    var relativePath: String
    /// The file name without `.md` (ordering prefix included).
    var name: String
    var translations: [LocaleID: String]
}

/// Walks content/ and sorts its files into contexts and translations by their names
/// (content-format.md §1), from one `ContentWalk` listing. Reads no file contents.
struct ContentScanner {
    let root: ContentRoot
    let locales: [LocaleID]
    let defaultLocale: LocaleID
    var diagnostics = DiagnosticBag()

    /// Directories nested deeper than this are not walked (Apple allows 7 below the app).
    static let walkLimit = 12

    /// - Parameter listing: the content as `build`'s up-to-date check listed it (with
    ///   hidden entries and stamps), instead of a walk of its own: the plain tree of a
    ///   listing with hidden entries is the one without them, since the walk enters links
    ///   before anything hidden (`ContentWalk.run`). The hidden entries are skipped here.
    mutating func scan(listing: consuming ContentWalk.Listing? = nil) -> ScannedDirectory {
        let listing = listing ?? ContentWalk(root: root.absolutePath(""), includeHidden: false, stamps: false).run()
        return scanDirectory("", depth: 0, listing: listing)
    }

    private mutating func scanDirectory(_ relativePath: String, depth: Int, listing: ContentWalk.Listing) -> ScannedDirectory {
        var directory = ScannedDirectory(relativePath: relativePath, name: (relativePath as NSString).lastPathComponent,
                                         index: nil, indexTranslations: [:], leaves: [], directories: [])
        var leafTranslations: [(base: String, locale: LocaleID, path: String)] = []
        let entries = (listing.directories[relativePath] ?? []).filter { !ContentWalk.isHidden($0.name) }
            .sorted(by: { $0.name < $1.name })
        var subdirectories = scanSubdirectories(of: relativePath, entries, depth: depth, listing: listing).makeIterator()
        for entry in entries {
            let path = Self.path(of: entry.name, in: relativePath)
            switch entry.kind {
            case .directory:
                if let (scanned, found) = subdirectories.next() {
                    directory.directories.append(scanned)
                    diagnostics.append(contentsOf: found.items)
                }
                continue
            case .outside(let isDirectory):
                guard isDirectory || entry.name.hasSuffix(".md") else { continue }
                let what = isDirectory ? "directory" : "file"
                diagnostics.error("path-outside-content", at: root.file(path).location(),
                                  "the \(what) '\(path)' is a link that leads outside the content directory; "
                                      + (what == "file" ? "copy the file into content/" : "move its files into content/"))
                continue
            case .repeated(let target):
                let place = target.isEmpty ? "the content directory itself" : "'\(target)'"
                diagnostics.warning("link-loop", at: root.file(path).location(),
                                    "'\(path)' is a link to \(place), which is already read there, so it is not read again; remove the link (or copy the files, if they are meant to appear twice)")
                continue
            case .hidden(let target, let isDirectory):
                guard isDirectory || entry.name.hasSuffix(".md") else { continue }
                diagnostics.error("link-hidden-file", at: root.file(path).location(),
                                  "'\(path)' is a link to '\(target)', which is hidden (its name or a folder's starts with a dot), so it is never read or published; move the file out of the hidden folder, or rename it without the dot")
                continue
            case .broken(isLoop: true):
                diagnostics.warning("link-loop", at: root.file(path).location(),
                                    "'\(path)' is a link that leads back to itself through other links, so it is not read; remove the link or point it at a file")
                continue
            case .file, .special, .broken:
                break
            }
            guard entry.name.hasSuffix(".md") else { continue }
            classify(String(entry.name.dropLast(3)), path: path, into: &directory, translations: &leafTranslations)
        }
        attach(leafTranslations, to: &directory)
        return directory
    }

    /// The directories among `entries` (sorted), each scanned with the diagnostics it found,
    /// in order; none at `walkLimit`. Those of the two top levels (books and their chapters)
    /// are scanned on every core: the scan was a quarter of a second on one core at 250,000
    /// versions, while the other stood idle.
    private func scanSubdirectories(of relativePath: String, _ entries: [ContentWalk.Entry], depth: Int,
                                    listing: ContentWalk.Listing) -> [(ScannedDirectory, DiagnosticBag)] {
        guard depth < Self.walkLimit else { return [] }
        let paths = entries.compactMap { entry -> String? in
            guard case .directory = entry.kind else { return nil }
            return Self.path(of: entry.name, in: relativePath)
        }
        let scanner = ContentScanner(root: root, locales: locales, defaultLocale: defaultLocale)
        let scan = { @Sendable (path: String) -> (ScannedDirectory, DiagnosticBag) in
            var own = scanner
            let scanned = own.scanDirectory(path, depth: depth + 1, listing: listing)
            return (scanned, own.diagnostics)
        }
        return depth < 2 ? ConcurrentMap.map(paths, scan) : paths.map(scan)
    }

    private static func path(of name: String, in directory: String) -> String {
        directory.isEmpty ? name : directory + "/" + name
    }

    private mutating func classify(_ stem: String, path: String, into directory: inout ScannedDirectory,
                                   translations: inout [(base: String, locale: LocaleID, path: String)]) {
        let (base, locale) = splitLocale(stem, path: path)
        if let locale {
            if locale == defaultLocale {
                diagnostics.error("translation-default-locale", at: root.file(path).location(),
                                  "'\(path)' is in the default locale \(defaultLocale); merge it into \(base).md and remove it")
            } else if base == "index" {
                directory.indexTranslations[locale] = path
            } else {
                translations.append((base, locale, path))
            }
        } else if stem == "index" {
            directory.index = path
        } else {
            directory.leaves.append(ScannedLeaf(relativePath: path, name: stem, translations: [:]))
        }
    }

    private mutating func attach(_ translations: [(base: String, locale: LocaleID, path: String)],
                                 to directory: inout ScannedDirectory) {
        for translation in translations {
            guard let index = directory.leaves.firstIndex(where: { $0.name == translation.base }) else {
                diagnostics.error("translation-orphan", at: root.file(translation.path).location(),
                                  "'\(translation.path)' translates '\(translation.base).md', which does not exist; rename it to match its original or remove it")
                continue
            }
            directory.leaves[index].translations[translation.locale] = translation.path
        }
        if directory.index == nil {
            for path in directory.indexTranslations.values.sorted() where !directory.relativePath.isEmpty {
                diagnostics.error("translation-orphan", at: root.file(path).location(),
                                  "'\(path)' translates an index.md that does not exist; add index.md")
            }
        }
    }

    /// `name.LOCALE` → (name, locale) when LOCALE is a listed locale; a suffix that only
    /// looks like a locale stays part of the name, with a warning.
    private mutating func splitLocale(_ stem: String, path: String) -> (String, LocaleID?) {
        guard let dot = stem.lastIndex(of: "."), dot != stem.startIndex else { return (stem, nil) }
        let base = String(stem[..<dot]), suffix = String(stem[stem.index(after: dot)...])
        if let locale = LocaleID(normalizing: suffix), locales.contains(locale) { return (base, locale) }
        if Self.looksLikeLocale(suffix) {
            diagnostics.warning("locale-not-listed", at: root.file(path).location(),
                                "'\(suffix)' looks like a locale but is not listed in catalog.yml, so '\(stem)' is read as its own context; add the locale to catalog.yml or rename the file")
        }
        return (stem, nil)
    }

    /// `fr`, `fr-fr`, `pt_BR`, `zh-hans`: a two-letter language, optionally with subtags.
    static func looksLikeLocale(_ text: String) -> Bool {
        let parts = text.replacingOccurrences(of: "_", with: "-").split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, language.count == 2, language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { (2...4).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isLetter || $0.isNumber } }
    }
}
