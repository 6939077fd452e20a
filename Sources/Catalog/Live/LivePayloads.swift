import Foundation

/// What one context version's payload is made of: `ContextPayload.context` reads nothing
/// else (the version's body is left out: no payload has it).
struct PayloadInput: Equatable, Sendable {
    enum Source: Equatable, Sendable {
        /// The app's payload itself, which is cheap to make.
        case app(LocaleID, JSON)
        case context(PayloadFacts, ContextVersion, thumbnailId: String?)
    }

    var source: Source
    /// Where to find the context in the model, to make the payload (not compared; set
    /// for every `.context`).
    var context: Int?

    static func == (lhs: PayloadInput, rhs: PayloadInput) -> Bool { lhs.source == rhs.source }
}

/// The locale-independent fields of a context that its payload has.
struct PayloadFacts: Equatable, Sendable {
    var identifierPath: [String]
    var type: ContextType
    var displayOrder: Int
    var topic: Topic?
    var suggestedAge: ClosedIntRange?
    var suggestedCompletionTime: ClosedIntRange?
    var isAssignable: Bool
    var universalLinkURL: String?
    var minimumBundleVersion: String?
    var standardsAlignments: [String]

    init(_ node: ContextNode) {
        identifierPath = node.identifierPath
        type = node.type
        displayOrder = node.displayOrder
        topic = node.topic
        suggestedAge = node.suggestedAge
        suggestedCompletionTime = node.suggestedCompletionTime
        isAssignable = node.isAssignable
        universalLinkURL = node.universalLinkURL
        minimumBundleVersion = node.minimumBundleVersion
        standardsAlignments = node.standardsAlignments
    }
}

/// `PayloadWriter.write` for a long-lived build (`serve`): each request file is kept with
/// the inputs of its contexts and each context's printed item, and made again only when
/// one of them changed (or moved into another request); a patch prints again only the
/// changed contexts' items and joins the others as they were. The list and its order are
/// `PayloadPlan`'s.
final class PayloadMemo: Sendable {
    private struct Request: Sendable {
        var inputs: [PayloadInput]
        /// Each input's item (`PayloadWriter.requestItem`), which `body` joins. The body
        /// itself is not kept: joining costs a copy, keeping it as much memory again.
        var items: [[UInt8]]

        var body: Data { PayloadWriter.requestBody(items: items) }
    }

    /// A context's item, kept at its exact size (it is printed into 2 kB reserved).
    private static func item(_ payload: ContextPayload) -> [UInt8] {
        PayloadWriter.requestItem(payload).withUnsafeBufferPointer { Array($0) }
    }

    private let requests = Locked<[Request]>([])

    /// Returns the number of context versions written.
    func write(model: CatalogModel, thumbnails: ThumbnailSet, to sink: some OutputSink) throws -> Int {
        let inputs = Self.inputs(model, thumbnails: thumbnails)
        let batches = PayloadPlan.batches(inputs)
        let previous = requests.withLock { $0 }
        let made = ConcurrentMap.map(Array(batches.enumerated())) { number, batch -> Request in
            if number < previous.count, previous[number].inputs.elementsEqual(batch) { return previous[number] }
            return Request(inputs: Array(batch), items: Self.payloads(batch, model: model).map(Self.item))
        }
        requests.withLock { $0 = made }
        let names = batches.indices.map { PayloadPlan.requestFileName($0 + 1) }
        for (index, name) in names.enumerated() { try sink.write("catalog/" + name, made[index].body) }
        try sink.write("catalog/manifest.json", PayloadWriter.manifest(model: model, thumbnails: thumbnails,
                                                                       count: inputs.count, names: names))
        return inputs.count
    }

    /// The request files holding the versions of one context whose fields changed (the
    /// same versions, so every request keeps its place), made again from `model`: path →
    /// bytes. Nil when the last `write` is not known.
    func patch(context: Int, model: CatalogModel, thumbnails: ThumbnailSet) -> [String: Data]? {
        requests.withLock { requests -> [String: Data]? in
            guard !requests.isEmpty else { return nil }
            let facts = PayloadFacts(model.contexts[context])
            var files: [String: Data] = [:]
            for number in requests.indices where requests[number].inputs.contains(where: { $0.context == context }) {
                var (inputs, items) = (requests[number].inputs, requests[number].items)
                var changed = false
                for slot in inputs.indices where inputs[slot].context == context {
                    guard case .context(_, let old, _) = inputs[slot].source,
                          let input = Self.input(model.contexts[context], context, facts: facts, locale: old.locale,
                                                 thumbnails: thumbnails) else { return nil }
                    guard input != inputs[slot] else { continue }
                    inputs[slot] = input
                    items[slot] = Self.item(Self.payloads(inputs[slot...slot], model: model)[0])
                    changed = true
                }
                guard changed else { continue }
                requests[number] = Request(inputs: inputs, items: items)
                files["catalog/" + PayloadPlan.requestFileName(number + 1)] = requests[number].body
            }
            return files
        }
    }

    /// Every version in upload order, as `PayloadPlan` lists them.
    private static func inputs(_ model: CatalogModel, thumbnails: ThumbnailSet) -> [PayloadInput] {
        var list = model.app.locales.map { PayloadInput(source: .app($0, ContextPayload.app(model.app, locale: $0).json)) }
        for (index, node) in model.contexts.enumerated() {
            let facts = PayloadFacts(node)
            for locale in model.app.locales {
                guard let input = input(node, index, facts: facts, locale: locale, thumbnails: thumbnails) else { continue }
                list.append(input)
            }
        }
        return list
    }

    private static func input(_ node: ContextNode, _ index: Int, facts: PayloadFacts, locale: LocaleID,
                              thumbnails: ThumbnailSet) -> PayloadInput? {
        guard var version = node.versions[locale] else { return nil }
        version.body = nil
        let thumbnail = thumbnails.byContext[index]?.thumbnailId
        return PayloadInput(source: .context(facts, version, thumbnailId: thumbnail), context: index)
    }

    private static func payloads(_ batch: ArraySlice<PayloadInput>, model: CatalogModel) -> [ContextPayload] {
        batch.map { input in
            switch input.source {
            case .app(let locale, let json):
                return ContextPayload(identifierPath: model.app.identifierPath, locale: locale, json: json)
            case .context(_, let version, let thumbnailId):
                return .context(model.contexts[input.context ?? 0], version: version, thumbnailId: thumbnailId)
            }
        }
    }
}
