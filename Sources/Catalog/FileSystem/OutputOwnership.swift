import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whose folder the output is. A build replaces its output whole, so it replaces only a
/// folder that it made (as Zola does): one that is missing or empty, one that carries the
/// marker an earlier build wrote, or one that an earlier version of catalog-build wrote
/// before there was a marker (`catalog/manifest.json` and `index.html` as the build writes
/// them; accepted once, since the build that replaces it adds the marker). Anything else is
/// the user's, and replacing it needs `--force`.
public enum OutputOwnership {
    /// The marker's name in the output root. A dot-file: no page, no sitemap entry, and
    /// static hosts such as GitHub Pages do not publish it.
    public static let markerName = ".catalog-build"
    /// Its bytes: fixed, so that two builds of the same content stay byte-identical.
    public static let markerText = "This folder is made by catalog-build, which replaces it whole on every build.\n"

    /// Why the build may not replace `output`, or nil when it may. `displayPath` is the
    /// output as the user wrote it.
    public static func problem(output: URL, displayPath: String) -> String? {
        let path = output.standardizedFileURL.path
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }  // missing: made by the build
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return "the output \(displayPath) exists and is not a folder; remove it or choose another --output"
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            return "the output \(displayPath) cannot be read; check its permissions or choose another --output"
        }
        if names.isEmpty || isRegularFile(path + "/" + markerName) || isEarlierBuild(path) { return nil }
        return "the output \(displayPath) holds files that catalog-build did not make (it has no \(markerName) marker), and a build replaces the output whole; choose another --output, or pass --force to replace it anyway"
    }

    /// An output of a version before the marker: the manifest and the home page the build writes.
    static func isEarlierBuild(_ path: String) -> Bool {
        guard isRegularFile(path + "/index.html"), isRegularFile(path + "/catalog/manifest.json"),
              let handle = FileHandle(forReadingAtPath: path + "/catalog/manifest.json") else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
        return head.hasPrefix("{") && head.contains("\"bundleIdentifier\"") && head.contains("\"contextRequests\"")
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
