import Foundation

/// How a body is kept when it stays in its file (`MarkdownBody(streamed:)`).
enum BodyStorage: Hashable, Sendable {
    case text(String)
    case file(BodyLocation)
}

/// Where a body is in its file: the file's decoded text is `fileBytes` long and the body
/// is its suffix from `bodyStart` (the front matter comes first). Reading it again checks
/// both, so a file edited while the build runs is an error, never a page that mixes the
/// old front matter with the new body; and it checks that the file opened is the one
/// loaded (`identity`: device, inode, size, taken from the open descriptor that is then
/// read), so a body swapped for a symbolic link to a file elsewhere, even one with the
/// same bytes, is an error too and nothing of that file is read.
///
/// `serve` also keeps each body's `digest`: two loads of a file with the same identity and
/// sizes may still hold different text (an edit in place that keeps the length), and its
/// memos compare bodies to know what an edit changed.
struct BodyLocation: Hashable, Sendable {
    /// The content directory's absolute path: one string shared by every body.
    var rootPath: String
    var noFollow: Bool
    /// The file loading read; nil only for text that came from no file (tests, fuzzing).
    var identity: ContentFile.Identity?
    var fileBytes: Int
    var bodyStart: Int
    /// The body's `BodyDigest`, when the loader took one (`serve`); reading checks it.
    var digest: BodyDigest? = nil

    var byteCount: Int { fileBytes - bodyStart }

    func read(_ source: SourceFile) throws(BodyChanged) -> String {
        try read(source, hashingFrontMatter: nil).body
    }

    /// The body, and with `hashingFrontMatter` what its front matter was when it was read
    /// (for `BodyStateRecorder`: the bytes are at hand here, so they are not read again).
    /// The hash is the caller's (the build state's, which loading does not depend on).
    func read(_ source: SourceFile, hashingFrontMatter hash: ((Data) -> String)?) throws(BodyChanged)
        -> (body: String, frontMatter: ReadFrontMatter?) {
        let path = rootPath + "/" + source.relativePath
        let changed = BodyChanged(file: source.displayPath)
        guard case .success(let opened) = ContentFile.open(path, limit: SourceText.maximumBytes, noFollow: noFollow)
        else { throw changed }
        defer { close(opened.descriptor) }
        if let identity, identity != opened.identity {
            throw BodyChanged(file: source.displayPath, replacedByLink: Self.isLink(path))
        }
        guard case .success(let data) = ContentFile.readAll(opened), case .success(let text) = SourceText.decode(data),
              text.utf8.count == fileBytes else { throw changed }
        let (parts, bodyBytes) = FrontMatter.split(text, copyingBody: true)
        guard bodyBytes == byteCount, digest.map({ $0 == BodyDigest(parts.body) }) ?? true else { throw changed }
        guard let hash else { return (parts.body, nil) }
        return (parts.body, ReadFrontMatter(text, bytes: bodyStart, descriptor: opened.descriptor, hash: hash))
    }

    private static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }
}

/// A streamed body's front matter as the site stage read it with the body: its length in
/// UTF-8 bytes, their hash, and the file's stamp once read (`fstat` of the descriptor read,
/// so that a build can tell whether the file is still the one it stamped as it started).
struct ReadFrontMatter: Sendable, Equatable {
    var bytes: Int
    var hash: String
    var stamp: FileStamp?
}

extension ReadFrontMatter {
    /// In an extension, so that the memberwise initializer is kept.
    init(_ text: String, bytes: Int, descriptor: Int32, hash: (Data) -> String) {
        var info = stat()
        self.init(bytes: bytes, hash: hash(Data(text.utf8.prefix(bytes))),
                  stamp: fstat(descriptor, &info) == 0 ? FileStamp(info) : nil)
    }
}

/// A hash of a body's text, to tell an edited body from the one loaded without keeping its
/// text. Swift's `Hasher` (SipHash, seeded at random for each process): digests are compared
/// only within the process that made them, and a text made to collide with another cannot
/// be written without the seed.
struct BodyDigest: Hashable, Sendable {
    private var value: Int

    init(_ text: String) {
        var text = text
        var hasher = Hasher()
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        value = hasher.finalize()
    }
}

/// A body's file changed (or went, or another file took its place) between loading and
/// rendering it.
public struct BodyChanged: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// A symbolic link took the loaded file's place (it may lead out of the content).
    public var replacedByLink: Bool

    public init(file: String, replacedByLink: Bool = false) {
        self.file = file
        self.replacedByLink = replacedByLink
    }

    public var description: String {
        replacedByLink
            ? "\(file) was replaced by a symbolic link while the build was reading it, and nothing was read "
                + "through the link; build again once the content is saved"
            : "\(file) changed while the build was reading it; build again once the content is saved"
    }
}
