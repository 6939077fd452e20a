import Foundation

/// Payloads: the model → ContextsRequest bodies in upload order, and the manifest.
///
/// Order: the app in every locale, then every context in pre-order (each parent before
/// its children), each followed by its other locales, in catalog.yml's locale order.
/// Requests are consecutive runs of at most 200 of that list, so a parent always lands in
/// the same or an earlier request than its children.
public struct PayloadPlan: Sendable {
    public static let maximumContextsPerRequest = 200

    /// Every context version in upload order.
    var contexts: [ContextPayload]

    init(model: CatalogModel, thumbnails: ThumbnailSet) {
        // Contexts are independent: build their JSON on every core, keep the order.
        let entries = Self.entries(model)
        contexts = ConcurrentMap.map(entries) { $0.payload(model: model, thumbnails: thumbnails) }
    }

    /// One context version in upload order, before its JSON is made.
    enum Entry: Sendable {
        case app(LocaleID)
        case context(Int, LocaleID)

        /// `PayloadWriter.requestItem(payload(…))`: a context's item is written without
        /// its `JSON` values (`ContextPayload.contextItem`).
        func item(model: CatalogModel, thumbnails: ThumbnailSet) -> [UInt8] {
            guard case .context(let index, let locale) = self else {
                return PayloadWriter.requestItem(payload(model: model, thumbnails: thumbnails))
            }
            let node = model.contexts[index]
            return ContextPayload.contextItem(node, version: node.versions[locale]!,
                                              thumbnailId: thumbnails.byContext[index]?.thumbnailId)
        }

        func payload(model: CatalogModel, thumbnails: ThumbnailSet) -> ContextPayload {
            switch self {
            case .app(let locale): return ContextPayload.app(model.app, locale: locale)
            case .context(let index, let locale):
                let node = model.contexts[index]
                return ContextPayload.context(node, version: node.versions[locale]!,
                                              thumbnailId: thumbnails.byContext[index]?.thumbnailId)
            }
        }
    }

    /// Every context version in upload order: the app in every locale, then every context
    /// (in the model's pre-order) in each of its locales, in catalog.yml's order.
    static func entries(_ model: CatalogModel) -> [Entry] {
        var entries = model.app.locales.map(Entry.app)
        for index in model.contexts.indices {
            let versions = model.contexts[index].versions
            for locale in model.app.locales where versions.contains(locale) { entries.append(.context(index, locale)) }
        }
        return entries
    }

    /// Consecutive batches of at most `size` contexts.
    static func batches<T>(_ items: [T], size: Int = maximumContextsPerRequest) -> [ArraySlice<T>] {
        stride(from: 0, to: items.count, by: size).map { items[$0..<min($0 + size, items.count)] }
    }

    static func requestFileName(_ number: Int) -> String {
        "contexts-\(String(number).leftPadded(to: 4)).json"
    }
}

/// Writes `catalog/manifest.json` and `catalog/contexts-NNNN.json` (content-format.md §6).
public enum PayloadWriter {
    /// Returns the number of context versions written.
    @discardableResult
    public static func write(model: CatalogModel, thumbnails: ThumbnailSet, to sink: some OutputSink) throws -> Int {
        try write(model: model, thumbnails: thumbnails, to: sink, concurrently: true)
    }

    /// - Parameter concurrently: false to make the requests one after another on the calling
    ///   thread, each from its own versions' JSON, dropped once written: `build` writes them
    ///   beside the site stage, which keeps the cores busy, so memory matters more there.
    static func write(model: CatalogModel, thumbnails: ThumbnailSet, to sink: some OutputSink,
                      concurrently: Bool) throws -> Int {
        let entries = PayloadPlan.entries(model)
        let batches = PayloadPlan.batches(entries)
        let names = batches.indices.map { PayloadPlan.requestFileName($0 + 1) }
        let body = { @Sendable (batch: ArraySlice<PayloadPlan.Entry>) -> Data in
            requestBody(items: batch.map { $0.item(model: model, thumbnails: thumbnails) })
        }
        if concurrently {
            // Requests are independent: serialize them on all cores, write them in order.
            let bodies = ConcurrentMap.map(batches, body)
            for (index, name) in names.enumerated() { try sink.write("catalog/" + name, bodies[index]) }
        } else {
            for (index, name) in names.enumerated() {
                try BuildCancellation.check()
                try sink.write("catalog/" + name, body(batches[index]))
            }
        }
        try sink.write("catalog/manifest.json", manifest(model: model, thumbnails: thumbnails, count: entries.count, names: names))
        return entries.count
    }

    /// One ContextsRequest body.
    static func requestBody(_ batch: ArraySlice<ContextPayload>) -> Data {
        requestBody(items: batch.map(requestItem))
    }

    /// How deep an item is in its request body (in `contexts`' list).
    static let itemIndent = 2

    /// One context version as a request body prints it, indented for its place in the list.
    static func requestItem(_ payload: ContextPayload) -> [UInt8] {
        payload.json.serializedUTF8(pretty: true, indent: itemIndent, capacity: 2048)
    }

    /// A request body joined from its items (`requestItem`), byte for byte what
    /// `JSON.fields(["contexts": .array(…)]).serialized(pretty: true)` and a newline print:
    /// a long-lived build (`PayloadMemo`) keeps the items and prints again only a changed one.
    static func requestBody(items: [[UInt8]]) -> Data {
        guard !items.isEmpty else { return Data("{\n  \"contexts\": []\n}\n".utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(items.reduce(32) { $0 + $1.count + 6 })
        out.append(contentsOf: "{\n  \"contexts\": [".utf8)
        for (index, item) in items.enumerated() {
            out.append(contentsOf: index == 0 ? "\n    ".utf8 : ",\n    ".utf8)
            out.append(contentsOf: item)
        }
        out.append(contentsOf: "\n  ]\n}\n".utf8)
        return Data(out)
    }

    /// `manifest.json`: the app, the request files in order and every thumbnail.
    static func manifest(model: CatalogModel, thumbnails: ThumbnailSet, count: Int, names: [String]) -> Data {
        let manifest = JSON.fields([
            "bundleIdentifier": .string(model.app.bundleIdentifier),
            "defaultLocale": .string(model.app.defaultLocale.rawValue),
            "locales": .strings(model.app.locales.map(\.rawValue)),
            "contextCount": .int(Int64(count)),
            "contextRequests": .strings(names),
            "thumbnails": .array(thumbnails.all.map { thumbnail in
                .fields([
                    "thumbnailId": .string(thumbnail.thumbnailId),
                    "path": .string("../thumbnails/" + thumbnail.thumbnailId),
                    "contentType": .string(thumbnail.contentType),
                    "bytes": .int(Int64(thumbnail.byteCount)),
                ])
            }),
        ])
        return Data(utf8: manifest.serialized(pretty: true) + "\n")
    }
}
