import Foundation

/// `identifier-changed`: a context the last build wrote is gone, and a new one with the
/// same title (in the default locale) is under the same parent, as after renaming its
/// file or folder. Apple knows contexts by identifier path, so teachers' assignments would
/// point at the old one; the warning names the front matter line that keeps it.
///
/// The last build's contexts are read back from its payloads in the output (the only
/// record of their titles). That costs a parse of every request, so it is done only when
/// the build state shows a content file or folder gone since the last build (a rename
/// is one), or when there is no build state to tell.
enum IdentifierChanges {
    static func diagnostics(model: CatalogModel, output: URL, incremental: IncrementalBuild) -> [Diagnostic] {
        guard incremental.lostInputs, let previous = PreviousContexts(output: output) else { return [] }
        return diagnostics(model: model, previous: previous)
    }

    static func diagnostics(model: CatalogModel, previous: PreviousContexts) -> [Diagnostic] {
        let current = Set(model.contexts.map(\.identifierPath))
        // The contexts that are gone, by parent and title, oldest identifier first.
        var gone: [Place: [String]] = [:]
        for (path, title) in previous.titles.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) })
        where path.count > 1 && !current.contains(path) {
            gone[Place(parent: Array(path.dropLast()), title: title), default: []].append(path[path.count - 1])
        }
        guard !gone.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        for context in model.contexts where previous.titles[context.identifierPath] == nil {
            guard let title = context.versions[model.app.defaultLocale]?.title else { continue }
            let place = Place(parent: Array(context.identifierPath.dropLast()), title: title)
            guard let old = gone[place]?.first else { continue }
            gone[place]?.removeFirst()
            diagnostics.append(warning(context, old: old))
        }
        return diagnostics
    }

    private static func warning(_ context: ContextNode, old: String) -> Diagnostic {
        let new = JSON.string(context.identifier).serialized(), kept = JSON.string(old).serialized()
        return Diagnostic("identifier-changed", at: context.source.location(),
                          "the identifier of this context changed from \(kept) in the last build to \(new), so Apple "
                          + "sees a new context and teachers' assignments keep pointing at the old one; to keep it, "
                          + "add `identifier: \(kept)` to the front matter")
    }

    private struct Place: Hashable {
        var parent: [String]
        var title: String
    }
}

/// The contexts the last build wrote into `OUTPUT/catalog`: each identifier path (the
/// app's included) with its title in the default locale.
struct PreviousContexts {
    var titles: [[String]: String]

    init(titles: [[String]: String]) { self.titles = titles }

    /// Nil when the output holds no readable payloads.
    init?(output: URL) {
        guard let manifest = Self.read("manifest.json", output: output),
              let defaultLocale = manifest["defaultLocale"]?.stringValue,
              let requests = manifest["contextRequests"]?.arrayValue else { return nil }
        var titles: [[String]: String] = [:]
        for name in requests.compactMap(\.stringValue) {
            guard let request = Self.read(name, output: output) else { return nil }
            for entry in request["contexts"]?.arrayValue ?? [] where entry["metadata"]?["locale"]?.stringValue == defaultLocale {
                let path = entry["data"]?["identifierPath"]?.arrayValue?.compactMap(\.stringValue) ?? []
                if let title = entry["data"]?["title"]?.stringValue, !path.isEmpty { titles[path] = title }
            }
        }
        self.titles = titles
    }

    /// A file of `OUTPUT/catalog`, read as `upload` reads it (`ManifestLoader.readNamed`).
    private static func read(_ name: String, output: URL) -> JSON? {
        guard let (_, data) = try? ManifestLoader.readNamed(name, entry: name, folder: "catalog",
                                                             limit: ManifestLoader.jsonLimit, output: output) else { return nil }
        return try? JSONReader.parse(data)
    }
}

extension IncrementalBuild {
    /// True when a content file or folder the last build read is gone (or there is no
    /// record of the last build): only then can a context have lost its identifier.
    var lostInputs: Bool {
        guard let previous else { return true }
        return previous.inputs.keys.contains { inputs[$0] == nil }
    }
}
