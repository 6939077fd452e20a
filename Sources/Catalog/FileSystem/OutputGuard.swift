import Foundation

/// Refuses output directories whose replacement would lose the author's files: the
/// content directory itself, one of its ancestors, or the current directory.
public enum OutputGuard {
    public static func problem(output: URL, content: ContentRoot, currentDirectory: String) -> String? {
        let out = output.standardizedFileURL.resolvingSymlinksInPath().path
        let contentPath = content.url.path
        let cwd = URL(fileURLWithPath: currentDirectory).standardizedFileURL.resolvingSymlinksInPath().path
        if out == contentPath || contentPath.hasPrefix(out + "/") || out == "/" {
            return "the output \(output.path) would replace the content directory; choose another --output, such as site"
        }
        if out == cwd || cwd.hasPrefix(out + "/") {
            return "the output \(output.path) is the current directory or contains it; choose a subdirectory, such as site"
        }
        if out.hasPrefix(contentPath + "/") {
            return "the output \(output.path) is inside the content directory, where it would be read as content; choose a directory outside it"
        }
        return nil
    }
}
