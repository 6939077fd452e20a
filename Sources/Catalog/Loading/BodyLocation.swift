/// How a body is kept when it stays in its file (`MarkdownBody(streamed:)`).
enum BodyStorage: Hashable, Sendable {
    case text(String)
    case file(BodyLocation)
}

/// Where a body is in its file: the file's decoded text is `fileBytes` long and the body
/// is its suffix from `bodyStart` (the front matter comes first). Reading it again checks
/// both, so a file edited while the build runs is an error, never a page that mixes the
/// old front matter with the new body.
struct BodyLocation: Hashable, Sendable {
    /// The content directory's absolute path: one string shared by every body.
    var rootPath: String
    var noFollow: Bool
    var fileBytes: Int
    var bodyStart: Int

    var byteCount: Int { fileBytes - bodyStart }

    func read(_ source: SourceFile) throws(BodyChanged) -> String {
        guard case .success(let text) = SourceText.read(path: rootPath + "/" + source.relativePath, noFollow: noFollow),
              text.utf8.count == fileBytes else { throw BodyChanged(file: source.displayPath) }
        let (parts, bodyBytes) = FrontMatter.split(text, copyingBody: true)
        guard bodyBytes == byteCount else { throw BodyChanged(file: source.displayPath) }
        return parts.body
    }
}

/// A body's file changed (or went) between loading and rendering it.
public struct BodyChanged: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String

    public var description: String {
        "\(file) changed while the build was reading it; build again once the content is saved"
    }
}
