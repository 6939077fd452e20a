/// A context's versions, one per locale it is published in: what a dictionary keyed by
/// locale gives, in an array of exactly their number. A context has a handful of
/// locales, so a lookup scans them; a dictionary of 11 versions took the room of 16
/// (80 MB of the model at 250,000 versions, a third of it empty).
public struct LocaleVersions: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: LocaleID, value: ContextVersion)
    private var entries: [Element]

    public init() { entries = [] }

    /// Room for `capacity` versions: added one by one, the array would grow by doubling
    /// (to 16 for 11 locales, as much as the dictionary it replaced).
    init(capacity: Int) {
        entries = []
        entries.reserveCapacity(capacity)
    }

    /// The versions in the order `versions` lists them (`ContextLocales` gives the app's
    /// locale order).
    init(_ versions: [Element]) {
        entries = []
        entries.reserveCapacity(versions.count)
        for (locale, version) in versions { self[locale] = version }
    }

    /// A dictionary's versions, by locale (a dictionary has no order of its own).
    public init(_ versions: [LocaleID: ContextVersion]) {
        self.init(versions.sorted { $0.key < $1.key })
    }

    public init(dictionaryLiteral elements: (LocaleID, ContextVersion)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }

    public subscript(locale: LocaleID) -> ContextVersion? {
        get { index(forKey: locale).map { entries[$0].value } }
        set {
            switch (index(forKey: locale), newValue) {
            case (let found?, let version?): entries[found].value = version
            case (let found?, nil): entries.remove(at: found)
            case (nil, let version?): entries.append((locale, version))
            case (nil, nil): break
            }
        }
    }

    /// Where the locale's version is in `values`, nil when the context is not in it.
    /// (`entries[index].key` in a loop over the indices copied each whole entry: 10% more
    /// CPU at 250,000 versions than this.)
    public func index(forKey locale: LocaleID) -> Int? {
        entries.firstIndex { $0.key == locale }
    }

    /// Whether the context has a version in `locale`, without copying it.
    public func contains(_ locale: LocaleID) -> Bool { index(forKey: locale) != nil }

    public var keys: [LocaleID] { entries.map(\.key) }
    /// The versions, without an array of them made (`values[index(forKey: locale)]`).
    public var values: Values { Values(entries: entries) }
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    public func makeIterator() -> IndexingIterator<[Element]> { entries.makeIterator() }
}

extension LocaleVersions {
    public struct Values: RandomAccessCollection, Sendable {
        fileprivate let entries: [Element]
        public var startIndex: Int { entries.startIndex }
        public var endIndex: Int { entries.endIndex }
        // A plain getter: a `_read` that yields the tuple's element crashed the release
        // compiler (Swift 6.3, an ownership error in the optimized caller).
        public subscript(position: Int) -> ContextVersion { entries[position].value }
    }
}
