import Foundation
import PropertyBased
import Testing
@testable import Catalog

/// Random trees of up to 5,000 contexts and 8 levels: batching keeps every
/// (identifierPath, locale) exactly once, parents first, never more than 200 per request.
@Suite struct BatchingPropertyTests {
    static func model(count: Int, seed: UInt64) -> CatalogModel {
        var rng = SplitMix(seed: seed)
        let locales = [LocaleID(rawValue: "en-us"), LocaleID(rawValue: "es-us"), LocaleID(rawValue: "ja-jp")]
        let file = SourceFile(relativePath: "x.md", displayPath: "x.md")
        var app = AppContext(bundleIdentifier: "com.example.app", defaultLocale: locales[0], locales: locales,
                             title: Dictionary(uniqueKeysWithValues: locales.map { ($0, "App") }), source: file)
        var nodes: [ContextNode] = []
        var candidates: [Int] = []  // nodes whose depth allows one more level (≤ 7 below the app)
        for index in 0..<count {
            let parent: Int? = candidates.isEmpty || rng.next() % 5 == 0 ? nil : candidates[Int(rng.next() % UInt64(candidates.count))]
            let path = (parent.map { nodes[$0].identifierPath } ?? [app.bundleIdentifier]) + ["c\(index)"]
            let parentLocales = parent.map { Set(nodes[$0].versions.keys) } ?? Set(locales)
            var versions = LocaleVersions()
            for locale in locales where parentLocales.contains(locale) && (locale == locales[0] || rng.next() % 3 != 0) {
                versions[locale] = ContextVersion(locale: locale, title: "T\(index)")
            }
            nodes.append(ContextNode(identifier: "c\(index)", identifierPath: path, type: .section, source: file,
                                     isDirectory: false, versions: versions, parent: parent))
            if let parent { nodes[parent].children.append(index) } else { app.children.append(index) }
            if path.count < 8 { candidates.append(index) }
        }
        return CatalogModel(app: app, contexts: preOrder(nodes, roots: app.children, app: app))
    }

    /// Re-indexes nodes in pre-order, as the loader lays them out.
    static func preOrder(_ nodes: [ContextNode], roots: [Int], app: AppContext) -> [ContextNode] {
        var order: [Int] = []
        func visit(_ index: Int) { order.append(index); nodes[index].children.forEach(visit) }
        roots.forEach(visit)
        let newIndex = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        return order.map { old in
            var node = nodes[old]
            node.parent = node.parent.flatMap { newIndex[$0] }
            node.children = node.children.compactMap { newIndex[$0] }
            return node
        }
    }

    @Test func batchesKeepEveryVersionOnceParentsFirstAtMost200() async {
        await propertyCheck(count: 40, input: Gen.int(in: 1...5000), Gen.int(in: 0...Int.max)) { count, seed in
            let model = Self.model(count: count, seed: UInt64(seed))
            let plan = PayloadPlan(model: model, thumbnails: ThumbnailSet())
            let batches = PayloadPlan.batches(plan.contexts)
            #expect(batches.allSatisfy { $0.count <= 200 && !$0.isEmpty })
            // Checked in plain code and expected once: recording an expectation per context is slow.
            var seen = Set<String>(), problems: [String] = []
            for batch in batches {
                for context in batch {
                    let key = context.identifierPath.joined(separator: "/") + "|" + context.locale.rawValue
                    if !seen.insert(key).inserted { problems.append("\(key) appears twice") }
                    if context.identifierPath.count > 1 {
                        let parentKey = context.identifierPath.dropLast().joined(separator: "/") + "|" + context.locale.rawValue
                        if !seen.contains(parentKey) { problems.append("\(key) comes before its parent") }
                    }
                }
            }
            #expect(problems.isEmpty, "\(problems.prefix(5))")
            let expected = model.app.locales.count + model.contexts.reduce(0) { $0 + $1.versions.count }
            #expect(seen.count == expected)
            #expect(model.contexts.allSatisfy { $0.identifierPath.count <= 8 })
        }
    }
}

/// A request body joined from its items (what `PayloadMemo` keeps) is the JSON printer's,
/// byte for byte: empty, one item, a full request, with text that needs escaping.
@Test func requestBodyJoinedFromItemsEqualsThePrintedRequest() async {
    await propertyCheck(count: 20, input: Gen.int(in: 0...400), Gen.int(in: 0...Int.max)) { count, seed in
        var model = BatchingPropertyTests.model(count: count, seed: UInt64(seed))
        if !model.contexts.isEmpty { model.contexts[0].versions[model.app.defaultLocale]?.summary = "Quote \" tab\t é\n" }
        let plan = PayloadPlan(model: model, thumbnails: ThumbnailSet())
        for batch in PayloadPlan.batches(plan.contexts) + [plan.contexts[0..<0]] {
            let printed = Data(utf8: JSON.fields(["contexts": .array(batch.map(\.json))]).serialized(pretty: true) + "\n")
            #expect(PayloadWriter.requestBody(items: batch.map(PayloadWriter.requestItem)) == printed)
            #expect(PayloadWriter.requestBody(batch) == printed)
        }
    }
}

/// A small deterministic generator, so that a failing seed reproduces.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
