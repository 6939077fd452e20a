import Foundation

/// Whether link targets exist, for one run of the body checks: each target is looked up
/// once however many bodies link to it, and the content root is resolved once. A target
/// whose every component is a real file or directory (no symbolic link) needs only an
/// `lstat` per component, the directories remembered; anything else takes
/// `LinkPaths.exists`, which follows symbolic links to see that they stay inside.
final class LinkTargets: Sendable {
    let contentRoot: URL
    private let rootPath: String
    private let resolvedRoot: String
    private let answers = Locked<[String: Bool]>([:])
    private let plainDirectories = Locked<Set<Substring>>([])
    private let kinds = Locked<[String: String?]>([:])
    /// Paths known to hold no symbolic link (`lstat` saw each component): their target is
    /// the path itself.
    private let plainPaths = Locked<Set<String>>([])
    private let privateKeys = Locked<[String: Bool]>([:])
    private let svgFilesReported = Locked<Set<String>>([])
    private let otherPageLinks = Locked<[OtherPageLink]>([])
    private let reportsSVGFiles: Bool

    /// - Parameter reportsSVGFiles: false for a long-lived build (`serve`), which keeps each
    ///   body's diagnostics and reports the SVG files its bodies link (`linkedSVGFiles`) on
    ///   its own, as they are at every build.
    init(contentRoot: URL, reportsSVGFiles: Bool = true) {
        self.contentRoot = contentRoot
        self.reportsSVGFiles = reportsSVGFiles
        rootPath = contentRoot.path
        resolvedRoot = LinkPaths.resolvedRoot(contentRoot)
    }

    /// A relative link with a `#fragment` to a file that exists (`book/quiz.md#setup`), as
    /// the body checks find them, for `OtherPageAnchors`: whether the page it leads to has
    /// that id is known once every body is read.
    struct OtherPageLink: Sendable, Equatable {
        /// The file the link is written in, content-relative.
        var source: String
        /// The file or folder it names, content-relative (`LinkPaths.resolve`).
        var target: String
        var url: String
        var fragment: String
        var location: SourceLocation
    }

    func noteOtherPageLink(_ link: OtherPageLink) {
        otherPageLinks.withLock { $0.append(link) }
    }

    /// The links noted so far, in the order of their files and positions (bodies are
    /// checked on every core, in any order).
    var linksIntoOtherPages: [OtherPageLink] {
        otherPageLinks.withLock { $0 }.sorted {
            ($0.source, $0.location.line, $0.location.column) < ($1.source, $1.location.line, $1.location.column)
        }
    }

    /// `LinkPaths.exists(relativePath, in: contentRoot)`, remembered.
    /// A plain path's `lstat` also answers `specialKind` (without a link, `stat` sees what
    /// `lstat` saw), which is then not asked of the file system again.
    func exists(_ relativePath: String) -> Bool {
        if let answer = answers.withLock({ $0[relativePath] }) { return answer }
        let plainMode = plainFileMode(relativePath)
        let answer = plainMode != nil || LinkPaths.exists(relativePath, in: contentRoot, resolvedRoot: resolvedRoot)
        answers.withLock { $0[relativePath] = answer }
        if let plainMode {
            kinds.withLock { $0[relativePath] = .some(Self.kind(plainMode)) }
            plainPaths.withLock { _ = $0.insert(relativePath) }
        }
        return answer
    }

    /// `PublishPolicy.holdsPrivateKey` of an existing regular file, remembered.
    func holdsPrivateKey(_ relativePath: String) -> Bool {
        if let known = privateKeys.withLock({ $0[relativePath] }) { return known }
        let answer = PublishPolicy.holdsPrivateKey(rootPath + "/" + relativePath)
        privateKeys.withLock { $0[relativePath] = answer }
        return answer
    }

    /// `LinkPaths.hiddenTarget` of an existing target: where a symbolic link on its way
    /// leads, when that is hidden. A path without links (most) is not looked at again.
    func hiddenTarget(_ relativePath: String) -> String? {
        if plainPaths.withLock({ $0.contains(relativePath) }) { return nil }
        return LinkPaths.hiddenTarget(relativePath, in: contentRoot, resolvedRoot: resolvedRoot)
    }

    /// What an existing target is when it is neither a regular file nor a directory (a
    /// FIFO, socket or device, links followed), remembered; nil for ordinary targets.
    func specialKind(_ relativePath: String) -> String? {
        if let known = kinds.withLock({ $0[relativePath] }) { return known }
        var info = stat()
        let mode = stat(rootPath + "/" + relativePath, &info) == 0 ? info.st_mode & S_IFMT : S_IFREG
        let kind = Self.kind(mode)
        kinds.withLock { $0[relativePath] = .some(kind) }
        return kind
    }

    /// The diagnostics of a linked SVG file (`SVGSanitizer`), the first time a body links
    /// to it in this run; none after, so that each is reported once, at its place in the SVG.
    func svgDiagnostics(_ relativePath: String, shownAs file: SourceFile) -> [Diagnostic] {
        guard svgFilesReported.withLock({ $0.insert(relativePath).inserted }), reportsSVGFiles else { return [] }
        return SVGSanitizer.diagnostics(ofFileAt: rootPath + "/" + relativePath, shownAs: file.displayPath)
    }

    /// The SVG files that bodies checked with these targets link to, sorted.
    var linkedSVGFiles: [String] { svgFilesReported.withLock { $0.sorted() } }

    private static func kind(_ mode: mode_t) -> String? {
        mode == S_IFREG || mode == S_IFDIR ? nil : ContentFile.describe(mode)
    }

    /// The file type bits of the last component when every component of the path exists
    /// and none is a symbolic link: then the path with links followed is the path itself,
    /// inside the root. Nil means "ask `LinkPaths.exists`", not "missing".
    private func plainFileMode(_ relativePath: String) -> mode_t? {
        // ASCII has no grapheme joining a "/" to the next byte, so its components split by
        // bytes are the components split by characters, without grapheme breaking.
        let components: [Substring]
        if relativePath.utf8.allSatisfy({ $0 < 0x80 }) {
            components = Self.asciiComponents(relativePath)
        } else {
            components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        }
        guard !relativePath.isEmpty, !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            return nil
        }
        var end = relativePath.startIndex
        for (number, component) in components.enumerated() {
            end = component.endIndex
            let prefix = relativePath[..<end]
            let isLast = number == components.count - 1
            if !isLast, plainDirectories.withLock({ $0.contains(prefix) }) { continue }
            guard let mode = Self.linkMode(rootPath + "/" + prefix), mode != S_IFLNK else { return nil }
            if isLast { return mode }
            guard mode == S_IFDIR else { return nil }
            plainDirectories.withLock { _ = $0.insert(prefix) }
        }
        return nil
    }

    /// `path.split(separator: "/", omittingEmptySubsequences: false)` of an ASCII path.
    private static func asciiComponents(_ path: String) -> [Substring] {
        var components: [Substring] = []
        var start = path.startIndex
        let bytes = path.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                components.append(path[start..<index])
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        components.append(path[start...])
        return components
    }

    /// The file type bits of `lstat`, nil when it fails.
    private static func linkMode(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }
}
