import Foundation

/// Refuses output directories whose replacement would lose the author's files: the
/// content directory itself, one of its ancestors, or the current directory.
public enum OutputGuard {
    /// - Parameter displayPath: the output as the user wrote it (its absolute path when nil).
    public static func problem(output: URL, content: ContentRoot, currentDirectory: String, displayPath: String? = nil) -> String? {
        let out = output.standardizedFileURL.resolvingSymlinksInPath().path
        let contentPath = content.url.path
        let cwd = URL(fileURLWithPath: currentDirectory).standardizedFileURL.resolvingSymlinksInPath().path
        let shown = displayPath ?? output.path
        if out == contentPath || contentPath.hasPrefix(out + "/") || out == "/" {
            return "the output \(shown) would replace the content folder; choose another --output, such as site"
        }
        if out == cwd || cwd.hasPrefix(out + "/") {
            return "the output \(shown) is the current folder or contains it; choose a folder inside it, such as site"
        }
        if out.hasPrefix(contentPath + "/") {
            return "the output \(shown) is inside the content folder, where it would be read as content; choose a folder outside it"
        }
        return nil
    }
}
