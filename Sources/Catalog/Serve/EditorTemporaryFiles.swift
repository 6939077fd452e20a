/// The files editors and safe-save routines make beside the file being edited, for a
/// moment or for the length of a session: a change only to these does not rebuild under
/// `serve` (as Hugo's, Zola's and webpack's watchers leave them out). None of them is a
/// page (pages end in `.md`) or `catalog.yml`, so the build never reads one unless a
/// thumbnail or the site's settings name it, which nobody does with a backup's name.
enum EditorTemporaryFiles {
    /// Whether the last component of `path` (a path relative to the content, or a name)
    /// is an editor's temporary or backup file.
    static func matches(_ path: Substring) -> Bool {
        let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path
        guard let first = name.first, let last = name.last else { return false }
        if exactNames.contains(name) { return true }
        if first == "#", last == "#", name.count > 1 { return true }  // Emacs' auto-save
        if last == "~" { return true }  // backups of Emacs, Vim, gedit, Kate and others
        if prefixes.contains(where: { name.hasPrefix($0) }) { return true }
        return suffixes.contains { name.hasSuffix($0) }
    }

    static func matches(_ path: String) -> Bool { matches(path[...]) }

    /// `4913`: the file Vim makes and removes at once to test that it may write the folder.
    private static let exactNames: Set<Substring> = ["4913", ".DS_Store"]

    private static let prefixes = [
        ".#",  // Emacs' lock, a symbolic link to nowhere
        ".goutputstream-",  // GNOME's (gedit's) safe save
        ".dat.nosync",  // Foundation's atomic write, on Linux and macOS
        "._",  // macOS' resource forks on volumes that lack them
        ".~lock.",  // LibreOffice's lock
    ]

    private static let suffixes = [
        ".swp", ".swo", ".swx",  // Vim's (and nano's) swap files
        ".kate-swp",  // Kate's
        ".crswap",  // VS Code's safe save
        "___jb_tmp___", "___jb_old___",  // JetBrains' safe save
        ".tmp",
    ]
}
