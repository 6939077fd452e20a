extension Array where Element: Comparable {
    /// In an ascending array, the first index whose element is not below `value` (binary
    /// search): where `value` is, or where it would be inserted.
    func lowerBound(of value: Element) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
