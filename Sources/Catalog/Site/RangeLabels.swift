/// The age and completion-time labels of one locale ("9–11 years", "15–20 min"), each
/// formatted once per distinct range of the catalog: a page shows them in its facts, on
/// its card in the parent's list and in its search result, and filling a template per
/// use showed in profiles.
struct RangeLabels: Sendable {
    private var ages: [ClosedIntRange: String] = [:]
    private var times: [ClosedIntRange: String] = [:]

    init(contexts: [ContextNode], strings: InterfaceStrings) {
        for node in contexts {
            if let age = node.suggestedAge, ages[age] == nil { ages[age] = Formatting.age(age, strings) }
            if let time = node.suggestedCompletionTime, times[time] == nil {
                times[time] = Formatting.completionTime(time, strings)
            }
        }
    }

    func age(_ range: ClosedIntRange, _ strings: InterfaceStrings) -> String {
        ages[range] ?? Formatting.age(range, strings)
    }

    func completionTime(_ range: ClosedIntRange, _ strings: InterfaceStrings) -> String {
        times[range] ?? Formatting.completionTime(range, strings)
    }
}
