/// The keys of a map so far: a list searched in order while the map is small (front
/// matter has a dozen keys, and hashing each cost more), a set once it is not (50,000 keys
/// took 9 s searched in a list).
struct SmallKeySet<Key: Hashable> {
    private var list: [Key] = []
    private var set: Set<Key>?

    /// Adds `key`; false when the map already has it.
    mutating func insert(_ key: Key) -> Bool {
        if let inserted = set?.insert(key).inserted { return inserted }
        guard !list.contains(key) else { return false }
        list.append(key)
        if list.count > 32 {
            set = Set(list)
            list = []
        }
        return true
    }
}
