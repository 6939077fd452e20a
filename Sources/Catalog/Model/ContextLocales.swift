/// Which locales a context is published in, and its text in each (content-format.md §3, §5).
struct ContextLocales {
    let config: CatalogConfig

    /// A context *has* a locale when it has a translation file in it or its title is a
    /// locale map with it; the default locale it always has.
    func has(_ loaded: LoadedContext, _ locale: LocaleID) -> Bool {
        // `index(forKey:)`: `translations[locale] != nil` copied the whole translation.
        locale == config.defaultLocale || loaded.translations.index(forKey: locale) != nil
            || loaded.fields.title?.byLocale[locale] != nil
    }

    /// - Parameter parentLocales: the parent's published locales (nil under the app).
    func versions(of loaded: LoadedContext, type: ContextType, parentLocales: Set<LocaleID>?) -> LocaleVersions {
        var versions = LocaleVersions(capacity: config.locales.count)
        var shared: [ProgressCapability] = []
        for locale in config.locales {
            let hasIt = has(loaded, locale)
            if !hasIt && config.missingTranslation != .fallback && locale != config.defaultLocale { continue }
            if config.missingTranslation == .omit, let parentLocales, !parentLocales.contains(locale) { continue }
            versions[locale] = version(of: loaded, in: locale, type: type, isFallback: !hasIt, sharing: &shared)
        }
        return versions
    }

    /// - Parameter shared: the progress of the locale before. Most translations report
    ///   progress as the original does: the locales share one array rather than each keep
    ///   its own (20 MB at 250,000 versions).
    private func version(of loaded: LoadedContext, in locale: LocaleID, type: ContextType, isFallback: Bool,
                         sharing shared: inout [ProgressCapability]) -> ContextVersion {
        let fields = loaded.fields, translation = loaded.translations[locale]
        func pick<V>(_ own: Localized<V>?, _ original: Localized<V>?) -> V? {
            own?.plain ?? original?.byLocale[locale] ?? original?.defaultValue(config.defaultLocale)
        }
        let progress = progress(fields.progressReporting?.value ?? [], translation?.progressReporting?.value, locale)
        if progress != shared { shared = progress }
        return ContextVersion(
            locale: locale,
            title: pick(translation?.title, fields.title) ?? loaded.name,
            summary: pick(translation?.summary, fields.summary),
            customTypeName: type == .custom ? pick(translation?.customTypeName, fields.customTypeName) : nil,
            keywords: pick(translation?.keywords, fields.keywords) ?? [],
            progressReporting: shared,
            body: translation?.body ?? fields.body,
            isFallback: isFallback)
    }

    /// The original's kinds, with each details taken from the translation when it lists
    /// the same kind at the same place.
    private func progress(_ original: [ProgressField], _ translated: [ProgressField]?, _ locale: LocaleID) -> [ProgressCapability] {
        original.enumerated().map { offset, field in
            let own = translated.flatMap { $0.indices.contains(offset) && $0[offset].kind == field.kind ? $0[offset] : nil }
            let details = own?.details?.plain ?? field.details?.byLocale[locale]
                ?? field.details?.defaultValue(config.defaultLocale) ?? ""
            return ProgressCapability(kind: field.kind, details: details)
        }
    }
}
