import Foundation

/// `catalog-build init`: a small catalog that validates and builds with no diagnostic at
/// all, to start from. `content/` holds the app (catalog.yml and a home page), one book
/// with a cover, a chapter, a section and a quiz in assessment mode, and a translation
/// of every file in each locale but the default; `.gitignore` leaves out the output and
/// the cache.
public struct Scaffold: Sendable {
    /// The first is the default locale.
    public var locales: [LocaleID]
    public var bundleIdentifier: String
    public var title: String

    public init(locales: [LocaleID], bundleIdentifier: String = "com.example.catalog", title: String = "My Catalog") {
        self.locales = locales
        self.bundleIdentifier = bundleIdentifier
        self.title = title
    }

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notEmpty(String)
        case cannotWrite(String, String)

        public var description: String {
            switch self {
            case .notEmpty(let path):
                return "\(path) is not empty; init writes only into a new or empty directory, so choose another one"
            case .cannotWrite(let path, let reason):
                return "cannot write \(path): \(reason)"
            }
        }
    }

    /// Every file to write, relative to the new catalog's directory, in a fixed order.
    public func files() throws -> [(path: String, data: Data)] {
        var files: [(String, Data)] = [(".gitignore", Data(ScaffoldText.gitignore.utf8)),
                                       ("content/catalog.yml", Data(catalogYAML.utf8))]
        for page in ScaffoldText.pages {
            files.append(("content/" + page.path + ".md", Data(page.text(nil).utf8)))
            for locale in locales.dropFirst() {
                files.append(("content/" + page.path + "." + locale.rawValue + ".md", Data(page.text(locale).utf8)))
            }
        }
        files.append(("content/my-first-book/cover.png", try ScaffoldImage.cover()))
        return files
    }

    /// Writes the catalog into `directory`, which must be missing or empty.
    public func write(into directory: URL) throws(Problem) {
        let manager = FileManager.default
        if let entries = try? manager.contentsOfDirectory(atPath: directory.path), !entries.isEmpty {
            throw .notEmpty(directory.path)
        }
        do {
            for (path, data) in try files() {
                let url = directory.appendingPathComponent(path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url, options: .withoutOverwriting)
            }
        } catch {
            throw .cannotWrite(directory.path, "\(error)")
        }
    }

    private var catalogYAML: String {
        """
        # The app: its bundle identifier starts every context's identifier path.
        bundleIdentifier: \(bundleIdentifier)
        title: \(ScaffoldText.yamlString(title))
        defaultLocale: \(locales[0].rawValue)
        locales: [\(locales.map(\.rawValue).joined(separator: ", "))]
        topic: science

        """
    }
}
