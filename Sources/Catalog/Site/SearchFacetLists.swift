/// A locale's filter lists: for each filter (`age`, `time`, `type`, `topic`, `progress`),
/// each value → the ascending ids of the documents that have it. Made in one pass over the
/// documents for every filter, not one pass per filter.
struct SearchFacetLists: Sendable {
    /// Each filter's values with their ids, the filters and their values in order of first
    /// appearance: a filter has a few values, found by a scan rather than by hashing.
    private var lists: [(name: String, values: [(value: String, ids: [Int])])] = []

    init() {}

    /// The lists of `documents` (ids are their indices), of every filter or of those in `names`.
    init(_ documents: [SearchDocument], names: Set<String>? = nil) {
        // By index: enumerating would copy every document (a dozen references each).
        for id in documents.indices {
            guard let names else { add(documents[id].facets, id: id); continue }
            for name in names { add(name, documents[id].facets[name] ?? [], id: id) }
        }
    }

    /// Adds document `id`, after every document with a smaller id.
    mutating func add(_ facets: [String: [String]], id: Int) {
        for (name, values) in facets { add(name, values, id: id) }
    }

    private mutating func add(_ name: String, _ values: [String], id: Int) {
        guard !values.isEmpty else { return }
        let filter = lists.firstIndex { $0.name == name } ?? {
            lists.append((name, []))
            return lists.count - 1
        }()
        for value in values {
            if let at = lists[filter].values.firstIndex(where: { $0.value == value }) {
                lists[filter].values[at].ids.append(id)
            } else {
                lists[filter].values.append((value, [id]))
            }
        }
    }

    /// `{"value":[deltas],…}`, values in order: ascending ids written as differences from
    /// the previous one, small numbers for short files.
    func json(_ name: String) -> String {
        let values = (lists.first { $0.name == name }?.values ?? []).sorted { $0.value < $1.value }
        var out = "{"
        for (index, list) in values.enumerated() {
            if index > 0 { out += "," }
            JSON.escape(list.value, into: &out)
            out += ":"
            SearchIndexBuilder.appendDeltas(list.ids, to: &out)
        }
        out += "}"
        return out
    }
}
