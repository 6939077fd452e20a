import Foundation
@testable import Catalog

/// Builds catalogs in memory: an app context, `sections` sections with `leaves` leaves
/// each, every one in every locale, parents first as `build` writes them.
enum TestCatalog {
    static let bundle = "com.example.sciencebooks"

    static func context(_ path: [String], _ locale: String, title: String? = nil, thumbnail: String? = nil) -> ContextItem {
        let data = JSON.fields([
            "identifierPath": .strings(path), "title": .string(title ?? path.last ?? ""),
            "type": .string(path.count == 1 ? "app" : "quiz"), "thumbnailId": thumbnail.map(JSON.string),
        ])
        let body = JSON.fields(["data": data, "metadata": .fields(["locale": .string(locale)])]).serialized()
        return ContextItem(key: ContextKey(identifierPath: path, locale: locale), thumbnailId: thumbnail, body: body)
    }

    static func paths(sections: Int, leaves: Int) -> [[String]] {
        var paths = [[bundle]]
        for section in 0..<sections {
            let parent = [bundle, "section-\(section)"]
            paths.append(parent)
            paths += (0..<leaves).map { parent + ["leaf-\($0)"] }
        }
        return paths
    }

    static func make(sections: Int, leaves: Int, locales: [String] = ["en-us", "es-us"],
                     thumbnails: [ThumbnailItem] = []) -> UploadCatalog {
        let contexts = paths(sections: sections, leaves: leaves).flatMap { path in
            locales.map { context(path, $0) }
        }
        return UploadCatalog(bundleIdentifier: bundle, contexts: contexts, thumbnails: thumbnails)
    }

    static func thumbnail(_ id: String, sha: String = "0") -> ThumbnailItem {
        ThumbnailItem(thumbnailId: id, file: URL(fileURLWithPath: "/nonexistent/\(id)"), contentType: "image/png", sha256: sha)
    }

    /// A new directory for one test's files (state files, throwaway signing keys), inside
    /// one directory per test process that is removed when the process exits.
    static func temporaryDirectory() throws -> URL {
        let url = uploadTestsRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static var fixture: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/upload/basic")
    }
}

/// Where `TestCatalog.temporaryDirectory` makes its directories; removed at exit.
private let uploadTestsRoot: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("upload-tests-\(UUID().uuidString)")
    atexit { try? FileManager.default.removeItem(at: uploadTestsRoot) }
    return url
}()
