import Foundation

/// Reads `OUTPUT/catalog/manifest.json` and the request files it names
/// (content-format.md §6) into an `UploadCatalog`.
public enum ManifestLoader {
    /// Far above what `build` writes (a request holds at most 200 contexts; a thumbnail
    /// is at most 330 × 330 pixels), so only a file that is not the build's hits them.
    static let jsonLimit = 64 << 20
    static let thumbnailLimit = 16 << 20

    /// Every file it reads must be one `build` writes: the manifest and the requests
    /// inside `OUTPUT/catalog`, the thumbnails inside `OUTPUT/thumbnails`, each a regular
    /// file after every symbolic link. Anything else is an error before any request is
    /// sent and before the key is read.
    public static func load(outputDirectory: URL) throws -> UploadCatalog {
        let catalogDirectory = outputDirectory.appendingPathComponent("catalog")
        let manifestFile = catalogDirectory.appendingPathComponent("manifest.json")
        let manifest = try parse(try readManifest(outputDirectory), file: manifestFile)
        guard let bundle = manifest["bundleIdentifier"]?.stringValue else {
            throw UploadError.badInput(manifestFile.path, "it has no bundleIdentifier")
        }
        let requestNames = try strings(manifest["contextRequests"], file: manifestFile, field: "contextRequests")
        var contexts: [ContextItem] = []
        for (index, name) in requestNames.enumerated() {
            let (file, data) = try readNamed(name, entry: "contextRequests[\(index)]", folder: "catalog",
                                             limit: jsonLimit, output: outputDirectory)
            contexts += try contextItems(in: try parse(data, file: file), file: file)
        }
        try checkOrder(contexts, file: manifestFile)
        // A count that disagrees means a request file is missing or from another build.
        if let expected = manifest["contextCount"]?.intValue, expected != contexts.count {
            throw UploadError.badInput(manifestFile.path, "contextCount is \(expected) but the requests hold \(contexts.count) contexts; run `catalog-build build` again")
        }
        let thumbnails = try (manifest["thumbnails"]?.arrayValue ?? []).enumerated().map {
            try thumbnail($0.element, index: $0.offset, output: outputDirectory)
        }
        return UploadCatalog(bundleIdentifier: bundle, contexts: contexts, thumbnails: thumbnails)
    }

    private static func readManifest(_ output: URL) throws -> Data {
        let catalog = output.appendingPathComponent("catalog")
        let file = catalog.appendingPathComponent("manifest.json")
        do {
            return try ContainedFile.read(try ContainedFile.resolve("manifest.json", from: catalog, inside: "catalog", of: output),
                                          limit: jsonLimit)
        } catch .missing {
            throw UploadError.badInput(file.path, "it cannot be read; run `catalog-build build` first")
        } catch {
            throw UploadError.badInput(file.path, "it \(error.reason(in: catalog.path)); run `catalog-build build` again")
        }
    }

    /// A file the manifest names, refused unless it is one `build` wrote in `folder`.
    static func readNamed(_ name: String, entry: String, folder: String, limit: Int, output: URL) throws -> (URL, Data) {
        let base = output.appendingPathComponent("catalog")
        do {
            let file = try ContainedFile.resolve(name, from: base, inside: folder, of: output)
            return (file, try ContainedFile.read(file, limit: limit))
        } catch {
            let manifest = base.appendingPathComponent("manifest.json")
            throw UploadError.badInput(manifest.path, "\(entry) names \(JSON.string(name).serialized()), which "
                + error.reason(in: output.appendingPathComponent(folder).path)
                + "; upload sends only the files `catalog-build build` writes there: run `catalog-build build` again")
        }
    }

    private static func parse(_ data: Data, file: URL) throws -> JSON {
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

    /// Also checks that the bytes are the image the manifest says: a PNG or a JPEG
    /// whose signature matches its contentType.
    private static func thumbnail(_ entry: JSON, index: Int, output: URL) throws -> ThumbnailItem {
        let manifestFile = output.appendingPathComponent("catalog/manifest.json")
        guard let id = entry["thumbnailId"]?.stringValue, let path = entry["path"]?.stringValue else {
            throw UploadError.badInput(manifestFile.path, "thumbnails[\(index)] lacks thumbnailId or path")
        }
        let label = "thumbnails[\(index)] (thumbnailId \(JSON.string(id).serialized()))"
        let (file, bytes) = try readNamed(path, entry: label, folder: "thumbnails", limit: thumbnailLimit, output: output)
        if let size = entry["bytes"]?.intValue, size != bytes.count {
            throw UploadError.badInput(file.path, "thumbnail \(id) has \(bytes.count) bytes, the manifest says \(size)")
        }
        let type = entry["contentType"]?.stringValue ?? (id.hasSuffix(".png") ? "image/png" : "image/jpeg")
        let found = ImageSniffer.contentType(of: bytes)
        guard found == type else {
            throw UploadError.badInput(manifestFile.path, "\(label) has contentType \(JSON.string(type).serialized()) but "
                + "\(file.path) holds \(found ?? "neither a PNG nor a JPEG image"); run `catalog-build build` again")
        }
        return ThumbnailItem(thumbnailId: id, file: file, contentType: type, sha256: Digest.hex(bytes))
    }
}
