import Foundation

/// Reads `OUTPUT/catalog/manifest.json` and the request files it names
/// (content-format.md §6) into an `UploadCatalog`.
public enum ManifestLoader {
    public static func load(outputDirectory: URL) throws -> UploadCatalog {
        let catalogDirectory = outputDirectory.appendingPathComponent("catalog")
        let manifestFile = catalogDirectory.appendingPathComponent("manifest.json")
        let manifest = try parse(manifestFile)
        guard let bundle = manifest["bundleIdentifier"]?.stringValue else {
            throw UploadError.badInput(manifestFile.path, "it has no bundleIdentifier")
        }
        let requestNames = try strings(manifest["contextRequests"], file: manifestFile, field: "contextRequests")
        var contexts: [ContextItem] = []
        for name in requestNames {
            let file = catalogDirectory.appendingPathComponent(name)
            contexts += try contextItems(in: try parse(file), file: file)
        }
        try checkOrder(contexts, file: manifestFile)
        // A count that disagrees means a request file is missing or from another build.
        if let expected = manifest["contextCount"]?.intValue, expected != contexts.count {
            throw UploadError.badInput(manifestFile.path, "contextCount is \(expected) but the requests hold \(contexts.count) contexts; run `catalog-build build` again")
        }
        let thumbnails = try (manifest["thumbnails"]?.arrayValue ?? []).map {
            try thumbnail($0, catalogDirectory: catalogDirectory, manifestFile: manifestFile)
        }
        return UploadCatalog(bundleIdentifier: bundle, contexts: contexts, thumbnails: thumbnails)
    }

    private static func parse(_ file: URL) throws -> JSON {
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            throw UploadError.badInput(file.path, "it cannot be read; run `catalog-build build` first")
        }
        do { return try JSONReader.parse(data) } catch {
            throw UploadError.badInput(file.path, "\(error)")
        }
    }

    private static func strings(_ value: JSON?, file: URL, field: String) throws -> [String] {
        guard let items = value?.arrayValue else { throw UploadError.badInput(file.path, "\(field) is not an array") }
        return try items.map {
            guard let text = $0.stringValue else { throw UploadError.badInput(file.path, "\(field) holds a non-string") }
            return text
        }
    }

    static func contextItems(in request: JSON, file: URL) throws -> [ContextItem] {
        guard let entries = request["contexts"]?.arrayValue else {
            throw UploadError.badInput(file.path, "it has no contexts array")
        }
        return try entries.map { entry in
            let data = entry["data"]
            let path = try strings(data?["identifierPath"], file: file, field: "data.identifierPath")
            guard let locale = entry["metadata"]?["locale"]?.stringValue, !path.isEmpty else {
                throw UploadError.badInput(file.path, "a context lacks identifierPath or metadata.locale")
            }
            let key = ContextKey(identifierPath: path, locale: locale)
            return ContextItem(key: key, thumbnailId: data?["thumbnailId"]?.stringValue, body: entry.serialized())
        }
    }

    /// The plan batches contexts in catalog order, which keeps parents first only if
    /// the catalog does: check both that and that no version appears twice.
    static func checkOrder(_ contexts: [ContextItem], file: URL) throws {
        var seen = Set<ContextKey>()
        var paths = Set<[String]>()
        for item in contexts {
            guard seen.insert(item.key).inserted else {
                throw UploadError.badInput(file.path, "context \(item.key) appears twice")
            }
            if let parent = item.key.parent, !paths.contains(parent.identifierPath) {
                throw UploadError.badInput(file.path, "context \(item.key) comes before its parent; run `catalog-build build` again")
            }
            paths.insert(item.key.identifierPath)
        }
    }

    private static func thumbnail(_ entry: JSON, catalogDirectory: URL, manifestFile: URL) throws -> ThumbnailItem {
        guard let id = entry["thumbnailId"]?.stringValue, let path = entry["path"]?.stringValue else {
            throw UploadError.badInput(manifestFile.path, "a thumbnail lacks thumbnailId or path")
        }
        let file = catalogDirectory.appendingPathComponent(path).standardizedFileURL
        guard let bytes = try? Data(contentsOf: file) else {
            throw UploadError.badInput(file.path, "thumbnail \(id) cannot be read")
        }
        if let size = entry["bytes"]?.intValue, size != bytes.count {
            throw UploadError.badInput(file.path, "thumbnail \(id) has \(bytes.count) bytes, the manifest says \(size)")
        }
        let type = entry["contentType"]?.stringValue ?? (id.hasSuffix(".png") ? "image/png" : "image/jpeg")
        return ThumbnailItem(thumbnailId: id, file: file, contentType: type, sha256: Digest.hex(bytes))
    }
}
