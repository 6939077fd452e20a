
/// The terms of one search document, as `SearchIndexBuilder.postings` counts them: those
/// in its title or keywords, and those only in its summary, body or type name. Made only
/// for a document whose terms changed: the memo keeps every document's `SearchTerms`
/// (bytes, shared with the document), which take a fraction of two `Set<String>`s.
struct DocumentTerms: Sendable, Equatable {
    var strong: Set<String>
    var weakOnly: Set<String>

    /// The document's terms come tokenized from the page's rendering, distinct and with
    /// the strong ones left out of the weak ones.
    init(_ document: SearchDocument) { self.init(document.terms) }

    init(_ terms: SearchTerms) {
        strong = Set(terms.strong)
        weakOnly = Set(terms.weak)
    }
}

/// A locale's search postings (term → ascending ids of the documents that have it strongly,
/// and of those that have it only weakly), kept by a long-lived build (`serve`).
///
/// Each document's terms are kept in its place. When the documents are the same pages in
/// the same order (an edit), the postings are updated for the documents whose terms
/// changed; otherwise (ids shift) they are assembled again from the terms. Either way
/// they equal what `SearchIndexBuilder.postings` computes from scratch.
final class SearchPostingsMemo: Sendable {
    typealias Postings = [String: ([Int], [Int])]

    private struct LocaleState: Sendable {
        var paths: [String] = []
        var terms: [SearchTerms] = []
        var postings: Postings = [:]
        /// Path → id, made by the first `update` after the paths changed.
        var ids: [String: Int] = [:]
    }

    private let state = Locked<[LocaleID: LocaleState]>([:])

    func postings(_ documents: [SearchDocument], locale: LocaleID) -> Postings {
        let previous = state.withLock { $0.removeValue(forKey: locale) } ?? LocaleState()
        let paths = documents.map(\.path)
        let terms = documents.map(\.terms)
        var postings: Postings, ids: [String: Int] = [:]
        if paths == previous.paths {
            (postings, ids) = (previous.postings, previous.ids)
            for id in terms.indices where terms[id] != previous.terms[id] {
                let (old, new) = (DocumentTerms(previous.terms[id]), DocumentTerms(terms[id]))
                if old != new { Self.update(&postings, id: id, from: old, to: new) }
            }
        } else {
            postings = Self.assemble(terms)
        }
        state.withLock { $0[locale] = LocaleState(paths: paths, terms: terms, postings: postings, ids: ids) }
        return postings
    }

    /// The postings after one document's terms changed, its path and place unchanged
    /// (nil when the memo does not know the document), and how many documents there are.
    func update(_ document: SearchDocument, locale: LocaleID) -> (postings: Postings, count: Int, changed: Set<String>)? {
        state.withLock { states -> (postings: Postings, count: Int, changed: Set<String>)? in
            // Taken out of the dictionary so that its postings are changed in place, not copied.
            guard var state = states.removeValue(forKey: locale) else { return nil }
            defer { states[locale] = state }
            if state.ids.isEmpty {
                state.ids = Dictionary(state.paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            }
            guard let id = state.ids[document.path] else { return nil }
            let (old, new) = (DocumentTerms(state.terms[id]), DocumentTerms(document))
            var changed = old.strong.symmetricDifference(new.strong)
            changed.formUnion(old.weakOnly.symmetricDifference(new.weakOnly))
            if !changed.isEmpty { Self.update(&state.postings, id: id, from: old, to: new) }
            state.terms[id] = document.terms
            return (state.postings, state.paths.count, changed)
        }
    }

    static func assemble(_ terms: [SearchTerms]) -> Postings {
        var postings: Postings = [:]
        for (id, document) in terms.enumerated() {
            for term in document.strong { postings[term, default: ([], [])].0.append(id) }
            for term in document.weak { postings[term, default: ([], [])].1.append(id) }
        }
        return postings
    }

    /// Moves one document from its old terms to its new ones, keeping every list ascending
    /// and dropping terms no document has any more.
    private static func update(_ postings: inout Postings, id: Int, from old: DocumentTerms, to new: DocumentTerms) {
        for term in old.strong.subtracting(new.strong) { edit(&postings, term) { remove(id, from: &$0.0) } }
        for term in old.weakOnly.subtracting(new.weakOnly) { edit(&postings, term) { remove(id, from: &$0.1) } }
        for term in new.strong.subtracting(old.strong) { edit(&postings, term) { insert(id, into: &$0.0) } }
        for term in new.weakOnly.subtracting(old.weakOnly) { edit(&postings, term) { insert(id, into: &$0.1) } }
    }

    private static func edit(_ postings: inout Postings, _ term: String, _ change: (inout ([Int], [Int])) -> Void) {
        var lists = postings[term] ?? ([], [])
        change(&lists)
        postings[term] = lists.0.isEmpty && lists.1.isEmpty ? nil : lists
    }

    private static func remove(_ id: Int, from list: inout [Int]) {
        let at = list.lowerBound(of: id)
        if at < list.count, list[at] == id { list.remove(at: at) }
    }

    private static func insert(_ id: Int, into list: inout [Int]) {
        let at = list.lowerBound(of: id)
        if at == list.count || list[at] != id { list.insert(id, at: at) }
    }

}

/// A locale's search shards as earlier builds serialized them, by shard key: a shard whose
/// terms and postings are equal is not written out again (comparing lists of numbers costs
/// far less than printing them). Kept by a long-lived build (`serve`).
final class ShardTextMemo: Sendable {
    private struct Entry: Sendable {
        var terms: [String]
        var lists: [([Int], [Int])]
        var text: String
    }

    private let entries = Locked<[String: Entry]>([:])
    /// The keys of the shards asked for since `restart`: a whole index's manifest order.
    private let sequence = Locked<[String]>([])

    /// A whole index is about to be sharded.
    func restart() { sequence.withLock { $0 = [] } }

    /// The shard keys of the index, in its manifest's order.
    var keys: [String] {
        get { sequence.withLock { $0 } }
        set { sequence.withLock { $0 = newValue } }
    }

    /// The terms of a shard as it was last serialized.
    func terms(of key: String) -> [String]? { entries.withLock { $0[key]?.terms } }

    /// A shard's text as it was last serialized.
    func text(of key: String) -> String? { entries.withLock { $0[key]?.text } }

    /// The shard keys of each pack file of the index, in order (`SearchIndexBuilder.pack`).
    var packs: [[String]] {
        get { packLayout.withLock { $0 } }
        set { packLayout.withLock { $0 = newValue } }
    }
    private let packLayout = Locked<[[String]]>([])

    func text(_ key: String, _ terms: [String], _ postings: [String: ([Int], [Int])], make: () -> String) -> String {
        sequence.withLock { $0.append(key) }
        let lists = terms.map { postings[$0] ?? ([], []) }
        if let entry = entries.withLock({ $0[key] }), entry.terms == terms,
           entry.lists.elementsEqual(lists, by: { $0.0 == $1.0 && $0.1 == $1.1 }) {
            return entry.text
        }
        // Printed into room reserved for the longest text the lists could make, several
        // times what they do make: the copy kept is exactly as long as the text.
        let text = String(decoding: Array(make().utf8), as: UTF8.self)
        entries.withLock { $0[key] = Entry(terms: terms, lists: lists, text: text) }
        return text
    }
}
