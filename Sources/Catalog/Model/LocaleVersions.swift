/// A context's versions, one per locale it is published in: what a dictionary keyed by
/// locale gives, in an array of exactly their number. A context has a handful of
/// locales, so a lookup scans them; a dictionary of 11 versions took the room of 16
/// (80 MB of the model at 250,000 versions, a third of it empty).
public struct LocaleVersions: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: LocaleID, value: ContextVersion)
    /// The locales and their versions, in the same order. The locales are kept apart so
    /// that finding one reads only them: a search of `(locale, version)` pairs copied each
    /// pair it passed, retaining and releasing every field of its version.
    private var locales: [LocaleID]
    private var versions: [ContextVersion]

    public init() { (locales, versions) = ([], []) }

    /// Room for `capacity` versions: added one by one, the arrays would grow by doubling
    /// (to 16 for 11 locales, as much as the dictionary they replaced).
    init(capacity: Int) {
        self.init()
        locales.reserveCapacity(capacity)
        versions.reserveCapacity(capacity)
    }

    /// The versions in the order `versions` lists them (`ContextLocales` gives the app's
    /// locale order).
    init(_ versions: [Element]) {
        self.init(capacity: versions.count)
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
        get { index(forKey: locale).map { versions[$0] } }
        set {
            switch (index(forKey: locale), newValue) {
            case (let found?, let version?): versions[found] = version
            case (let found?, nil):
                locales.remove(at: found)
                versions.remove(at: found)
            case (nil, let version?):
                locales.append(locale)
                versions.append(version)
            case (nil, nil): break
            }
        }
    }

    /// Where the locale's version is in `values`, nil when the context is not in it.
    public func index(forKey locale: LocaleID) -> Int? {
        locales.firstIndex(of: locale)
    }

    /// Whether the context has a version in `locale`, without copying it.
    public func contains(_ locale: LocaleID) -> Bool { index(forKey: locale) != nil }

    public var keys: [LocaleID] { locales }
    /// The versions, without an array of them made (`values[index(forKey: locale)]`).
    public var values: Values { Values(versions: versions) }
    public var count: Int { locales.count }
    public var isEmpty: Bool { locales.isEmpty }

    public func makeIterator() -> Iterator { Iterator(versions: self) }

    /// Each locale with its version, in order.
    public struct Iterator: IteratorProtocol {
        fileprivate let versions: LocaleVersions
        fileprivate var position = 0

        public mutating func next() -> Element? {
            guard position < versions.count else { return nil }
            defer { position += 1 }
            return (versions.locales[position], versions.versions[position])
        }
    }
}

extension LocaleVersions {
    public struct Values: RandomAccessCollection, Sendable {
        fileprivate let versions: [ContextVersion]
        public var startIndex: Int { versions.startIndex }
        public var endIndex: Int { versions.endIndex }
        public subscript(position: Int) -> ContextVersion { versions[position] }
    }
}
