/// The page a broken relative link means when it was written as the page's address on a
/// site rather than as its file: what authors moving from Hugo, Jekyll or a wiki write.
/// Their "pretty" addresses put a page one folder deeper than its file (`lang/typescript.md`
/// is served at `lang/typescript/`), so `../javascript/` there is the file
/// `lang/javascript.md`; `intro/`, `intro.html` and `intro/index.html` are `intro.md` or
/// `intro/index.md`.
enum PageAddressLink {
    /// The content-relative `.md` file that `path` (a link's path, already found broken)
    /// leads to when read as an address, or nil when no such file exists.
    static func page(for path: String, from source: String, exists: (String) -> Bool) -> String? {
        for folder in addressFolders(of: source) {
            guard let resolved = ContentRoot.lexicallyResolve(path, from: folder + "-"), !resolved.isEmpty else { continue }
            let stem = addressStem(resolved)
            for candidate in [stem + ".md", stem + "/index.md"] where exists(candidate) {
                return candidate
            }
        }
        return nil
    }

    /// The content-relative file that `path` (written without `./` or `../`, already found
    /// broken from its file's folder) names from content/'s top, as Docusaurus reads such a
    /// link when no file is beside the page (`api/Store.md` in a tutorial's folder, Redux's
    /// docs); nil when it names nothing there either, or the page is at the top.
    static func fromContentTop(_ path: String, from source: String, exists: (String) -> Bool) -> String? {
        guard source.contains("/"), !path.hasPrefix("."), !path.hasPrefix("/"),
              let resolved = ContentRoot.lexicallyResolve(path, from: "-"), !resolved.isEmpty, exists(resolved) else { return nil }
        return resolved
    }

    /// `target` (content-relative) as a link written in `source` (content-relative) reaches it.
    static func relative(_ target: String, from source: String) -> String {
        let from = source.split(separator: "/").dropLast()
        let to = target.split(separator: "/")
        let shared = zip(from, to).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - shared) + to.dropFirst(shared).map(String.init))
            .joined(separator: "/")
    }

    /// The folders (each ending in `/`, the root empty) that a link in `source` is read
    /// against: its file's own folder, then the folder its address is on a site with pretty
    /// addresses (`a/b.md` and its translation `a/b.es.md` at `a/b/`).
    private static func addressFolders(of source: String) -> [String] {
        let slash = source.lastIndex(of: "/")
        let folder = slash.map { String(source[...$0]) } ?? ""
        let name = String(source[(slash.map { source.index(after: $0) } ?? source.startIndex)...])
        guard name.hasSuffix(".md") else { return [folder] }
        let stem = String(name.dropLast(3))
        guard stem != "index", !stem.hasPrefix("index.") else { return [folder] }
        var folders = [folder, folder + stem + "/"]
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex {
            folders.append(folder + stem[..<dot] + "/")
        }
        return folders
    }

    /// A resolved address without what a site adds to a page's file: a last `/`,
    /// `index.html`, `.html` or `.htm`.
    private static func addressStem(_ resolved: String) -> String {
        var stem = Substring(resolved)
        while stem.hasSuffix("/") { stem = stem.dropLast() }
        for suffix in ["/index.html", "/index.htm", ".html", ".htm"] where stem.lowercased().hasSuffix(suffix) {
            return String(stem.dropLast(suffix.count))
        }
        return String(stem)
    }
}
