/// A value read from YAML with the position of the value.
struct Located<Value: Sendable>: Sendable {
    var value: Value
    var location: SourceLocation
}

/// A localizable value: one value for every locale, or a map of locale → value.
struct Localized<Value: Sendable & Equatable>: Sendable {
    /// The value as written without a locale map (applies to the default locale).
    var plain: Value?
    var byLocale: [LocaleID: Value]
    var location: SourceLocation

    func value(for locale: LocaleID, defaultLocale: LocaleID) -> Value? {
        byLocale[locale] ?? (locale == defaultLocale ? plain : nil)
    }

    /// The default locale's value: the plain value or the map's entry for it.
    func defaultValue(_ defaultLocale: LocaleID) -> Value? {
        plain ?? byLocale[defaultLocale]
    }

    var isLocaleMap: Bool { plain == nil }

    /// True when nothing could be read: no plain value and no locale entry.
    var isEmpty: Bool { plain == nil && byLocale.isEmpty }
}

extension Located: Equatable where Value: Equatable {}
extension Localized: Equatable {}
