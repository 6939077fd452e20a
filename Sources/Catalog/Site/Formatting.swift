import Foundation

/// How ranges, durations and locales read on the page and in structured data.
enum Formatting {
    /// "9–11 years", "9+ years", "9 years", each in the plural form its number takes.
    static func age(_ range: ClosedIntRange, _ strings: InterfaceStrings) -> String {
        let lower = String(range.lower)
        if range.isUpperUnbounded { return strings.format("ageFrom", strings.category(range.lower), ["lower": lower]) }
        if range.lower == range.upper { return strings.format("ageExact", strings.category(range.lower), ["age": lower]) }
        return strings.format("ageRange", strings.category(range.lower, range.upper),
                              ["lower": lower, "upper": String(range.upper)])
    }

    /// "15–20 min", "1–2 h", "30+ min": hours only when every bound is whole hours.
    static func completionTime(_ range: ClosedIntRange, _ strings: InterfaceStrings) -> String {
        let bounds = range.isUpperUnbounded || range.lower == range.upper ? [range.lower] : [range.lower, range.upper]
        let inHours = bounds.allSatisfy { $0 > 0 && $0 % 60 == 0 }
        let numbers = bounds.map { inHours ? $0 / 60 : $0 }
        var value = numbers.map(String.init).joined(separator: "–")
        if range.isUpperUnbounded { value += "+" }
        let category = numbers.count == 2 ? strings.category(numbers[0], numbers[1]) : strings.category(numbers[0])
        return strings.format(inHours ? "hours" : "minutes", category, ["value": value])
    }

    /// ISO 8601 duration of a number of minutes: `PT15M`, `PT1H30M`.
    static func isoDuration(minutes: Int64) -> String {
        let hours = minutes / 60, rest = minutes % 60
        if hours == 0 { return "PT\(rest)M" }
        return rest == 0 ? "PT\(hours)H" : "PT\(hours)H\(rest)M"
    }

    /// schema.org's typicalAgeRange: `9-11`, or `9-` without an upper bound.
    static func typicalAgeRange(_ range: ClosedIntRange) -> String {
        range.isUpperUnbounded ? "\(range.lower)-" : "\(range.lower)-\(range.upper)"
    }

    /// A locale's name in its own language ("Español (Estados Unidos)"), for the switcher.
    static func localeName(_ locale: LocaleID) -> String {
        let name = localeName(locale, in: locale)
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// A locale's name in another locale's language ("inglés (Estados Unidos)").
    static func localeName(_ locale: LocaleID, in language: LocaleID) -> String {
        let identifier = locale.rawValue.replacingOccurrences(of: "-", with: "_")
        let reader = Locale(identifier: language.rawValue.replacingOccurrences(of: "-", with: "_"))
        guard let name = reader.localizedString(forIdentifier: identifier), !name.isEmpty else { return locale.rawValue }
        return name
    }
}

/// The buckets of the search page's age and time filters. An activity is in every
/// bucket its range overlaps, so "9–11 years" is found under 6–8 and 9–11 alike.
enum FilterBuckets {
    struct Bucket: Sendable {
        var id: String
        var lower: Int64
        var upper: Int64
    }

    static let ages = [
        Bucket(id: "0-5", lower: 0, upper: 5), Bucket(id: "6-8", lower: 6, upper: 8),
        Bucket(id: "9-11", lower: 9, upper: 11), Bucket(id: "12-14", lower: 12, upper: 14),
        Bucket(id: "15+", lower: 15, upper: ClosedIntRange.unboundedUpper),
    ]

    static let times = [
        Bucket(id: "0-15", lower: 0, upper: 15), Bucket(id: "16-30", lower: 16, upper: 30),
        Bucket(id: "31-60", lower: 31, upper: 60), Bucket(id: "61+", lower: 61, upper: ClosedIntRange.unboundedUpper),
    ]

    static func matching(_ range: ClosedIntRange?, in buckets: [Bucket]) -> [String] {
        guard let range else { return [] }
        return buckets.filter { $0.lower <= range.upper && range.lower <= $0.upper }.map(\.id)
    }

    static func ageLabel(_ bucket: Bucket, _ strings: InterfaceStrings) -> String {
        Formatting.age(ClosedIntRange(lower: bucket.lower, upper: bucket.upper), strings)
    }

    static func timeLabel(_ bucket: Bucket, _ strings: InterfaceStrings) -> String {
        if bucket.lower == 0 {
            let minutes = strings.format("minutes", strings.category(bucket.upper), ["value": String(bucket.upper)])
            return strings.format("timeUpTo", ["value": minutes])
        }
        if bucket.upper == ClosedIntRange.unboundedUpper {
            return strings.format("timeOver", ["value": strings.format("hours", strings.category(1), ["value": "1"])])
        }
        return strings.format("minutes", strings.category(bucket.lower - 1, bucket.upper),
                              ["value": "\(bucket.lower - 1)–\(bucket.upper)"])
    }
}
