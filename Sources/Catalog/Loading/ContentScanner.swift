import Foundation

/// A directory of the content tree, before any file is read.
struct ScannedDirectory: Sendable {
    var relativePath: String
    var name: String
    /// `index.md`, if present (relative path).
    var index: String?
    var indexTranslations: [LocaleID: String]
    var leaves: [ScannedLeaf]
    var directories: [ScannedDirectory]
}

/// A leaf `.md` file and its translations.
struct ScannedLeaf: Sendable {
    var relativePath: String
    /// The file name without `.md` (ordering prefix included).
    var name: String
    var translations: [LocaleID: String]
}

/// Walks content/ and sorts its files into contexts and translations by their names
/// (content-format.md §1). Reads no file contents.
struct ContentScanner {
    let root: ContentRoot
    let locales: [LocaleID]
    let defaultLocale: LocaleID
    var diagnostics = DiagnosticBag()

    /// Directories nested deeper than this are not walked (Apple allows 7 below the app).
    static let walkLimit = 12

    mutating func scan() -> ScannedDirectory {
        scanDirectory("", depth: 0)
    }

    private mutating func scanDirectory(_ relativePath: String, depth: Int) -> ScannedDirectory {
        var directory = ScannedDirectory(relativePath: relativePath, name: (relativePath as NSString).lastPathComponent,
                                         index: nil, indexTranslations: [:], leaves: [], directories: [])
        var leafTranslations: [(base: String, locale: LocaleID, path: String)] = []
        let entries = entries(of: relativePath)
        var scannedAhead = depth == 0 ? scanConcurrently(plainDirectories(entries, in: relativePath), depth: 1) : [:]
        for (entry, kind) in entries {
            let path = relativePath.isEmpty ? entry : relativePath + "/" + entry
            // Only a symbolic link can lead outside: a plain entry of a directory that is
            // inside stays inside, so it needs no (costly) path resolution.
            let isLink = kind != .file && kind != .directory
            if kind == .directory || isLink && isDirectory(path) {
                guard !isLink || root.staysInside(path) else {
                    diagnostics.error("path-outside-content", at: root.file(path).location(),
                                      "the directory '\(path)' is a link that leads outside the content directory; move its files into content/")
                    continue
                }
                if let scanned = scannedAhead.removeValue(forKey: path) {
                    diagnostics.append(contentsOf: scanned.diagnostics)
                    directory.directories.append(scanned.directory)
                } else if depth < Self.walkLimit {
                    directory.directories.append(scanDirectory(path, depth: depth + 1))
                }
                continue
            }
            guard entry.hasSuffix(".md") else { continue }
            guard !isLink || root.staysInside(path) else {
                diagnostics.error("path-outside-content", at: root.file(path).location(),
                                  "the file '\(path)' is a link that leads outside the content directory; copy the file into content/")
                continue
            }
            classify(String(entry.dropLast(3)), path: path, into: &directory, translations: &leafTranslations)
        }
        attach(leafTranslations, to: &directory)
        return directory
    }

    /// The subdirectories that are not links (which need no check before they are walked).
    private func plainDirectories(_ entries: [(String, EntryKind)], in relativePath: String) -> [String] {
        entries.filter { $0.1 == .directory }.map { relativePath.isEmpty ? $0.0 : relativePath + "/" + $0.0 }
    }

    /// Walks each of `paths` (the books) on every core, each with its own diagnostics, which
    /// `scanDirectory` then takes in the order it meets the directories, as if it had
    /// walked them itself.
    private func scanConcurrently(_ paths: [String], depth: Int) -> [String: (directory: ScannedDirectory, diagnostics: [Diagnostic])] {
        guard paths.count > 1 else { return [:] }
        var fresh = self
        fresh.diagnostics = DiagnosticBag()
        let scanner = fresh
        let results = ConcurrentMap.map(paths) { path in
            var own = scanner
            let directory = own.scanDirectory(path, depth: depth)
            return (directory, own.diagnostics.items)
        }
        var byPath: [String: (directory: ScannedDirectory, diagnostics: [Diagnostic])] = [:]
        for (path, result) in zip(paths, results) { byPath[path] = result }
        return byPath
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

    enum EntryKind { case file, directory, other }

    /// The visible entries of a directory, sorted by name, with their kinds from readdir
    /// (no stat per entry; `.other` for links and file systems that do not say).
    private func entries(of relativePath: String) -> [(String, EntryKind)] {
        guard let stream = opendir(root.absolutePath(relativePath)) else { return [] }
        defer { closedir(stream) }
        var names: [(String, EntryKind)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard !name.hasPrefix("."), !name.hasPrefix("_") else { continue }
            let type = Int32(entry.pointee.d_type)
            names.append((name, type == DT_DIR ? .directory : type == DT_REG ? .file : .other))
        }
        return names.sorted { $0.0 < $1.0 }
    }

    private func isDirectory(_ relativePath: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.absoluteURL(relativePath).path, isDirectory: &flag) && flag.boolValue
    }
}
